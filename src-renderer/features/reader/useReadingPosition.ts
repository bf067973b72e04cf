// Runs in: renderer. Saves the reading position (the first word in view) a moment after scrolling stops,
// and notes that the learner scrolled (reaching the end after scrolling counts as reading the text).
import { useEffect, type RefObject } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { api } from '../../api/client';
import { firstWordBelow, type RenderedText } from './TextView';

export function useReadingPosition(
  view: ReaderView | null,
  hostRef: RefObject<HTMLDivElement | null>,
  rendered: RefObject<RenderedText | null>,
  scrolled: RefObject<boolean>,
) {
  useEffect(() => {
    const host = hostRef.current?.closest('.content');
    if (!host || !view) return;
    let timer: number | undefined;
    const save = () => {
      const top = hostRef.current?.getBoundingClientRect().top ?? 0;
      const first = rendered.current && firstWordBelow(rendered.current, Math.max(top, 80));
      if (first) void api.call('texts.readingPosition', { id: view.text.TxID, position: Number(first.dataset.order) }).catch(() => undefined);
    };
    const onScroll = () => {
      scrolled.current = true;
      window.clearTimeout(timer);
      timer = window.setTimeout(save, 1500);
    };
    host.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      host.removeEventListener('scroll', onScroll);
    };
  }, [view, hostRef, rendered, scrolled]);
}
