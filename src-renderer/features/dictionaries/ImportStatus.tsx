// Runs in: renderer. Progress and outcome of the dictionary import in progress: upload bar, then an
// indeterminate bar while the core unpacks and stores, then the summary (imported, skipped and why).
import { ProgressBar } from '../../components/Page';
import { useDictionaryImport } from './store';
import { formatNumber, t, type MessageKey } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

const REASONS: Record<string, MessageKey> = {
  empty_headword: 'dict.reasonEmptyHeadword',
  headword_too_long: 'dict.reasonHeadwordTooLong',
  control_characters: 'dict.reasonControl',
  empty_definition: 'dict.reasonNoDefinition',
  definition_too_long: 'dict.reasonDefinitionTooLong',
  not_an_entry: 'dict.reasonNotAnEntry',
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
            {t('dict.dismiss')}
          </button>
        )}
      </div>
      {job.phase === 'uploading' && <ProgressBar value={job.uploaded} label={t('dict.uploading')} />}
      {job.phase === 'processing' && <ProgressBar value={null} label={t('dict.readingAndStoringEntries')} />}
      {job.phase === 'failed' && <p className="error-text">{job.error}</p>}
      {s && (
        <div className="dict-summary">
          <p>
            {tr('dict.summaryImported', { count: <strong>{formatNumber(s.imported)}</strong>, name: <strong>{s.dictionary.LdName}</strong> }, s.imported)}
            {s.synonyms > 0 && t('dict.summarySynonyms', { count: s.synonyms })}
            {s.frequencies > 0 && t('dict.summaryFrequencies', { count: s.frequencies })}
            {t('dict.summaryIn', {
              time:
                s.duration_ms < 1000
                  ? `${s.duration_ms} ms`
                  : `${formatNumber(s.duration_ms / 1000, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} s`,
            })}
          </p>
          {s.skipped > 0 && (
            <p className="dict-skipped">
              {t('dict.skipped', { count: s.skipped })}{' '}
              {Object.entries(s.skipped_reasons)
                .map(([reason, n]) => `${formatNumber(n)} × ${REASONS[reason] ? t(REASONS[reason]) : reason}`)
                .join(', ')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
