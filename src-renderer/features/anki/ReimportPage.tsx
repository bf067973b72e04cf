// Runs in: renderer. /vocabulary/apkg/import: bring changes made in Anki back (re-import of a Lectio package).
import { Link } from '../../lib/router';
import { Page, ProgressBar } from '../../components/Page';
import { ApkgPicker } from './FilePicker';
import { useAnki } from './store';
import { SummaryFigures } from './Summary';
import './anki.css';

export default function ReimportPage() {
  const { reimport, runReimport } = useAnki();
  const s = reimport.summary;
  return (
    <Page
      title="Bring changes back from Anki"
      subtitle="Upload a deck you exported from Lectio and studied in Anki. Edited translations, romanizations, notes and tags are applied; suspended cards mark their terms as ignored. Nothing is created or deleted."
      actions={
        <Link className="btn btn-ghost" to="/anki">
          Anki overview
        </Link>
      }
    >
      <section className="card form-grid">
        <ApkgPicker onFile={(f) => void runReimport(f)} disabled={reimport.busy} label="Drop the .apkg exported from Anki here, or choose it" />
        {reimport.busy && (
          <ProgressBar value={reimport.progress} label={reimport.progress === null ? `Applying ${reimport.fileName}…` : `Uploading ${reimport.fileName}`} />
        )}
        {reimport.error && (
          <p className="error-text" role="alert">
            {reimport.error}
          </p>
        )}
      </section>
      {s && (
        <section className="card form-grid" aria-live="polite">
          <h2>Applied {reimport.fileName}</h2>
          <SummaryFigures
            label="Re-import summary"
            figures={[
              { label: 'Notes in package', value: s.notes },
              { label: 'Updated', value: s.updated },
              { label: 'Unchanged', value: s.unchanged },
              { label: 'Demoted to ignored', value: s.demoted },
              { label: 'Skipped (no Lectio id)', value: s.skipped_no_id, warn: true },
              { label: 'Skipped (term not found)', value: s.skipped_term_not_found, warn: true },
              ...(s.skipped_tags ? [{ label: 'Tags left off (too long)', value: s.skipped_tags, warn: true }] : []),
            ]}
          />
          {s.skipped_no_id > 0 && (
            <p className="field-hint">
              Notes without a Lectio id were made in Anki. To add them as new terms, use <Link to="/anki/import-deck">Create terms from a deck</Link>.
            </p>
          )}
        </section>
      )}
    </Page>
  );
}
