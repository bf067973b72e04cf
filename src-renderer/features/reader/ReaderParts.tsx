// Runs in: renderer. The reader's static parts: the status legend and the keyboard help.
import { STATUS_DEFINITIONS, STATUS_UNKNOWN } from '../../../src-shared/contract/status';
import { useApp } from '../../stores/app';
import { UNSAVED_EDITS_SETTING } from './useWordPanel';
import { t, type MessageKey } from '../../lib/i18n';
import { statusName } from '../../lib/i18n/status';

export function Legend({ counts }: { counts: Record<number, number> }) {
  const defs = [{ status: STATUS_UNKNOWN }, ...STATUS_DEFINITIONS];
  return (
    <div className="reader-legend" aria-label={t('reader.statusLegend')}>
      {defs.map((d) => (
        <span key={d.status} className="legend-item">
          <span className="legend-swatch" data-status={d.status} />
          {statusName(d.status)}
          <span className="legend-count">{counts[d.status] ?? 0}</span>
        </span>
      ))}
    </div>
  );
}

/** Keys and catalogue keys of what they do (read at render, in the interface language of the moment). */
const KEYS: [string, MessageKey][] = [
  ['→ / j', 'reader.key.next'],
  ['← / k', 'reader.key.previous'],
  ['1–5', 'reader.key.status'],
  ['I', 'reader.key.ignore'],
  ['W', 'reader.key.wellKnown'],
  ['Enter', 'reader.key.edit'],
  ['Enter (in a field)', 'reader.key.save'],
  ['Shift+Enter (in a field)', 'reader.key.newLine'],
  ['Esc', 'reader.key.esc'],
  ['?', 'reader.key.help'],
  ['S / Shift+S', 'reader.key.speak'],
  ['G', 'reader.key.translate'],
  ['Drag / Shift+click', 'reader.key.select'],
  ['C', 'reader.key.correct'],
  ['Space', 'reader.key.play'],
  [', / .', 'reader.key.skip'],
  ['< / >', 'reader.key.rate'],
  ['[ / ] / R', 'reader.key.sentences'],
  ['T, − / +', 'reader.key.timing'],
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
    <div className="reader-keys-overlay" role="dialog" aria-label={t('reader.keyboardShortcuts2')} onClick={onClose}>
      <div className="reader-keys" onClick={(e) => e.stopPropagation()}>
        <header>
          <strong>{t('reader.keyboard')}</strong>
          <button className="btn btn-ghost btn-small" onClick={onClose} aria-label={t('reader.closeEsc')}>
            ✕
          </button>
        </header>
        <dl>
          {KEYS.map(([k, what]) => (
            <div key={k} className="reader-keys-row">
              <dt>{k}</dt>
              <dd>{t(what)}</dd>
            </div>
          ))}
        </dl>
        <label className="check">
          <input type="checkbox" checked={nextAfterStatus} onChange={(e) => onNextAfterStatus(e.target.checked)} /> {t('reader.nextAfterStatus')}
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
      <span>{t('reader.leavingTheWordPanel')}</span>
      <select value={value} onChange={(e) => void saveSetting(UNSAVED_EDITS_SETTING, e.target.value)} aria-label={t('reader.unsavedEdits')}>
        <option value="ask">{t('reader.askFirst')}</option>
        <option value="save">{t('reader.saveThem')}</option>
      </select>
    </label>
  );
}
