// Runs in: renderer. The reader's static parts: the status legend and the keyboard help.
import { STATUS_DEFINITIONS, STATUS_UNKNOWN } from '../../../src-shared/contract/status';
import { useApp } from '../../stores/app';
import { UNSAVED_EDITS_SETTING } from './WordPanel';

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

const KEYS: [string, string][] = [
  ['→ / j', 'next unknown word'],
  ['← / k', 'previous unknown word'],
  ['1–5', 'set the status of the selected word and save (also while the panel is open)'],
  ['I', 'ignore (98) and save'],
  ['W', 'well known (99) and save'],
  ['Enter', 'edit: the caret goes into Translation'],
  ['Enter (in a field)', 'save'],
  ['Shift+Enter (in a field)', 'new line'],
  ['Esc', 'leave the field / close the panel / close this help'],
  ['?', 'this help'],
  ['S / Shift+S', 'read the word / its sentence aloud (when the system has a voice)'],
  ['Drag / Shift+click', 'select words for a multi-word term'],
  ['Space', 'audio: play / pause'],
  [', / .', 'audio: back / forward 5 seconds'],
  ['< / >', 'audio: slower / faster (0.5–1.5×)'],
  ['[ / ] / R', 'audio with timings: previous / next / repeat sentence'],
  ['T, − / +', 'timing sentences: mark a start, nudge it 0.25 s'],
];

/** The keyboard help: an overlay over the text (the ? key), with the "next unknown word" option. */
export function KeyboardHelp({
  nextAfterStatus,
  onNextAfterStatus,
  onClose,
}: {
  nextAfterStatus: boolean;
  onNextAfterStatus(on: boolean): void;
  onClose(): void;
}) {
  return (
    <div className="reader-keys-overlay" role="dialog" aria-label="Keyboard shortcuts" onClick={onClose}>
      <div className="reader-keys" onClick={(e) => e.stopPropagation()}>
        <header>
          <strong>Keyboard</strong>
          <button className="btn btn-ghost btn-small" onClick={onClose} aria-label="Close (Esc)">
            ✕
          </button>
        </header>
        <dl>
          {KEYS.map(([k, what]) => (
            <div key={k} className="reader-keys-row">
              <dt>{k}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <label className="check">
          <input type="checkbox" checked={nextAfterStatus} onChange={(e) => onNextAfterStatus(e.target.checked)} /> Move to the next unknown word after setting
          a status
        </label>
        <UnsavedEditsChoice />
      </div>
    </div>
  );
}

/** What leaving the word panel with unsaved edits does: ask (the default) or save. */
function UnsavedEditsChoice() {
  const value = useApp((s) => (s.settings[UNSAVED_EDITS_SETTING] === 'save' ? 'save' : 'ask'));
  const saveSetting = useApp((s) => s.saveSetting);
  return (
    <label className="reader-keys-setting">
      <span>Leaving the word panel with unsaved edits</span>
      <select value={value} onChange={(e) => void saveSetting(UNSAVED_EDITS_SETTING, e.target.value)} aria-label="Unsaved edits">
        <option value="ask">Ask first</option>
        <option value="save">Save them</option>
      </select>
    </label>
  );
}
