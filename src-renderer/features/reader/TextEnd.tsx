// Runs in: renderer. The end of a text: "Mark as read" (and open the next text), "Review this text" (its
// terms in /review?text=), and reaching the end after scrolling counts as reading it (POST /texts/{id}/finished
// once per opening).
import { useEffect, useRef, type RefObject } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { Link, navigate } from '../../lib/router';
import { toast } from '../../stores/ui';

export function TextEnd({ view, scrolled }: { view: ReaderView; scrolled: RefObject<boolean> }) {
  const endRef = useRef<HTMLDivElement>(null);
  const finishedSent = useRef(false);

  async function finish(next: boolean) {
    try {
      await api.call('texts.finished', { id: view.text.TxID });
      finishedSent.current = true;
      toast('success', 'Marked as read');
      if (next && view.neighbours.next) navigate(`/read/${view.neighbours.next}`);
    } catch (err) {
      showError(err);
    }
  }

  useEffect(() => {
    const el = endRef.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((en) => en.isIntersecting) && scrolled.current && !finishedSent.current) void finish(false);
    });
    io.observe(el);
    return () => io.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  return (
    <div ref={endRef} className="reader-end card">
      <p className="muted">End of the text.</p>
      <div className="form-actions">
        <Link className="btn" to={`/review?text=${view.text.TxID}`}>
          Review this text
        </Link>
        <button className="btn" onClick={() => void finish(false)}>
          Mark as read
        </button>
        {view.neighbours.next && (
          <button className="btn btn-primary" onClick={() => void finish(true)}>
            Mark as read, next text →
          </button>
        )}
      </div>
    </div>
  );
}
