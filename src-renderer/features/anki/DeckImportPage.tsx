// Runs in: renderer. /anki/import-deck: create-only import of any deck. Steps: upload (inspect) → pick note
// type, term field, translation field and language, with a preview of the first notes → import → summary.
// The state lives in useDeckImport; this file lays the steps out.
import { LanguagePicker } from '../../components/LanguagePicker';
import { tr } from '../../lib/i18n/rich';
import { Link } from '../../lib/router';
import { Field, Page, ProgressBar } from '../../components/Page';
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
  const {
    file,
    setFile,
    inspected,
    setInspected,
    progress,
    busy,
    error,
    termField,
    setTermField,
    translationField,
    setTranslationField,
    languageId,
    setLanguageId,
    summary,
    setSummary,
    step,
    noteType,
    inspect,
    chooseNoteType,
    runImport,
    preview,
    languageName,
    languages,
  } = useDeckImport();

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
          const current = STEPS.findIndex((x) => x.id === step);
          return (
            <li key={s.id} className={i === current ? 'active' : i < current ? 'done' : undefined} aria-current={i === current ? 'step' : undefined}>
              {s.label}
            </li>
          );
        })}
      </ol>

      <section className="card form-grid">
        {file && step !== 'upload' ? (
          <div className="anki-file">
            <span>
              <strong>{file.name}</strong> · {t('anki.notes', { count: inspected?.note_count ?? 0 })} · {inspected?.collection}{' '}
              {t('anki.schema', { version: inspected?.schema_version ?? '' })}
            </span>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => (setFile(null), setInspected(null), setSummary(null))}
              disabled={busy !== null}
            >
              {t('anki.chooseAnotherFile')}
            </button>
          </div>
        ) : (
          <FileDrop accept=".apkg" testId="apkg-file" onFiles={([f]) => void inspect(f)} disabled={busy !== null} prompt={t('anki.dropAnyAnkiDeck')} />
        )}
        {busy && (
          <ProgressBar
            value={progress}
            label={
              busy === 'inspect'
                ? progress === null
                  ? t('anki.readingTheDeck')
                  : t('anki.uploading')
                : progress === null
                  ? t('anki.creatingTerms')
                  : t('anki.uploading')
            }
          />
        )}
        <ErrorLine error={error} />
        {inspected?.is_lectio_package && step === 'choose' && (
          <p className="field-hint">{tr('anki.lectioPackageHint', { link: <Link to="/vocabulary/apkg/import">{t('anki.bringChangesBack')}</Link> })}</p>
        )}
      </section>

      {inspected && noteType && step === 'choose' && (
        <section className="card form-grid" aria-label={t('anki.importChoices')}>
          <div className="anki-choices">
            <Field label={t('anki.noteType')}>
              <select className="input" value={noteType.id} onChange={(e) => chooseNoteType(Number(e.target.value))}>
                {inspected.note_types.map((nt) => (
                  <option key={nt.id} value={nt.id}>
                    {nt.name} ({t('anki.notes', { count: nt.note_count })})
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('anki.termField')} hint={t('anki.theFieldHoldingThe')}>
              <select className="input" value={termField} onChange={(e) => setTermField(e.target.value)}>
                {noteType.fields.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('anki.translationField')} hint={t('anki.optional')}>
              <select className="input" value={translationField} onChange={(e) => setTranslationField(e.target.value)}>
                <option value="">{t('anki.none')}</option>
                {noteType.fields
                  .filter((f) => f !== termField)
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
                value={languageId ?? ''}
                onChange={(id) => setLanguageId(id === '' ? null : id)}
                placeholder={languages.length === 0 ? t('anki.addALanguageFirst') : undefined}
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
                    <td className="term-col">{preview && preview.termIndex >= 0 ? sample[preview.termIndex] || '—' : '—'}</td>
                    <td>{preview && preview.translationIndex >= 0 ? sample[preview.translationIndex] || '—' : '—'}</td>
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
            <button type="button" className="btn btn-primary" onClick={() => void runImport()} disabled={busy !== null || languageId === null || !termField}>
              {t('anki.createIn', { language: languageName || '…' })} <kbd>{t('anki.ctrl')}</kbd>
            </button>
          </div>
        </section>
      )}

      {summary && (
        <section className="card form-grid" aria-live="polite">
          <h2>{t('anki.importedInto', { language: languages.find((l) => l.LgID === summary.language_id)?.LgName ?? '' })}</h2>
          <SummaryFigures
            label={t('anki.deckImportSummary')}
            figures={[
              { label: t('anki.notesOfThisType'), value: summary.notes },
              { label: t('anki.newTermsCreated'), value: summary.created },
              { label: t('anki.alreadyKnownUnchanged'), value: summary.existing },
              ...(summary.skipped_empty ? [{ label: t('anki.emptyTermField'), value: summary.skipped_empty, warn: true }] : []),
              ...(summary.skipped_too_long ? [{ label: t('anki.termTooLong'), value: summary.skipped_too_long, warn: true }] : []),
              ...Object.entries(summary.statuses).map(([status, n]) => ({ label: t('anki.createdWithStatus', { status }), value: n })),
            ]}
          />
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => setSummary(null)}>
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
