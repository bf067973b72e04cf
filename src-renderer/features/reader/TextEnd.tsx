// Runs in: renderer. The end of a text: "Mark as read" (and open the next text), "Review this text" (its
// terms in /review?text=). Reaching the end after scrolling marks the text read too, with a visible note that
// can be undone (DELETE /texts/{id}/finished) — unless the learner got there faster than reading allows
// (src-shared/activity/reading-pace.ts): then it asks "Mark as read?", as LingQ does, and counts nothing by
// itself. A text already read says so. A book's chapter speaks of chapters:
// "Next chapter →" (the book's next chapter) and "← Back to the book".
import { useEffect, useRef, type RefObject } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { Link, navigate } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { useModel } from '../../lib/useModel';
import { t } from '../../lib/i18n';
import { initialTextEnd, needsMarking, nextLabelKey, onEndReached, reduceTextEnd } from './textEndModel';

export function TextEnd({ view, scrolled }: { view: ReaderView; scrolled: RefObject<boolean> }) {
  const endRef = useRef<HTMLDivElement>(null);
  const [state, dispatch, get] = useModel(reduceTextEnd, () => initialTextEnd(view.text.TxFinishedAt));
  // The text's opening (this component is keyed by the text): how long the learner has had to read it.
  const openedAt = useRef(Date.now());
  const book = useCall('books.ofText', { text_id: view.text.TxID }).data?.book ?? null;
  const next = book ? book.next_text_id : view.neighbours.next;

  async function finish(goOn: boolean, how: 'read' | 'auto' = 'read') {
    try {
      if (needsMarking(get())) await api.call('texts.finished', { id: view.text.TxID });
      dispatch({ type: 'marked', how });
      if (goOn && next) navigate(`/read/${next}`);
    } catch (err) {
      showError(err);
    }
  }

  async function undo() {
    try {
      await api.call('texts.unfinished', { id: view.text.TxID });
      dispatch({ type: 'undone' });
    } catch (err) {
      showError(err);
    }
  }

  // Reaching the end after scrolling counts as reading the text, once per opening (textEndModel.ts).
  useEffect(() => {
    const el = endRef.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((en) => en.isIntersecting)) return;
      const reached = {
        type: 'endReached',
        scrolled: !!scrolled.current,
        words: view.tokens.wordForm.length,
        seconds: (Date.now() - openedAt.current) / 1000,
      } as const;
      const what = onEndReached(get(), reached);
      dispatch(reached);
      if (what === 'mark') void finish(false, 'auto');
    });
    io.observe(el);
    return () => io.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  const read = state.read;
  return (
    <div ref={endRef} className="reader-end card">
      <p className="muted">{book ? t('panel.endOfChapter') : t('reader.endOfTheText')}</p>
      {read === 'quick' && (
        <p className="reader-read-note is-question" role="status">
          {t('reader.markAsReadQuestion')}
        </p>
      )}
      {(read === 'read' || read === 'auto') && (
        <p className="reader-read-note" role="status">
          <span aria-hidden="true">✓</span> {read === 'auto' ? t('reader.youReachedTheEnd') : t('reader.markedAsRead')}
          <button className="btn btn-small btn-ghost" onClick={() => void undo()}>
            {t('reader.undo')}
          </button>
        </p>
      )}
      <div className="form-actions reader-end-actions">
        {book && (
          <Link className="btn btn-ghost reader-end-book" to={`/book/${book.BkID}`}>
            {t('panel.backToBook')}
          </Link>
        )}
        <Link className="btn" to={`/review?text=${view.text.TxID}`}>
          {t('reader.reviewThisText')}
        </Link>
        {needsMarking(state) && (
          <button className="btn" onClick={() => void finish(false)}>
            {t('reader.markAsRead')}
          </button>
        )}
        {next && (
          <button className="btn btn-primary" onClick={() => void finish(true)}>
            {t(nextLabelKey(state, !!book))}
          </button>
        )}
      </div>
    </div>
  );
}
