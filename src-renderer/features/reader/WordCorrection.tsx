// Runs in: renderer. The word panel's correction of the segmenter (issue 46): "Join into one word" for a selection
// of words, "Split word…" for a word, which shows its characters with a button between each two to choose the cuts.
// Key C does the same (useWordCorrection).
import type { ReaderView } from '../../../src-shared/contract/reader';
import { t } from '../../lib/i18n';
import type { PanelTarget } from './useWordPanel';
import { useWordCorrection } from './useWordCorrection';

interface Props {
  view: ReaderView;
  target: PanelTarget;
  /** Saved: the reader reads the text again (the server has parsed it). */
  onCorrected(): void;
}

export function WordCorrection({ view, target, onCorrected }: Props) {
  const c = useWordCorrection(view, target, onCorrected);
  if (!c.offered) return null;
  if (c.offered === 'join')
    return (
      <div className="word-correction">
        <button
          type="button"
          className="btn btn-small"
          disabled={c.busy}
          onClick={c.join}
          title={t('correction.joinTitle', { text: target.text })}
          aria-keyshortcuts="C"
        >
          {t('correction.join')} <kbd>C</kbd>
        </button>
      </div>
    );
  if (!c.cuts)
    return (
      <div className="word-correction">
        <button type="button" className="btn btn-small" onClick={c.openChooser} title={t('correction.splitTitle')} aria-keyshortcuts="C">
          {t('correction.split')} <kbd>C</kbd>
        </button>
      </div>
    );
  const cuts = c.cuts;
  return (
    <div className="word-correction word-correction-chooser" role="group" aria-label={t('correction.chooseCuts')}>
      <p className="muted small">{t('correction.chooseCuts')}</p>
      <div className="cut-chooser" lang={view.language.LgIsoCode || undefined}>
        {c.chars.map((ch, i) => (
          <span key={i} className="cut-part">
            {i > 0 && (
              <button
                type="button"
                ref={i === 1 ? c.firstGap : undefined}
                className={`cut-gap${cuts.has(i) ? ' cut-on' : ''}`}
                aria-pressed={cuts.has(i)}
                aria-label={`${t('correction.cutHere')}: ${c.chars.slice(0, i).join('')} | ${c.chars.slice(i).join('')}`}
                onClick={() => c.toggle(i)}
              />
            )}
            <span className="cut-char">{ch}</span>
          </span>
        ))}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-small" onClick={c.cancel}>
          {t('correction.cancel')} <kbd>{t('wordPanel.escKey')}</kbd>
        </button>
        <button type="button" className="btn btn-small btn-primary" disabled={c.busy || cuts.size === 0} onClick={c.split}>
          {t('correction.splitIt')} <kbd>↵</kbd>
        </button>
      </div>
    </div>
  );
}
