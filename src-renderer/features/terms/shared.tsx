// Runs in: renderer. Pieces the vocabulary screens share: status badge, status picker, language picker.
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import { useApp } from '../../stores/app';

export const statusName = (s: number) => STATUS_DEFINITIONS.find((d) => d.status === s)?.name ?? String(s);
export const statusAbbr = (s: number) => STATUS_DEFINITIONS.find((d) => d.status === s)?.abbreviation ?? String(s);

export function StatusBadge({ status }: { status: number }) {
  return (
    <span className={`term-status term-status-${status}`} title={statusName(status)}>
      {statusAbbr(status)}
    </span>
  );
}

/** Segmented 1-5 / Ign / WKn picker; keyboard: the parent page binds 1-5, i, w. */
export function StatusPicker({ value, onChange }: { value: number; onChange: (s: number) => void }) {
  return (
    <div className="status-picker" role="radiogroup" aria-label="Status">
      {STATUS_DEFINITIONS.map((d) => (
        <button
          type="button"
          key={d.status}
          role="radio"
          aria-checked={value === d.status}
          className={`status-option term-status-${d.status}${value === d.status ? ' selected' : ''}`}
          title={d.name}
          onClick={() => onChange(d.status)}
        >
          {d.abbreviation}
        </button>
      ))}
    </div>
  );
}

export function LanguageSelect({
  value,
  onChange,
  allowAll,
  id,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  allowAll?: boolean;
  id?: string;
}) {
  const languages = useApp((s) => s.languages);
  return (
    <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} aria-label="Language">
      {allowAll && <option value="">All languages</option>}
      {!allowAll && value === null && <option value="">Choose a language</option>}
      {languages.map((l) => (
        <option key={l.LgID} value={l.LgID}>
          {l.LgName}
        </option>
      ))}
    </select>
  );
}
