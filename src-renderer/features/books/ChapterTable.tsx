// Runs in: renderer. A book's chapters: number, title (the current one marked, read ones ticked), words, unknown
// words and the known share as a bar.
import type { BookDto } from '../../../src-shared/contract/books';
import { Link } from '../../lib/router';
import { formatNumber, formatPercent, t } from '../../lib/i18n';

function KnownBar({ pct }: { pct: number }) {
  return (
    <div className="known-bar" title={t('books.knownShare', { pct })}>
      <div className="known-bar-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}

export function ChapterTable({ book }: { book: BookDto }) {
  return (
    <table className="table book-chapters">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>{t('book.chapter')}</th>
          <th className="num">{t('book.words')}</th>
          <th className="num">{t('book.colUnknown')}</th>
          <th>{t('book.colKnown')}</th>
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
              {c.number === book.BkCurrentChapter && <span className="badge">{t('book.current')}</span>}
              {c.finished && <span className="muted small">{t('book.readMark')}</span>}
            </td>
            <td className="num mono">{formatNumber(c.words)}</td>
            <td className="num mono">{formatNumber(c.unknown)}</td>
            <td>
              <div className="known-cell">
                <KnownBar pct={c.known_pct} />
                <span className="small mono">{formatPercent(c.known_pct)}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
