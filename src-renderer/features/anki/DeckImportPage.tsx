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
  { id: 'upload', label: t('deckImport.stepUpload') },
  { id: 'choose', label: t('deckImport.stepChoose') },
  { id: 'done', label: t('deckImport.stepSummary') },
];

export default function DeckImportPage() {
  const d = useDeckImport();

  return (
    <Page
      title={t('deckImport.title')}
      subtitle={t('deckImport.subtitle')}
      actions={
        <Link className="btn btn-ghost" to="/anki">
          {t('anki.ankiOverview')}
        </Link>
      }
    >
      <ol className="anki-steps" aria-label={t('deckImport.steps')}>
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
              <strong>{d.file.name}</strong> · {t('deckImport.noteCount', { count: d.inspected?.note_count ?? 0 })} · {d.inspected?.collection}{' '}
              {t('deckImport.schemaVersion', { version: d.inspected?.schema_version ?? '' })}
            </span>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => (d.setFile(null), d.setInspected(null), d.setSummary(null))}
              disabled={d.upload.busy !== null}
            >
              {t('deckImport.chooseAnother')}
            </button>
          </div>
        ) : (
          <FileDrop
            accept=".apkg"
            testId="apkg-file"
            onFiles={([f]) => void d.inspect(f)}
            disabled={d.upload.busy !== null}
            prompt={t('deckImport.dropPrompt')}
          />
        )}
        <UploadProgress upload={d.upload} working={{ inspect: t('deckImport.reading'), import: t('deckImport.creating') }} />
        <ErrorLine error={d.upload.error} />
        {d.inspected?.is_lectio_package && d.step === 'choose' && (
          <p className="field-hint">{tr('deckImport.lectioPackageHint', { link: <Link to="/vocabulary/apkg/import">{t('anki.bringChangesBack')}</Link> })}</p>
        )}
      </section>

      {d.inspected && d.noteType && d.step === 'choose' && (
        <section className="card form-grid" aria-label={t('deckImport.choices')}>
          <div className="anki-choices">
            <Field label={t('deckImport.noteTypeLabel')}>
              <select className="input" value={d.noteType.id} onChange={(e) => d.chooseNoteType(Number(e.target.value))}>
                {d.inspected.note_types.map((nt) => (
                  <option key={nt.id} value={nt.id}>
                    {nt.name} ({t('deckImport.noteCount', { count: nt.note_count })})
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('deckImport.termFieldLabel')} hint={t('deckImport.termFieldHint')}>
              <select className="input" value={d.termField} onChange={(e) => d.setTermField(e.target.value)}>
                {d.noteType.fields.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('deckImport.translationFieldLabel')} hint={t('deckImport.translationFieldHint')}>
              <select className="input" value={d.translationField} onChange={(e) => d.setTranslationField(e.target.value)}>
                <option value="">{t('deckImport.noField')}</option>
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
              {t('deckImport.submit', { language: d.languageName || '…' })} <kbd>{t('deckImport.submitShortcut')}</kbd>
            </button>
          </div>
        </section>
      )}

      {d.summary && (
        <section className="card form-grid" aria-live="polite">
          <h2>{t('deckImport.doneHeading', { language: d.languages.find((l) => l.LgID === d.summary?.language_id)?.LgName ?? '' })}</h2>
          <SummaryFigures
            label={t('deckImport.summary')}
            figures={[
              { label: t('deckImport.summaryNotes'), value: d.summary.notes },
              { label: t('deckImport.summaryCreated'), value: d.summary.created },
              { label: t('deckImport.summaryKnown'), value: d.summary.existing },
              ...(d.summary.skipped_empty ? [{ label: t('deckImport.summaryEmptyTerm'), value: d.summary.skipped_empty, warn: true }] : []),
              ...(d.summary.skipped_too_long ? [{ label: t('deckImport.summaryTooLong'), value: d.summary.skipped_too_long, warn: true }] : []),
              ...Object.entries(d.summary.statuses).map(([status, n]) => ({ label: t('deckImport.summaryStatus', { status }), value: n })),
            ]}
          />
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => d.setSummary(null)}>
              {t('deckImport.backToChoices')}
            </button>
            <Link className="btn btn-ghost" to="/vocabulary">
              {t('deckImport.openVocabulary')}
            </Link>
          </div>
        </section>
      )}
    </Page>
  );
}
