// Runs in: renderer. /book/:id: cover, metadata, progress, "Continue reading", the words to learn for 95 % / 98 %
// (CoverageList.tsx), the 50 most frequent unknown words (UnknownWords.tsx) and the chapters (ChapterTable.tsx).
import { useState } from 'react';
import { api } from '../../api/client';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { attempt } from '../../lib/errors';
import { Link, navigate, useParams } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { confirmDialog, toast } from '../../stores/ui';
import { BookCover, BookProgress } from './BooksPage';
import { BookPictures } from './BookPictures';
import { UnknownWords } from './UnknownWords';
import { CoverageList } from './CoverageList';
import './books.css';
import { formatNumber, formatPercent, t } from '../../lib/i18n';
import { ChapterTable } from './ChapterTable';

export default function BookPage() {
  const id = Number(useParams().id);
  const { data: book, error, reload } = useCall('books.get', { id }, undefined, { keepData: true });
  const [chapter, setChapter] = useState<number | null>(null);
  const [wordsVersion, setWordsVersion] = useState(0);
  const difficulty = useCall('books.difficulty', book ? { id, ...(chapter ? { chapter } : {}) } : null, undefined, { keepData: true });

  if (error && !book)
    return (
      <div className="page">
        <EmptyState
          title={t('book.cannotOpen')}
          action={
            <Link className="btn" to="/books">
              {t('book.allBooks')}
            </Link>
          }
        >
          {error}
        </EmptyState>
      </div>
    );
  if (!book) return <Spinner label={t('book.opening')} />;

  async function remove() {
    if (!book) return;
    if (
      !(await confirmDialog({
        title: t('book.deleteTitle', { title: book.BkTitle }),
        message: t('book.deleteMessage', { count: book.BkChapterCount }),
        confirmLabel: t('common.delete'),
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('books.delete', { id: book.BkID }))) === undefined) return;
    toast('success', t('book.deleted'));
    navigate('/books');
  }
  const refresh = () => {
    reload();
    difficulty.reload();
    setWordsVersion((v) => v + 1);
  };

  const current = book.chapters.find((c) => c.number === book.BkCurrentChapter) ?? book.chapters[0];
  const d = difficulty.data;
  return (
    <Page
      title={book.BkTitle}
      subtitle={[book.BkAuthor, book.LgName, t('books.chapters', { count: book.BkChapterCount })].filter(Boolean).join(' · ')}
      actions={
        <>
          <Link className="btn" to="/books">
            {t('book.allBooks')}
          </Link>
          <button className="btn btn-danger-ghost" onClick={() => void remove()}>
            {t('common.delete')}
          </button>
          {current && (
            <Link className="btn btn-primary" to={`/read/${current.text_id}`}>
              {t(book.BkOpenedAt ? 'book.continueReading' : 'books.startReading')}
            </Link>
          )}
        </>
      }
    >
      <div className="book-head">
        <BookCover book={book} size="large" />
        <div className="book-head-main">
          {book.BkDescription && <p className="book-description">{book.BkDescription}</p>}
          <BookProgress book={book} />
          <dl className="book-stats">
            <div>
              <dt>{t('book.words')}</dt>
              <dd>{formatNumber(book.words)}</dd>
            </div>
            <div>
              <dt>{t('book.unknownWords')}</dt>
              <dd>{formatNumber(book.unknown)}</dd>
            </div>
            <div>
              <dt>{t('book.coverage')}</dt>
              <dd>{formatPercent(book.known_pct)}</dd>
            </div>
          </dl>
          {current && (
            <p className="small muted">
              {t('book.currentChapter')}{' '}
              <Link to={`/read/${current.text_id}`}>
                {current.number}. {current.title}
              </Link>
            </p>
          )}
        </div>
      </div>

      <BookPictures book={book} onChanged={reload} />
      <CoverageList key={book.BkID} source={{ book: book.BkID, name: book.BkTitle }} version={wordsVersion} onAdded={refresh} />
      <section className="card book-difficulty">
        <h2>{t('book.difficulty')}</h2>
        {!d ? (
          <Spinner label={t('book.counting')} />
        ) : (
          <div className="difficulty-grid">
            <div>
              <h3>
                {t('book.wholeBook')} <span className="muted small">{t('book.runningKnown', { pct: d.book.known_pct })}</span>
              </h3>
              <UnknownWords book={book} words={d.book.top_unknown} onAdded={refresh} />
            </div>
            <div>
              <h3>
                {t('book.chapter')}{' '}
                <select value={d.chapter.number} onChange={(e) => setChapter(Number(e.target.value))} aria-label={t('book.chapterSelect')}>
                  {book.chapters.map((c) => (
                    <option key={c.number} value={c.number}>
                      {c.number}. {c.title.slice(0, 40)}
                    </option>
                  ))}
                </select>{' '}
                <span className="muted small">{t('book.pctKnown', { pct: d.chapter.known_pct })}</span>
              </h3>
              <UnknownWords book={book} words={d.chapter.top_unknown} onAdded={refresh} />
            </div>
          </div>
        )}
      </section>

      <ChapterTable book={book} />
    </Page>
  );
}
