// Runs in: renderer. Pieces the vocabulary screens share: status badge, status picker (the language select is components/LanguagePicker).
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import { t } from '../../lib/i18n';

import { statusAbbreviation as statusAbbr, statusName } from '../../lib/i18n/status';

export { statusAbbr, statusName };

export function StatusBadge({ status }: { status: number }) {
  return (
    <span className={`term-status term-status-${status}`} title={statusName(status)}>
      {statusAbbr(status)}
    </span>
  );
}

/** Segmented 1-5 / Ign / ✓ picker; keyboard: the parent page binds 1-5, i, w. */
export function StatusPicker({ value, onChange }: { value: number; onChange: (s: number) => void }) {
  return (
    <div className="status-picker" role="radiogroup" aria-label={t('terms.status')}>
      {STATUS_DEFINITIONS.map((d) => (
        <button
          type="button"
          key={d.status}
          role="radio"
          aria-checked={value === d.status}
          className={`status-option term-status-${d.status}${value === d.status ? ' selected' : ''}`}
          title={statusName(d.status)}
          // Ign and ✓ are symbols: screen readers hear the status's name.
          aria-label={d.status > 5 ? statusName(d.status) : undefined}
          onClick={() => onChange(d.status)}
        >
          {statusAbbr(d.status)}
        </button>
      ))}
    </div>
  );
}
