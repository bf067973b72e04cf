// Runs in: renderer. The deck import's second step: note type, term and translation fields, the language the
// new terms go to, and a preview of the first notes.
import { LanguagePicker } from '../../components/LanguagePicker';
import { Field } from '../../components/Page';
import type { useDeckImport } from './useDeckImport';
import { t } from '../../lib/i18n';

type DeckImport = ReturnType<typeof useDeckImport>;

/** `inspected` and `noteType` are d's, passed once the page knows they are there. */
export function DeckChoices({
  d,
  inspected,
  noteType,
}: {
  d: DeckImport;
  inspected: NonNullable<DeckImport['inspected']>;
  noteType: NonNullable<DeckImport['noteType']>;
}) {
  return (
    <section className="card form-grid" aria-label={t('deckImport.choices')}>
      <div className="anki-choices">
        <Field label={t('deckImport.noteTypeLabel')}>
          <select className="input" value={noteType.id} onChange={(e) => d.chooseNoteType(Number(e.target.value))}>
            {inspected.note_types.map((nt) => (
              <option key={nt.id} value={nt.id}>
                {nt.name} ({t('deckImport.noteCount', { count: nt.note_count })})
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('deckImport.termFieldLabel')} hint={t('deckImport.termFieldHint')}>
          <select className="input" value={d.termField} onChange={(e) => d.setTermField(e.target.value)}>
            {noteType.fields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('deckImport.translationFieldLabel')} hint={t('deckImport.translationFieldHint')}>
          <select className="input" value={d.translationField} onChange={(e) => d.setTranslationField(e.target.value)}>
            <option value="">{t('deckImport.noField')}</option>
            {noteType.fields
              .filter((f) => f !== d.termField)
              .map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
          </select>
        </Field>
        <Field label={t('anki.language')}>
          <LanguagePicker
            className="input"
            value={d.languageId ?? ''}
            onChange={(id) => d.setLanguageId(id === '' ? null : id)}
            placeholder={d.languages.length === 0 ? t('deckImport.noLanguages') : undefined}
          />
        </Field>
      </div>

      <h3>{t('deckImport.previewHeading')}</h3>
      {/* A note type with many or long fields scrolls inside the card instead of pushing past it. */}
      <div className="table-scroll">
        <table className="table anki-preview" aria-label={t('deckImport.previewTable')}>
          <thead>
            <tr>
              <th>{t('deckImport.termColumn')}</th>
              <th>{t('deckImport.translationColumn')}</th>
              {noteType.fields.map((f) => (
                <th key={f} className="unused">
                  {f}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {noteType.samples.map((sample, i) => (
              <tr key={i}>
                <td className="term-col">{d.preview && d.preview.termIndex >= 0 ? sample[d.preview.termIndex] || '—' : '—'}</td>
                <td>{d.preview && d.preview.translationIndex >= 0 ? sample[d.preview.translationIndex] || '—' : '—'}</td>
                {sample.map((v, j) => (
                  <td key={j} className="unused" title={v}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void d.runImport()}
          disabled={d.upload.busy !== null || d.languageId === null || !d.termField}
        >
          {t('deckImport.submit', { language: d.languageName || '…' })} <kbd>{t('deckImport.submitShortcut')}</kbd>
        </button>
      </div>
    </section>
  );
}
