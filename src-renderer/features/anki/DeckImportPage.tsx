// Runs in: renderer. /anki/import-deck: create-only import of any deck. Steps: upload (inspect) → pick note
// type, term field, translation field and language, with a preview of the first notes → import → summary.
// The state lives in useDeckImport; this file lays the steps out.
import { LanguagePicker } from '../../components/LanguagePicker';
import { tr } from '../../lib/i18n/rich';
import { Link } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { UploadProgress } from '../../components/UploadProgress';
import { FileDrop } from '../../components/FileDrop';
import { useDeckImport, type Step } from './useDeckImport';
import { SummaryFigures } from './Summary';
import './anki.css';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

const STEPS: { id: Step; label: string }[] = [
  { id: 'upload', label: t('anki.1Upload') },
  { id: 'choose', label: t('anki.2FieldsAndLanguage') },
  { id: 'done', label: t('anki.3Summary') },
];

export default function DeckImportPage() {
  const d = useDeckImport();

  return (
    <Page
      title={t('anki.createTermsFromAn')}
      subtitle={t('anki.onlyNewTermsAre')}
      actions={
        <Link className="btn btn-ghost" to="/anki">
          {t('anki.ankiOverview')}
        </Link>
      }
    >
      <ol className="anki-steps" aria-label={t('anki.steps')}>
        {STEPS.map((s, i) => {
          const current = STEPS.findIndex((x) => x.id === d.step);
          return (
            <li key={s.id} className={i === current ? 'active' : i < current ? 'done' : undefined} aria-current={i === current ? 'step' : undefined}>
              {s.label}
            </li>
          );
        })}
      </ol>

      <section className="card form-grid">
        {d.file && d.step !== 'upload' ? (
          <div className="anki-file">
            <span>
              <strong>{d.file.name}</strong> · {t('anki.notes', { count: d.inspected?.note_count ?? 0 })} · {d.inspected?.collection}{' '}
              {t('anki.schema', { version: d.inspected?.schema_version ?? '' })}
            </span>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => (d.setFile(null), d.setInspected(null), d.setSummary(null))}
              disabled={d.upload.busy !== null}
            >
              {t('anki.chooseAnotherFile')}
            </button>
          </div>
        ) : (
          <FileDrop
            accept=".apkg"
            testId="apkg-file"
            onFiles={([f]) => void d.inspect(f)}
            disabled={d.upload.busy !== null}
            prompt={t('anki.dropAnyAnkiDeck')}
          />
        )}
        <UploadProgress upload={d.upload} working={{ inspect: t('anki.readingTheDeck'), import: t('anki.creatingTerms') }} />
        <ErrorLine error={d.upload.error} />
        {d.inspected?.is_lectio_package && d.step === 'choose' && (
          <p className="field-hint">{tr('anki.lectioPackageHint', { link: <Link to="/vocabulary/apkg/import">{t('anki.bringChangesBack')}</Link> })}</p>
        )}
      </section>

      {d.inspected && d.noteType && d.step === 'choose' && (
        <section className="card form-grid" aria-label={t('anki.importChoices')}>
          <div className="anki-choices">
            <Field label={t('anki.noteType')}>
              <select className="input" value={d.noteType.id} onChange={(e) => d.chooseNoteType(Number(e.target.value))}>
                {d.inspected.note_types.map((nt) => (
                  <option key={nt.id} value={nt.id}>
                    {nt.name} ({t('anki.notes', { count: nt.note_count })})
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('anki.termField')} hint={t('anki.theFieldHoldingThe')}>
              <select className="input" value={d.termField} onChange={(e) => d.setTermField(e.target.value)}>
                {d.noteType.fields.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('anki.translationField')} hint={t('anki.optional')}>
              <select className="input" value={d.translationField} onChange={(e) => d.setTranslationField(e.target.value)}>
                <option value="">{t('anki.none')}</option>
                {d.noteType.fields
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
                placeholder={d.languages.length === 0 ? t('anki.addALanguageFirst') : undefined}
              />
            </Field>
          </div>

          <h3>{t('anki.previewOfTheFirst')}</h3>
          {/* A note type with many or long fields scrolls inside the card instead of pushing past it. */}
          <div className="table-scroll">
            <table className="table anki-preview" aria-label={t('anki.preview')}>
              <thead>
                <tr>
                  <th>{t('anki.term')}</th>
                  <th>{t('anki.translation')}</th>
                  {d.noteType.fields.map((f) => (
                    <th key={f} className="unused">
                      {f}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.noteType.samples.map((sample, i) => (
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
              {t('anki.createIn', { language: d.languageName || '…' })} <kbd>{t('anki.ctrl')}</kbd>
            </button>
          </div>
        </section>
      )}

      {d.summary && (
        <section className="card form-grid" aria-live="polite">
          <h2>{t('anki.importedInto', { language: d.languages.find((l) => l.LgID === d.summary?.language_id)?.LgName ?? '' })}</h2>
          <SummaryFigures
            label={t('anki.deckImportSummary')}
            figures={[
              { label: t('anki.notesOfThisType'), value: d.summary.notes },
              { label: t('anki.newTermsCreated'), value: d.summary.created },
              { label: t('anki.alreadyKnownUnchanged'), value: d.summary.existing },
              ...(d.summary.skipped_empty ? [{ label: t('anki.emptyTermField'), value: d.summary.skipped_empty, warn: true }] : []),
              ...(d.summary.skipped_too_long ? [{ label: t('anki.termTooLong'), value: d.summary.skipped_too_long, warn: true }] : []),
              ...Object.entries(d.summary.statuses).map(([status, n]) => ({ label: t('anki.createdWithStatus', { status }), value: n })),
            ]}
          />
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => d.setSummary(null)}>
              {t('anki.backToTheChoices')}
            </button>
            <Link className="btn btn-ghost" to="/vocabulary">
              {t('anki.openVocabulary')}
            </Link>
          </div>
        </section>
      )}
    </Page>
  );
}
