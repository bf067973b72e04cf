// Runs in: renderer. The reader's static parts: the status legend and the keyboard help.
import { STATUS_DEFINITIONS, STATUS_UNKNOWN } from '../../../src-shared/contract/status';

export function Legend({ counts }: { counts: Record<number, number> }) {
  const defs = [{ status: STATUS_UNKNOWN, name: 'Unknown' }, ...STATUS_DEFINITIONS];
  return (
    <div className="reader-legend" aria-label="Status legend">
      {defs.map((d) => (
        <span key={d.status} className="legend-item">
          <span className="legend-swatch" data-status={d.status} />
          {d.name}
          <span className="legend-count">{counts[d.status] ?? 0}</span>
        </span>
      ))}
    </div>
  );
}

export function KeyboardHelp() {
  return (
    <details className="reader-keys">
      <summary>Keyboard</summary>
      <dl>
        <dt>→ / j</dt>
        <dd>next unknown word</dd>
        <dt>← / k</dt>
        <dd>previous unknown word</dd>
        <dt>1–5, I, W</dt>
        <dd>set status (I ignored, W well known)</dd>
        <dt>Enter</dt>
        <dd>edit the selected word</dd>
        <dt>Esc</dt>
        <dd>close the panel</dd>
        <dt>Drag / Shift+click</dt>
        <dd>select words for a multi-word term</dd>
      </dl>
    </details>
  );
}
