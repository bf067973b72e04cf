// Runs in: renderer. Standard screen frame: title row with actions, then content.
import type { ReactNode } from 'react';
import { useTitle } from '../lib/router';
import { formatPercent, t } from '../lib/i18n';

export function Page({
  title,
  subtitle,
  actions,
  children,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  useTitle(title);
  return (
    <div className={`page${wide ? ' page-wide' : ''}`}>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          {subtitle && <p className="page-subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export function Spinner({ label = t('common.loading') }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      {label}
    </div>
  );
}

/** value in 0..1, or null for indeterminate work. */
/** `name` names a bar that shows no label (screen readers need one either way). */
export function ProgressBar({ value, label, name }: { value: number | null; label?: string; name?: string }) {
  const pct = value === null ? undefined : Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={label ?? name}>
      <div className={`progress-bar${value === null ? ' indeterminate' : ''}`} style={pct === undefined ? undefined : { width: `${pct}%` }} />
      {label && (
        <span className="progress-label">
          {label}
          {pct !== undefined ? ` ${formatPercent(pct)}` : ''}
        </span>
      )}
    </div>
  );
}

export function Field({ label, hint, children, error }: { label: string; hint?: ReactNode; children: ReactNode; error?: string }) {
  return (
    <label className={`field${error ? ' field-error' : ''}`}>
      <span className="field-label">{label}</span>
      {children}
      {hint && !error && <span className="field-hint">{hint}</span>}
      {error && <span className="field-error-text">{error}</span>}
    </label>
  );
}

/**
 * A wide table's own sideways-scrolling box (`.table-scroll`): a named region in the tab order, so a keyboard
 * can scroll it too (axe's scrollable-region-focusable) when a phone is too narrow for the table.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
