// Runs in: renderer. Progress and outcome of the dictionary import in progress: upload bar, then an
// indeterminate bar while the core unpacks and stores, then the summary (imported, skipped and why).
import { ProgressBar } from '../../components/Page';
import { useDictionaryImport } from './store';

const REASONS: Record<string, string> = {
  empty_headword: 'empty headword',
  headword_too_long: 'headword over 255 characters',
  control_characters: 'control characters in the headword',
  empty_definition: 'no definition',
  definition_too_long: 'definition over a million characters',
  not_an_entry: 'not an entry',
};

export function ImportStatus() {
  const { job, dismiss } = useDictionaryImport();
  if (!job) return null;
  const s = job.summary;
  return (
    <section className={`card dict-status dict-status-${job.phase}`} aria-live="polite" data-testid="import-status">
      <div className="card-header">
        <h2>{job.filename}</h2>
        {(job.phase === 'done' || job.phase === 'failed') && (
          <button className="btn btn-small btn-ghost" onClick={dismiss}>
            Dismiss
          </button>
        )}
      </div>
      {job.phase === 'uploading' && <ProgressBar value={job.uploaded} label="Uploading" />}
      {job.phase === 'processing' && <ProgressBar value={null} label="Reading and storing entries" />}
      {job.phase === 'failed' && <p className="error-text">{job.error}</p>}
      {s && (
        <div className="dict-summary">
          <p>
            <strong>{s.imported.toLocaleString()}</strong> headwords imported into <strong>{s.dictionary.LdName}</strong>
            {s.synonyms > 0 && <>, plus {s.synonyms.toLocaleString()} alternate spellings</>}
            {s.frequencies > 0 && <>, plus {s.frequencies.toLocaleString()} frequency ranks</>} in{' '}
            {s.duration_ms < 1000 ? `${s.duration_ms} ms` : `${(s.duration_ms / 1000).toFixed(1)} s`}.
          </p>
          {s.skipped > 0 && (
            <p className="dict-skipped">
              {s.skipped.toLocaleString()} skipped:{' '}
              {Object.entries(s.skipped_reasons)
                .map(([reason, n]) => `${n.toLocaleString()} × ${REASONS[reason] ?? reason}`)
                .join(', ')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
