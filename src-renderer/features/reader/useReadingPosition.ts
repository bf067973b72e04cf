// Runs in: renderer. Opening a text counts as opening it (its TxOpenedAt, for Home's "Continue reading" and the
// Reader menu entry), whether or not the learner scrolls. Saves the reading position (the first word in view) a
// moment after scrolling stops, and notes that the learner scrolled (reaching the end after scrolling counts as
// reading the text).
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
  const textId = view?.text.TxID;
  const openedAt = view?.text.TxPosition ?? 0;
  useEffect(() => {
    // The saved position again: the server stamps the opening time with it.
    if (textId !== undefined) void api.call('texts.readingPosition', { id: textId, position: openedAt }).catch(() => undefined);
    // Once per text opened, not per reload of the same text's payload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [textId]);

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
