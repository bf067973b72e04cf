// Runs in: renderer. /book/import: one importer for the three ways in (Books page, New text form, a drop on the
// window). The file (or a pasted long text) is previewed by the server without storing anything — cover, title,
// author, dc:language matched to a Lectio language, description, chapters with word counts — then imported
// with upload progress and a "storing chapters" stage.
import { useEffect, useRef, useState } from 'react';
import type { BookPreview } from '../../../src-shared/contract/books';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import { api, errorMessage } from '../../api/client';
import { Field, Page, ProgressBar } from '../../components/Page';
import { Link, navigate, useQuery } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { BookCover } from './BooksPage';
import { isBookFile, takePendingBookFile } from './pendingBook';
import './books.css';
import { countOf } from '../../lib/plural';

type Stage = { kind: 'idle' } | { kind: 'upload'; what: string; fraction: number } | { kind: 'work'; what: string };

export default function BookImportPage() {
  const query = useQuery();
  const languages = useApp((s) => s.languages);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [file, setFile] = useState<File | null>(null);
  const [textMode, setTextMode] = useState(query.get('text') === '1');
  const [text, setText] = useState({ title: '', author: '', body: '' });
  const [preview, setPreview] = useState<BookPreview | null>(null);
  const [languageId, setLanguageId] = useState<number | ''>('');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const pending = takePendingBookFile();
    if (pending) void choose(pending);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function choose(f: File) {
    setFile(f);
    setTextMode(false);
    setPreview(null);
    setError(null);
    if (!isBookFile(f.name) && !/\.txt$/i.test(f.name)) {
      setError('Only .epub (and long .txt) files can become books.');
      return;
    }
    setStage({ kind: 'upload', what: 'Sending the file', fraction: 0 });
    try {
      const p = await api.call(
        'books.preview',
        { file: f as unknown as UploadedFile },
        {
          onUploadProgress: (fraction) =>
            setStage(fraction < 1 ? { kind: 'upload', what: 'Sending the file', fraction } : { kind: 'work', what: 'Reading the book' }),
        },
      );
      setPreview(p);
      setLanguageId(p.language_id ?? (p.language ? '' : (currentLanguageId ?? '')));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  async function previewText() {
    setError(null);
    setStage({ kind: 'work', what: 'Finding chapters' });
    try {
      const p = await api.call('books.preview', { text: text.body, title: text.title || 'Untitled' });
      setPreview({ ...p, title: text.title, author: text.author });
      setLanguageId(currentLanguageId ?? '');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  async function importBook() {
    if (!preview) return;
    if (!languageId) {
      setError('Choose the language of the book first.');
      return;
    }
    setError(null);
    const storing: Stage = { kind: 'work', what: `Storing ${countOf(preview.chapters.length, 'chapter')}` };
    try {
      const book =
        file && !textMode
          ? await api.call(
              'books.create',
              { language_id: Number(languageId), file: file as unknown as UploadedFile },
              {
                onUploadProgress: (fraction) => setStage(fraction < 1 ? { kind: 'upload', what: 'Sending the file', fraction } : storing),
              },
            )
          : (setStage(storing),
            await api.call('books.create', { language_id: Number(languageId), title: text.title, author: text.author || undefined, text: text.body }));
      toast('success', `“${book.BkTitle}” imported: ${book.BkChapterCount} chapters`);
      navigate(`/book/${book.BkID}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  const busy = stage.kind !== 'idle';
  const dc = preview?.language;
  return (
    <Page
      title="Import a book"
      subtitle="EPUB (or a long text): every chapter becomes a text, read in order with progress."
      actions={
        <Link className="btn" to="/books">
          Back to books
        </Link>
      }
    >
      {!preview && (
        <div className="card book-import-source">
          <div className="form-actions">
            <button className="btn btn-primary" disabled={busy} onClick={() => fileInput.current?.click()}>
              Choose an EPUB…
            </button>
            <button className="btn" disabled={busy} onClick={() => (setTextMode(true), setFile(null), setError(null))} aria-pressed={textMode}>
              Paste a long text
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".epub,.txt,application/epub+zip,text/plain"
              hidden
              onChange={(e) => e.target.files?.[0] && void choose(e.target.files[0])}
              aria-label="Book file"
            />
          </div>
          <p className="muted small">You can also drop an .epub anywhere on the window. DRM-protected books cannot be read; files up to 100 MB.</p>
          {textMode && (
            <div className="form-grid">
              <Field label="Title">
                <input className="input" value={text.title} onChange={(e) => setText({ ...text, title: e.target.value })} />
              </Field>
              <Field label="Author">
                <input className="input" value={text.author} onChange={(e) => setText({ ...text, author: e.target.value })} />
              </Field>
              <Field label="Text" hint="Split on chapter headings (CHAPTER I, Capítulo 2, 第一章, ***), else into parts of about 5,000 words.">
                <textarea className="input book-import-text" rows={12} value={text.body} onChange={(e) => setText({ ...text, body: e.target.value })} />
              </Field>
              <div className="form-actions">
                <button className="btn btn-primary" disabled={busy || !text.title.trim() || !text.body.trim()} onClick={() => void previewText()}>
                  Preview chapters
                </button>
              </div>
            </div>
          )}
        </div>
      )}

      {stage.kind !== 'idle' && (
        <div className="book-import-progress">
          <ProgressBar value={stage.kind === 'upload' ? stage.fraction : null} label={stage.what} />
        </div>
      )}
      {error && (
        <p className="field-error-text book-import-error" role="alert">
          {error}
        </p>
      )}

      {preview && (
        <div className="book-preview">
          <div className="book-preview-side">
            {preview.cover ? (
              <img className="book-cover book-cover-large" src={preview.cover} alt="Cover" />
            ) : (
              <BookCover book={{ BkTitle: preview.title, BkAuthor: preview.author, cover_url: null }} size="large" />
            )}
          </div>
          <div className="book-preview-main">
            <h2 className="book-preview-title">{preview.title || 'Untitled'}</h2>
            {preview.author && <p className="muted">{preview.author}</p>}
            {preview.description && <p className="book-description">{preview.description}</p>}
            <p className="small muted">
              {countOf(preview.chapters.length, 'chapter')} · about {preview.words.toLocaleString()} words ·{' '}
              {preview.toc === 'nav'
                ? 'table of contents (EPUB 3)'
                : preview.toc === 'ncx'
                  ? 'table of contents (EPUB 2)'
                  : preview.toc === 'text'
                    ? 'split from the text'
                    : 'one chapter per document (no usable table of contents)'}
            </p>
            {preview.duplicate_of && (
              <p className="field-error-text" role="alert">
                Already imported as <Link to={`/book/${preview.duplicate_of.BkID}`}>{preview.duplicate_of.BkTitle}</Link>.
              </p>
            )}
            <Field
              label="Language"
              hint={
                dc ? `The book says: ${dc}${preview.language_id ? '' : ' — no language of yours matches, choose one'}` : 'The book does not say: choose one'
              }
            >
              <select value={languageId} onChange={(e) => setLanguageId(e.target.value ? Number(e.target.value) : '')} aria-label="Language">
                <option value="">Choose…</option>
                {languages.map((l) => (
                  <option key={l.LgID} value={l.LgID}>
                    {l.LgName}
                  </option>
                ))}
              </select>
            </Field>
            <div className="form-actions">
              <button className="btn btn-primary" disabled={busy || !!preview.duplicate_of || !languageId} onClick={() => void importBook()}>
                Import {countOf(preview.chapters.length, 'chapter')}
              </button>
              <button className="btn" disabled={busy} onClick={() => (setPreview(null), setFile(null), setError(null))}>
                Choose another
              </button>
            </div>
            <ol className="book-preview-chapters">
              {preview.chapters.map((c, i) => (
                <li key={i}>
                  <span className="book-chapter-title">{c.title}</span>
                  <span className="small muted mono">{c.words.toLocaleString()} words</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </Page>
  );
}
