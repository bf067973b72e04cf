// Runs in: renderer. /anki/import-deck: create-only import of any deck. Steps: upload (inspect) → pick note
// type, term field, translation field and language, with a preview of the first notes → import → summary.
// The state lives in useDeckImport; this file lays the steps out (the second one is DeckChoices).
import { tr } from '../../lib/i18n/rich';
import { Link } from '../../lib/router';
import { Page } from '../../components/Page';
import { UploadProgress } from '../../components/UploadProgress';
import { FileDrop } from '../../components/FileDrop';
import { useDeckImport, type Step } from './useDeckImport';
import { SummaryFigures } from './Summary';
import './anki.css';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';
import { DeckChoices } from './DeckChoices';

// Keys, said when drawn: a label translated at import time would stay in the language the page first loaded in.
const STEPS = [
  { id: 'upload', label: 'deckImport.stepUpload' },
  { id: 'choose', label: 'deckImport.stepChoose' },
  { id: 'done', label: 'deckImport.stepSummary' },
] as const satisfies readonly { id: Step; label: string }[];

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
              {t(s.label)}
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

      {d.inspected && d.noteType && d.step === 'choose' && <DeckChoices d={d} inspected={d.inspected} noteType={d.noteType} />}

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
