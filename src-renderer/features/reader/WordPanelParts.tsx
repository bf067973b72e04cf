// Runs in: renderer. Pieces of the word panel kept out of WordPanel.tsx: its head (the word, what it is, speech
// and close), the status buttons, the key legend and the "More fields" fold (whether the rarely used fields are
// open is remembered per browser).
import { useState } from 'react';
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import { t } from '../../lib/i18n';
import { SpeakButtons } from './SpeakButtons';
import type { WordPanelProps } from './useWordPanel';
import { statusAbbreviation, statusName } from '../../lib/i18n/status';

const MORE_FIELDS_KEY = 'lectio.reader.moreFields';

/** Whether the word panel shows its rarely used fields (romanization, notes, tags, sentence, keys). */
export function useMoreFields(): [boolean, () => void] {
  const [more, setMore] = useState(() => localStorage.getItem(MORE_FIELDS_KEY) === '1');
  const toggle = () =>
    setMore((m) => {
      localStorage.setItem(MORE_FIELDS_KEY, m ? '0' : '1');
      return !m;
    });
  return [more, toggle];
}

const keyOf = (status: number) => (status <= 5 ? String(status) : status === 98 ? 'I' : 'W');

/** 1-5, Ign, ✓: a radio group; each button's tooltip names the status and its key. */
export function StatusButtons({ status, disabled, onPick }: { status: number; disabled: boolean; onPick(status: number): void }) {
  return (
    <div className="status-buttons" role="radiogroup" aria-label={t('wordPanel.status')}>
      {STATUS_DEFINITIONS.map((d) => {
        const name = statusName(d.status);
        return (
          <button
            key={d.status}
            role="radio"
            aria-checked={status === d.status}
            className={`status-button${status === d.status ? ' selected' : ''}`}
            data-status={d.status}
            title={d.status === 99 ? t('panel.status99Title', { name }) : `${name} (${keyOf(d.status)})`}
            // The symbols (Ign, ✓) are named by their status for screen readers; digits name themselves.
            aria-label={d.status > 5 ? name : undefined}
            aria-keyshortcuts={keyOf(d.status)}
            disabled={disabled}
            onClick={() => onPick(d.status)}
          >
            {statusAbbreviation(d.status)}
          </button>
        );
      })}
    </div>
  );
}

/** The panel's key legend (folded with the rarely used fields). */
export function PanelKeys() {
  return (
    <p className="word-panel-keys muted small">
      <kbd>1</kbd>–<kbd>5</kbd> <kbd>I</kbd> <kbd>W</kbd> {t('wordPanel.keysStatus')} · <kbd>↵</kbd> {t('wordPanel.keysSave')} · <kbd>⇧↵</kbd>{' '}
      {t('wordPanel.keysNewLine')} · <kbd>{t('wordPanel.escKey')}</kbd> {t('wordPanel.keysClose')} · <kbd>?</kbd> {t('wordPanel.keysAll')}
    </p>
  );
}

/** The word (or multi-word term) with its reading, whether it is a term yet, speech buttons (or why there are none), close. */
export function PanelHead({
  view,
  target,
  isTerm,
  voice,
  onClose,
  onTranslateSentence,
}: Pick<WordPanelProps, 'view' | 'target' | 'onClose' | 'onTranslateSentence'> & { isTerm: boolean; voice: SpeechSynthesisVoice | null }) {
  return (
    <header className="word-panel-head">
      <div>
        <div className="word-panel-word" dir={view.language.LgRightToLeft ? 'rtl' : undefined}>
          {target.text}
        </div>
        <div className="word-panel-sub">
          {target.multiword ? t('wordPanel.headingMultiword') : isTerm ? t('wordPanel.headingTerm') : t('wordPanel.headingNew')}
          {target.reading ? ` · ${target.reading}` : ''}
        </div>
      </div>
      <SpeakButtons word={target.text} sentence={target.sentence} voice={voice} language={view.language.LgName} />
      {onTranslateSentence && (
        <button className="btn btn-ghost btn-small" onClick={onTranslateSentence} aria-keyshortcuts="G" title={t('reader.translateSentence')}>
          {t('reader.translateSentenceButton')}
        </button>
      )}
      <button className="btn btn-ghost btn-small" onClick={onClose} aria-label={t('reader.closeEsc')} title={t('reader.closeEsc')}>
        ✕
      </button>
    </header>
  );
}
