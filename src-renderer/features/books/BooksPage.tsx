// Runs in: renderer. /books: the caller's books as a cover grid, last read first, with a language filter,
// progress bars and "Continue"; empty state says how to add one (drop an EPUB anywhere).
import { useRef, useState } from 'react';
import type { BookListItem } from '../../../src-shared/contract/books';
import { useHotkeys } from '../../components/hotkeys';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Link, navigate } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { useApp } from '../../stores/app';
import { setPendingBookFile } from './pendingBook';
import { FileDrop, type FileChooser } from '../../components/FileDrop';
import './books.css';
import { formatPercent, t } from '../../lib/i18n';

type Sort = 'read' | 'added' | 'title';
const SORTS: Record<Sort, (a: BookListItem, b: BookListItem) => number> = {
  // The server already orders by last read (never opened last, newest first among them).
  read: () => 0,
  added: (a, b) => b.BkCreated - a.BkCreated || b.BkID - a.BkID,
  title: (a, b) => a.BkTitle.localeCompare(b.BkTitle),
};

export function BookCover({ book, size = 'grid' }: { book: Pick<BookListItem, 'BkTitle' | 'BkAuthor' | 'cover_url'>; size?: 'grid' | 'large' }) {
  if (book.cover_url) return <img className={`book-cover book-cover-${size}`} src={book.cover_url} alt="" loading="lazy" />;
  return (
    <div className={`book-cover book-cover-${size} book-cover-blank`} aria-hidden="true">
      <span className="book-cover-title">{book.BkTitle}</span>
      {book.BkAuthor && <span className="book-cover-author">{book.BkAuthor}</span>}
    </div>
  );
}

export function BookProgress({ book }: { book: Pick<BookListItem, 'BkProgress' | 'BkCurrentChapter' | 'BkChapterCount'> }) {
  const pct = Math.round(book.BkProgress * 100);
  return (
    <div className="book-progress" title={t('books.pctRead', { pct })}>
      <div className="book-progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('books.progress')}>
        <div className="book-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="small muted">
        {book.BkProgress >= 1 ? t('books.finished') : t('books.chapterOf', { chapter: book.BkCurrentChapter, count: book.BkChapterCount })} ·{' '}
        {formatPercent(pct, undefined, 0)}
      </span>
    </div>
  );
}

export default function BooksPage() {
  const languages = useApp((s) => s.languages);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [language, setLanguage] = useState<number | 'all'>('all');
  const [sort, setSort] = useState<Sort>('read');
  const chooser = useRef<FileChooser>(null);
  const { data, error } = useCall('books.list', language === 'all' ? {} : { language_id: language }, undefined, { keepData: true, toastErrors: true });
  useHotkeys({ i: () => chooser.current?.open() });

  function chosen(file: File | undefined) {
    if (!file) return;
    setPendingBookFile(file);
    navigate('/book/import');
  }

  const books = data ? [...data].sort(SORTS[sort]) : undefined;
  return (
    <Page
      title={t('books.title')}
      subtitle={books ? t('books.count', { count: books.length }) : undefined}
      actions={
        <>
          <Link className="btn" to="/book/import?text=1">
            {t('books.longText')}
          </Link>
          <FileDrop
            variant="button"
            chooserRef={chooser}
            className="btn-primary"
            prompt={t('books.import')}
            title={t('books.importTitle')}
            accept=".epub,.pdf,.fb2,.mobi,.azw3,.azw,.prc,application/epub+zip,application/pdf"
            inputLabel={t('books.epubFile')}
            onFiles={([file]) => chosen(file)}
          />
        </>
      }
    >
      <div className="library-filters">
        <select value={language} onChange={(e) => setLanguage(e.target.value === 'all' ? 'all' : Number(e.target.value))} aria-label={t('books.language')}>
          <option value="all">{t('books.allLanguages')}</option>
          {languages.map((l) => (
            <option key={l.LgID} value={l.LgID}>
              {l.LgName}
              {l.LgID === currentLanguageId ? t('books.currentSuffix') : ''}
            </option>
          ))}
        </select>
        <select value={sort} onChange={(e) => setSort(e.target.value as Sort)} aria-label={t('books.sort')}>
          <option value="read">{t('books.sortRead')}</option>
          <option value="added">{t('books.sortAdded')}</option>
          <option value="title">{t('books.sortTitle')}</option>
        </select>
      </div>
      {!books ? (
        error ? (
          <EmptyState title={t('books.cannotList')}>{error}</EmptyState>
        ) : (
          <Spinner />
        )
      ) : books.length === 0 ? (
        <EmptyState
          title={t(language === 'all' ? 'books.none' : 'books.noneInLanguage')}
          action={
            <button className="btn btn-primary" onClick={() => chooser.current?.open()}>
              {t('books.import')}
            </button>
          }
        >
          {t('books.emptyBody')}
        </EmptyState>
      ) : (
        <ul className="book-grid">
          {books.map((b) => (
            <li key={b.BkID} className="book-card card">
              <Link to={`/book/${b.BkID}`} className="book-card-link" aria-label={b.BkTitle}>
                <BookCover book={b} />
              </Link>
              <div className="book-card-body">
                <Link to={`/book/${b.BkID}`} className="book-card-title">
                  {b.BkTitle}
                </Link>
                <div className="small muted book-card-meta">
                  {b.BkAuthor && <span>{b.BkAuthor} · </span>}
                  {b.LgName} · {t('books.chapters', { count: b.BkChapterCount })}
                </div>
                <div className="small muted">{t('books.wordStats', { words: b.words, unknown: b.unknown, pct: b.known_pct })}</div>
                <BookProgress book={b} />
                {b.current_text_id && (
                  <Link className="btn btn-small btn-primary book-continue" to={`/read/${b.current_text_id}`}>
                    {t(b.BkOpenedAt ? 'books.continue' : 'books.startReading')}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
