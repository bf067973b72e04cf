// Runs in: renderer. The one error line under a form or a step: what went wrong, announced to screen readers
// (role="alert"); nothing when there is no error. With onRetry it offers Retry beside the message — for calls
// that reach the web, where "You seem to be offline" is usually fixed by trying again once back online.
import { t } from '../lib/i18n';

export function ErrorLine({ error, className, onRetry }: { error: string | null | undefined; className?: string; onRetry?: () => void }) {
  if (!error) return null;
  const classes = ['error-text', onRetry ? 'error-line-retry' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <p className={classes} role="alert">
      <span>{error}</span>
      {onRetry && (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </p>
  );
}
