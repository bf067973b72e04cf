// Runs in: renderer. Import results as a row of figures (warnings highlighted).
import { formatNumber } from '../../lib/i18n';
export interface Figure {
  label: string;
  value: number;
  warn?: boolean;
}

export function SummaryFigures({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <dl className="anki-summary" aria-label={label}>
      {figures.map((f) => (
        <div key={f.label} className={f.warn && f.value > 0 ? 'warn' : undefined}>
          <dt>{f.label}</dt>
          <dd>{formatNumber(f.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
