// Runs in: renderer. The feed wizard's first step: a feed or web page address to check, the feeds a page
// announces, and the suggested feeds for the language.
import { ErrorLine } from '../../components/ErrorLine';
import { currentLocale, t } from '../../lib/i18n';
import { localizedCode } from '../../lib/i18n/server';
import type { useFeedWizard } from './useFeedWizard';

export function FeedSourceStep({ w }: { w: ReturnType<typeof useFeedWizard> }) {
  const { probe, editing } = w;
  return (
    <section className="card wizard-step" aria-labelledby="step1">
      <div className="card-header">
        <h2 id="step1">{t('feedWizard.sourceStep')}</h2>
      </div>
      <form
        className="wizard-url"
        onSubmit={(e) => {
          e.preventDefault();
          w.runProbe();
        }}
      >
        <input
          className="input"
          type="url"
          required
          placeholder={t('feedWizard.addressPlaceholder')}
          aria-label={t('feedWizard.addressLabel')}
          value={w.url}
          onChange={(e) => w.setUrl(e.target.value)}
        />
        <button className="btn btn-primary" type="submit" disabled={w.probing}>
          {w.probing ? t('feedWizard.checking') : t('feedWizard.check')}
        </button>
      </form>
      <ErrorLine error={w.probeError} onRetry={() => w.runProbe()} />
      {probe?.kind === 'page' && (
        <div className="discovered" role="status">
          <p>{localizedCode(probe.message_code, undefined, probe.message, currentLocale())}.</p>
          <ul>
            {probe.feeds.map((f) => (
              <li key={f.url}>
                <button className="btn btn-small" onClick={() => (w.setUrl(f.url), w.runProbe(f.url))}>
                  {t('feedWizard.useSuggestion')}
                </button>{' '}
                <strong>{f.title || f.url}</strong> <span className="feed-url">{f.url}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!probe && !editing && w.curated && w.curated.length > 0 && (
        <details className="curated-feeds">
          <summary>{t('feedWizard.suggestions', { count: w.curated.length })}</summary>
          <ul>
            {w.curated.map((c) => (
              <li key={c.url}>
                <button className="btn btn-small" onClick={() => (w.setUrl(c.url), w.setName(c.name), w.runProbe(c.url, true))}>
                  {t('feedWizard.useSuggestion')}
                </button>{' '}
                <strong>{c.name}</strong> <span className="feed-url">{c.description}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
