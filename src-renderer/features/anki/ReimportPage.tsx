// Runs in: renderer. /vocabulary/apkg/import: bring changes made in Anki back (re-import of a Lectio package).
import { Link } from '../../lib/router';
import { Page, ProgressBar } from '../../components/Page';
import { FileDrop } from '../../components/FileDrop';
import { useAnki } from './store';
import { SummaryFigures } from './Summary';
import './anki.css';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';
import { ErrorLine } from '../../components/ErrorLine';

export default function ReimportPage() {
  const { reimport, runReimport } = useAnki();
  const s = reimport.summary;
  return (
    <Page
      title={t('anki.bringChangesBackFrom')}
      subtitle={t('anki.uploadADeckYou')}
      actions={
        <Link className="btn btn-ghost" to="/anki">
          {t('anki.ankiOverview')}
        </Link>
      }
    >
      <section className="card form-grid">
        <FileDrop accept=".apkg" testId="apkg-file" onFiles={([f]) => void runReimport(f)} disabled={reimport.busy} prompt={t('anki.dropTheApkgExported')} />
        {reimport.busy && (
          <ProgressBar
            value={reimport.progress}
            label={t(reimport.progress === null ? 'anki.applyingFile' : 'anki.uploadingFile', { file: reimport.fileName ?? '' })}
          />
        )}
        <ErrorLine error={reimport.error} />
      </section>
      {s && (
        <section className="card form-grid" aria-live="polite">
          <h2>{t('anki.applied', { file: reimport.fileName ?? '' })}</h2>
          <SummaryFigures
            label={t('anki.reImportSummary')}
            figures={[
              { label: t('anki.notesInPackage'), value: s.notes },
              { label: t('anki.updated'), value: s.updated },
              { label: t('anki.unchanged'), value: s.unchanged },
              { label: t('anki.demotedToIgnored'), value: s.demoted },
              { label: t('anki.skippedNoLectioId'), value: s.skipped_no_id, warn: true },
              { label: t('anki.skippedTermNotFound'), value: s.skipped_term_not_found, warn: true },
              ...(s.skipped_tags ? [{ label: t('anki.tagsLeftOffToo'), value: s.skipped_tags, warn: true }] : []),
            ]}
          />
          {s.skipped_no_id > 0 && (
            <p className="field-hint">{tr('anki.noIdHint', { link: <Link to="/anki/import-deck">{t('anki.createTermsFromA')}</Link> })}</p>
          )}
        </section>
      )}
    </Page>
  );
}
