// Runs in: renderer. /book/:id: cover and metadata, progress and "Continue reading", every chapter with its words,
// unknown words and known share (current chapter marked), and the difficulty preview: coverage plus the 50 most
// frequent unknown words of the book and of a chapter, each one click from a status-1 term or a dictionary lookup.
import { useState } from 'react';
import type { BookDto, UnknownWord } from '../../../src-shared/contract/books';
import { api } from '../../api/client';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { attempt } from '../../lib/errors';
import { Link, navigate, useParams } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { confirmDialog, toast } from '../../stores/ui';
import { BookCover, BookProgress } from './BooksPage';
import './books.css';

function KnownBar({ pct }: { pct: number }) {
  return (
    <div className="known-bar" title={`${pct} % of running words known`}>
      <div className="known-bar-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}

const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

function UnknownWords({ book, words, onAdded }: { book: BookDto; words: UnknownWord[]; onAdded(added: string[]): void }) {
  const [lookup, setLookup] = useState<{ word: string; text: string } | null>(null);
  if (words.length === 0) return <p className="muted small">No unknown words left here.</p>;

  async function add(list: string[]) {
    const r = await attempt(() => api.call('books.addTerms', { id: book.BkID, words: list }));
    if (!r) return;
    toast('success', r.created === 1 ? `“${list[0]}” added as learning (1)` : `${r.created} words added as learning (1)`);
    onAdded(list);
  }
  async function look(word: string) {
    const r = await attempt(() => api.call('dictionaries.lookup', { language_id: book.BkLgID, term: word }));
    if (!r) return;
    const defs = [...r.entries, ...r.lemma_entries].slice(0, 3).map((e) => plain(e.LeDefinition).slice(0, 200));
    setLookup({ word, text: defs.length ? defs.join(' · ') : 'Not in your dictionaries for this language.' });
  }

  return (
    <div>
      <ul className="unknown-words">
        {words.map((w) => (
          <li key={w.word} className="unknown-word">
            <button className="unknown-word-add" onClick={() => void add([w.word])} title={`Add “${w.word}” as a learning (1) term`}>
              {w.word} <span className="muted mono">{w.count}</span>
            </button>
            <button className="unknown-word-look" onClick={() => void look(w.word)} title={`Look up “${w.word}”`} aria-label={`Look up ${w.word}`}>
              ?
            </button>
          </li>
        ))}
      </ul>
      {lookup && (
        <p className="lookup-result small" role="status">
          <b>{lookup.word}</b>: {lookup.text}
        </p>
      )}
      <button className="btn btn-small" onClick={() => void add(words.map((w) => w.word))}>
        Add all {words.length} as learning (1)
      </button>
    </div>
  );
}

export default function BookPage() {
  const id = Number(useParams().id);
  const { data: book, error, reload } = useCall('books.get', { id }, undefined, { keepData: true });
  const [chapter, setChapter] = useState<number | null>(null);
  const difficulty = useCall('books.difficulty', book ? { id, ...(chapter ? { chapter } : {}) } : null, undefined, { keepData: true });

  if (error && !book)
    return (
      <div className="page">
        <EmptyState
          title="This book cannot be opened"
          action={
            <Link className="btn" to="/books">
              All books
            </Link>
          }
        >
          {error}
        </EmptyState>
      </div>
    );
  if (!book) return <Spinner label="Opening the book…" />;

  async function remove() {
    if (!book) return;
    if (
      !(await confirmDialog({
        title: `Delete “${book.BkTitle}”?`,
        message: `Its ${book.BkChapterCount} chapters (texts) and the cover go; your terms stay.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('books.delete', { id: book.BkID }))) === undefined) return;
    toast('success', 'Book deleted');
    navigate('/books');
  }
  const refresh = () => {
    reload();
    difficulty.reload();
  };

  const current = book.chapters.find((c) => c.number === book.BkCurrentChapter) ?? book.chapters[0];
  const d = difficulty.data;
  return (
    <Page
      title={book.BkTitle}
      subtitle={[book.BkAuthor, book.LgName, `${book.BkChapterCount} chapters`].filter(Boolean).join(' · ')}
      actions={
        <>
          <Link className="btn" to="/books">
            All books
          </Link>
          <button className="btn btn-danger-ghost" onClick={() => void remove()}>
            Delete
          </button>
          {current && (
            <Link className="btn btn-primary" to={`/read/${current.text_id}`}>
              {book.BkOpenedAt ? 'Continue reading' : 'Start reading'}
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
              <dt>Words</dt>
              <dd>{book.words.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Unknown words</dt>
              <dd>{book.unknown.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Coverage</dt>
              <dd>{book.known_pct} %</dd>
            </div>
          </dl>
          {current && (
            <p className="small muted">
              Current chapter:{' '}
              <Link to={`/read/${current.text_id}`}>
                {current.number}. {current.title}
              </Link>
            </p>
          )}
        </div>
      </div>

      <section className="card book-difficulty">
        <h2>Difficulty before you read</h2>
        {!d ? (
          <Spinner label="Counting…" />
        ) : (
          <div className="difficulty-grid">
            <div>
              <h3>
                Whole book <span className="muted small">· {d.book.known_pct} % of running words known</span>
              </h3>
              <UnknownWords book={book} words={d.book.top_unknown} onAdded={refresh} />
            </div>
            <div>
              <h3>
                Chapter{' '}
                <select value={d.chapter.number} onChange={(e) => setChapter(Number(e.target.value))} aria-label="Chapter for the unknown words">
                  {book.chapters.map((c) => (
                    <option key={c.number} value={c.number}>
                      {c.number}. {c.title.slice(0, 40)}
                    </option>
                  ))}
                </select>{' '}
                <span className="muted small">· {d.chapter.known_pct} % known</span>
              </h3>
              <UnknownWords book={book} words={d.chapter.top_unknown} onAdded={refresh} />
            </div>
          </div>
        )}
      </section>

      <table className="table book-chapters">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Chapter</th>
            <th className="num">Words</th>
            <th className="num">Unknown</th>
            <th>Known</th>
          </tr>
        </thead>
        <tbody>
          {book.chapters.map((c) => (
            <tr
              key={c.number}
              className={c.number === book.BkCurrentChapter ? 'row-current' : undefined}
              aria-current={c.number === book.BkCurrentChapter ? 'step' : undefined}
            >
              <td className="num muted">{c.number}</td>
              <td>
                <Link to={`/read/${c.text_id}`}>{c.title}</Link>
                {c.number === book.BkCurrentChapter && <span className="badge">current</span>}
                {c.finished && <span className="muted small"> ✓ read</span>}
              </td>
              <td className="num mono">{c.words.toLocaleString()}</td>
              <td className="num mono">{c.unknown.toLocaleString()}</td>
              <td>
                <div className="known-cell">
                  <KnownBar pct={c.known_pct} />
                  <span className="small mono">{c.known_pct} %</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
