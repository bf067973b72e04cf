// Runs in: renderer. The reader's book bar, shown when the open text is a chapter of a book: book title and
// chapter, previous/next chapter, and "Finish chapter" (optionally marking the remaining unknown words known, as
// Lute does), which counts the text read, moves the book's progress on and opens the next chapter. Opening a
// chapter makes it the book's current chapter (the "Continue" target) and its last-read time. It also says how many
// words stand between the learner and 95 % of the chapter's running words.
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { Link, navigate } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import './books.css';
import { t } from '../../lib/i18n';

const MARK_KEY = 'lectio.books.finishMarksKnown';

export function BookReaderBar({ textId }: { textId: number }) {
  const { data } = useCall('books.ofText', { text_id: textId });
  const book = data?.book ?? null;
  // The chapter's "learn N words to reach 95 %" as it stood when it was opened (issue 50); the book page has the list.
  const coverage = useCall('books.coverage', book ? { id: book.BkID, chapter: book.chapter, limit: 1 } : null).data;
  const [markKnown, setMarkKnown] = useState(() => localStorage.getItem(MARK_KEY) === '1');

  useEffect(() => {
    if (!book) return;
    void api.call('books.progress', { id: book.BkID, chapter: book.chapter }).catch(() => undefined);
  }, [book]);

  // "Finish chapter": counts the text read, moves the book on and opens the next chapter (errors: a toast).
  const finishing = useAction(async (shown: NonNullable<typeof book>) => {
    const last = shown.chapter >= shown.BkChapterCount;
    if (markKnown) await api.call('reader.markAllKnown', { id: textId });
    await api.call('texts.finished', { id: textId });
    await api.call('books.progress', last ? { id: shown.BkID, chapter: shown.chapter, finished: true } : { id: shown.BkID, chapter: shown.chapter + 1 });
    if (!last && shown.next_text_id) {
      toast('success', t('bookBar.chapterFinished', { chapter: shown.chapter }));
      navigate(`/read/${shown.next_text_id}`);
    } else {
      toast('success', t('bookBar.bookFinished', { title: shown.BkTitle }));
      navigate(`/book/${shown.BkID}`);
    }
  });
  const busy = finishing.busy;

  if (!book) return null;
  const last = book.chapter >= book.BkChapterCount;

  return (
    <nav className="book-reader-bar" aria-label={t('bookBar.label')}>
      <div className="book-reader-where">
        {/* The book's own page, in the interface language (not a CSS "Book ·" prefix, which stayed English). */}
        <Link to={`/book/${book.BkID}`} className="book-reader-book" title={t('panel.backToBook')}>
          ← {book.BkTitle}
        </Link>
        <span className="muted small">
          {t('books.chapterOf', { chapter: book.chapter, count: book.BkChapterCount })}
          {book.chapter_title ? ` · ${book.chapter_title}` : ''}
        </span>
        {/* Its line is kept while the figure loads, so the text below never moves when it comes. */}
        <span className="muted small book-reader-coverage" data-testid={coverage ? 'chapter-coverage' : undefined}>
          {!coverage ? '\u00a0' : coverage.n95 === 0 ? t('bookBar.known95') : t('bookBar.learnFor95', { count: coverage.n95 })}
        </span>
      </div>
      <div className="book-reader-actions">
        {book.previous_text_id ? (
          <Link className="btn btn-small" to={`/read/${book.previous_text_id}`} title={t('bookBar.previousTitle')}>
            {t('bookBar.previous')}
          </Link>
        ) : null}
        <label className="check small" title={t('bookBar.markRestTitle')}>
          <input
            type="checkbox"
            checked={markKnown}
            onChange={(e) => {
              setMarkKnown(e.target.checked);
              localStorage.setItem(MARK_KEY, e.target.checked ? '1' : '0');
            }}
          />
          {t('bookBar.markRest')}
        </label>
        <button className="btn btn-small btn-primary" disabled={busy} onClick={() => void finishing.run(book)}>
          {t(last ? 'bookBar.finishBook' : 'bookBar.finishChapter')}
        </button>
        {book.next_text_id ? (
          <Link className="btn btn-small" to={`/read/${book.next_text_id}`} title={t('bookBar.nextTitle')}>
            {t('bookBar.next')}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
