// Runs in: renderer. /book/import: one importer for the three ways in (Books page, New text form, a drop on the
// window). The file (or a pasted long text) is previewed by the server without storing anything — cover, title,
// author, dc:language matched to a Lectio language, description, chapters with word counts — then imported
// with upload progress and a "storing chapters" stage.
import { LanguagePicker } from '../../components/LanguagePicker';
import { useEffect, useState } from 'react';
import type { BookPreview } from '../../../src-shared/contract/books';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import { api, errorMessage } from '../../api/client';
import { Field, Page, ProgressBar } from '../../components/Page';
import { Link, navigate, useQuery } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { BookCover } from './BooksPage';
import { PreviewPicturesLine } from './BookPictures';
import { isBookFile, takePendingBookFile } from './pendingBook';
import { FileDrop } from '../../components/FileDrop';
import './books.css';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

type Stage = { kind: 'idle' } | { kind: 'upload'; what: string; fraction: number } | { kind: 'work'; what: string };

export default function BookImportPage() {
  const query = useQuery();
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [file, setFile] = useState<File | null>(null);
  const [textMode, setTextMode] = useState(query.get('text') === '1');
  const [text, setText] = useState({ title: '', author: '', body: '' });
  const [preview, setPreview] = useState<BookPreview | null>(null);
  const [languageId, setLanguageId] = useState<number | ''>('');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Chapters left out (preview indexes); null follows the preview: its front and back matter.
  const [skipChoice, setSkipChoice] = useState<Set<number> | null>(null);

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
      setError(t('bookImport.onlyEpub'));
      return;
    }
    setStage({ kind: 'upload', what: t('bookImport.sending'), fraction: 0 });
    try {
      const p = await api.call(
        'books.preview',
        // Words are counted by the parser of the book's language (dc:language), else of the current one.
        { file: f as unknown as UploadedFile, language_id: currentLanguageId ?? undefined },
        {
          onUploadProgress: (fraction) =>
            setStage(fraction < 1 ? { kind: 'upload', what: t('bookImport.sending'), fraction } : { kind: 'work', what: t('bookImport.reading') }),
        },
      );
      setPreview(p);
      setSkipChoice(null);
      setLanguageId(p.language_id ?? (p.language ? '' : (currentLanguageId ?? '')));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  async function previewText() {
    setError(null);
    setStage({ kind: 'work', what: t('bookImport.finding') });
    try {
      const p = await api.call('books.preview', {
        text: text.body,
        title: text.title || t('bookImport.untitled'),
        language_id: currentLanguageId ?? undefined,
      });
      setPreview({ ...p, title: text.title, author: text.author });
      setSkipChoice(null);
      setLanguageId(currentLanguageId ?? '');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  async function importBook() {
    if (!preview) return;
    const skip_chapters = [...skipped].join(',') || 'none';
    if (!languageId) {
      setError(t('bookImport.chooseLanguage'));
      return;
    }
    setError(null);
    const storing: Stage = { kind: 'work', what: t('bookImport.storing', { count: kept }) };
    try {
      const book =
        file && !textMode
          ? await api.call(
              'books.create',
              { language_id: Number(languageId), file: file as unknown as UploadedFile, skip_chapters },
              {
                onUploadProgress: (fraction) => setStage(fraction < 1 ? { kind: 'upload', what: t('bookImport.sending'), fraction } : storing),
              },
            )
          : (setStage(storing),
            await api.call('books.create', {
              language_id: Number(languageId),
              title: text.title,
              author: text.author || undefined,
              text: text.body,
              skip_chapters,
            }));
      toast('success', t('bookImport.imported', { title: book.BkTitle, count: book.BkChapterCount }));
      navigate(`/book/${book.BkID}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  const busy = stage.kind !== 'idle';
  const skipped = skipChoice ?? new Set((preview?.chapters ?? []).flatMap((c, i) => (c.matter ? [i] : [])));
  const kept = (preview?.chapters.length ?? 0) - skipped.size;
  const keptWords = (preview?.chapters ?? []).reduce((n, c, i) => n + (skipped.has(i) ? 0 : c.words), 0);
  const toggle = (i: number) => {
    const next = new Set(skipped);
    if (!next.delete(i)) next.add(i);
    setSkipChoice(next);
  };
  const dc = preview?.language;
  return (
    <Page
      title={t('bookImport.title')}
      subtitle={t('bookImport.subtitle')}
      actions={
        <Link className="btn" to="/books">
          {t('bookImport.back')}
        </Link>
      }
    >
      {!preview && (
        <div className="card book-import-source">
          <div className="form-actions">
            <FileDrop
              variant="button"
              className="btn-primary"
              disabled={busy}
              prompt={t('bookImport.chooseEpub')}
              accept=".epub,.txt,application/epub+zip,text/plain"
              inputLabel={t('bookImport.file')}
              onFiles={([file]) => void choose(file)}
            />
            <button className="btn" disabled={busy} onClick={() => (setTextMode(true), setFile(null), setError(null))} aria-pressed={textMode}>
              {t('bookImport.paste')}
            </button>
          </div>
          <p className="muted small">{t('bookImport.dropHint')}</p>
          {textMode && (
            <div className="form-grid">
              <Field label={t('bookImport.fieldTitle')}>
                <input className="input" value={text.title} onChange={(e) => setText({ ...text, title: e.target.value })} />
              </Field>
              <Field label={t('bookImport.author')}>
                <input className="input" value={text.author} onChange={(e) => setText({ ...text, author: e.target.value })} />
              </Field>
              <Field label={t('bookImport.text')} hint={t('bookImport.textHint')}>
                <textarea className="input book-import-text" rows={12} value={text.body} onChange={(e) => setText({ ...text, body: e.target.value })} />
              </Field>
              <div className="form-actions">
                <button className="btn btn-primary" disabled={busy || !text.title.trim() || !text.body.trim()} onClick={() => void previewText()}>
                  {t('bookImport.preview')}
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
              <img className="book-cover book-cover-large" src={preview.cover} alt={t('bookImport.cover')} />
            ) : (
              <BookCover book={{ BkTitle: preview.title, BkAuthor: preview.author, cover_url: null }} size="large" />
            )}
          </div>
          <div className="book-preview-main">
            <h2 className="book-preview-title">{preview.title || t('bookImport.untitled')}</h2>
            {preview.author && <p className="muted">{preview.author}</p>}
            {preview.description && <p className="book-description">{preview.description}</p>}
            <p className="small muted">
              {t('books.chapters', { count: kept })} · {t('bookImport.about', { count: keptWords })} ·{' '}
              {preview.toc === 'nav'
                ? t('bookImport.tocNav')
                : preview.toc === 'ncx'
                  ? t('bookImport.tocNcx')
                  : preview.toc === 'text'
                    ? t('bookImport.tocText')
                    : t('bookImport.tocNone')}
            </p>
            <PreviewPicturesLine pictures={preview.pictures} />
            {preview.duplicate_of && (
              <p className="field-error-text" role="alert">
                {tr('bookImport.duplicate', { title: <Link to={`/book/${preview.duplicate_of.BkID}`}>{preview.duplicate_of.BkTitle}</Link> })}
              </p>
            )}
            <Field
              label={t('bookImport.language')}
              hint={dc ? t(preview.language_id ? 'bookImport.bookSays' : 'bookImport.bookSaysNoMatch', { language: dc }) : t('bookImport.bookSilent')}
            >
              <LanguagePicker value={languageId} onChange={setLanguageId} placeholder={t('bookImport.choose')} label={t('bookImport.language')} />
            </Field>
            <div className="form-actions">
              <button className="btn btn-primary" disabled={busy || !!preview.duplicate_of || !languageId || kept === 0} onClick={() => void importBook()}>
                {t('bookImport.import', { count: kept })}
              </button>
              <button className="btn" disabled={busy} onClick={() => (setPreview(null), setFile(null), setError(null))}>
                {t('bookImport.another')}
              </button>
            </div>
            <p className="small muted">{t('bookImport.chapterTicks')}</p>
            <ol className="book-preview-chapters">
              {preview.chapters.map((c, i) => (
                <li key={i} className={skipped.has(i) ? 'is-skipped' : undefined}>
                  <label className="check book-chapter-title" title={c.matter ? t('bookImport.matter') : undefined}>
                    <input type="checkbox" checked={!skipped.has(i)} onChange={() => toggle(i)} />
                    {c.title || t('bookImport.untitledChapter', { number: i + 1 })}
                    {c.matter && <span className="badge">{t('bookImport.matterBadge')}</span>}
                  </label>
                  <span className="small muted mono">{t('bookImport.words', { count: c.words })}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </Page>
  );
}
