// Runs in: renderer. The spoken sentence's words highlighted (class sync-current) and kept in view: shared by the
// audio sync (useSentenceSync) and the system voice's read-aloud (reader/useReadAloud), so both look the same.
import { useEffect, type MutableRefObject } from 'react';
import type { ReaderText } from '../../../src-shared/text/reader-text';

/** What the highlight needs of the reader's rendered text (its TextView fits): the word elements by item index,
 * and a way to render lazily sliced text up to a point. Declared here so listening does not import the reader. */
export interface SyncedText {
  byIndex: Map<number, HTMLElement>;
  renderThroughOrder(order: number): void;
}

/** Highlights sentence `current` (1-based order, null = none) in the rendered text while it is current. */
export function useSentenceHighlight(current: number | null, model: ReaderText | null, rendered: MutableRefObject<SyncedText | null>): void {
  useEffect(() => {
    const r = rendered.current;
    if (!r || !model || current === null) return;
    const k = current - 1;
    const { sentenceStarts, kinds } = model.tokens;
    const lastToken = (sentenceStarts[k + 1] ?? kinds.length) - 1;
    if (lastToken < 0) return;
    r.renderThroughOrder(model.order(model.itemOfTokenAt(lastToken)));
    const words: HTMLElement[] = [];
    for (const [i, el] of r.byIndex) if (model.sentence(i) === k) words.push(el);
    for (const el of words) el.classList.add('sync-current');
    const first = words[0];
    if (first) {
      const box = first.getBoundingClientRect();
      if (box.top < 80 || box.bottom > window.innerHeight - 40) first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
    return () => {
      for (const el of words) el.classList.remove('sync-current');
    };
  }, [current, model, rendered]);
}
