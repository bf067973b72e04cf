// Runs in: renderer. Settings → About: the library's background jobs (work that follows a write: sends to Anki,
// lemma fills, re-parses, mails) still waiting or given up, with their last error. Empty most of the time.
import { useCall } from '../../lib/useCall';
import { t } from '../../lib/i18n';

export function JobsCard() {
  const jobs = useCall('system.jobs', {});
  const list = jobs.data?.jobs ?? [];
  return (
    <section className="card form-grid" aria-labelledby="jobs-title">
      <h2 id="jobs-title">{t('settings.jobs')}</h2>
      <p className="field-hint">{t('settings.jobsHint')}</p>
      {jobs.error && <p role="alert">{jobs.error}</p>}
      {jobs.data && list.length === 0 && <p>{t('settings.jobsNone')}</p>}
      {list.length > 0 && (
        <ul className="jobs-list">
          {list.map((j) => (
            <li key={j.id}>
              <span className="mono">{j.kind}</span> · {j.state === 'failed' ? t('settings.jobFailed') : t('settings.jobWaiting')} ·{' '}
              {t('settings.jobAttempts', { count: j.attempts })} · {new Date(j.created).toLocaleString()}
              {j.error && <div className="field-hint">{j.error}</div>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" className="btn" onClick={() => jobs.reload()} disabled={jobs.loading}>
          {t('settings.jobsReload')}
        </button>
      </p>
    </section>
  );
}
