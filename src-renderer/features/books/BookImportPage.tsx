// Runs in: renderer. /book/import: one importer for the three ways in (Books page, New text form, a drop on the
// window). The file (or a pasted long text) is previewed by the server without storing anything — cover, title,
// author, dc:language matched to a Lectio language, description, chapters with word counts — then imported
// with upload progress and a "storing chapters" stage. Its state lives in useBookImport beside it.
import { LanguagePicker } from '../../components/LanguagePicker';
import { Field, Page, ProgressBar } from '../../components/Page';
import { Link } from '../../lib/router';
import { BookCover } from './BooksPage';
import { PreviewPicturesLine } from './BookPictures';
import { FileDrop } from '../../components/FileDrop';
import './books.css';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';
import { useBookImport } from './useBookImport';

/** How the preview says where the chapters came from. */
const TOC_LABEL = {
  nav: 'bookImport.tocNav',
  ncx: 'bookImport.tocNcx',
  text: 'bookImport.tocText',
  spine: 'bookImport.tocNone',
  outline: 'bookImport.tocOutline',
  headings: 'bookImport.tocHeadings',
  pages: 'bookImport.tocPages',
  sections: 'bookImport.tocSections',
  kindle: 'bookImport.tocKindle',
} as const;

export default function BookImportPage() {
  const b = useBookImport();
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
      {!b.preview && (
        <div className="card book-import-source">
          <div className="form-actions">
            <FileDrop
              variant="button"
              className="btn-primary"
              disabled={b.busy}
              prompt={t('bookImport.chooseEpub')}
              accept=".epub,.pdf,.fb2,.mobi,.azw3,.azw,.prc,.txt,application/epub+zip,application/pdf,text/plain"
              inputLabel={t('bookImport.file')}
              onFiles={([file]) => void b.choose(file)}
            />
            <button className="btn" disabled={b.busy} onClick={() => (b.setTextMode(true), b.setFile(null), b.setError(null))} aria-pressed={b.textMode}>
              {t('bookImport.paste')}
            </button>
          </div>
          <p className="muted small">{t('bookImport.dropHint')}</p>
          {b.textMode && (
            <div className="form-grid">
              <Field label={t('bookImport.fieldTitle')}>
                <input className="input" value={b.text.title} onChange={(e) => b.setText({ ...b.text, title: e.target.value })} />
              </Field>
              <Field label={t('bookImport.author')}>
                <input className="input" value={b.text.author} onChange={(e) => b.setText({ ...b.text, author: e.target.value })} />
              </Field>
              <Field label={t('bookImport.text')} hint={t('bookImport.textHint')}>
                <textarea className="input book-import-text" rows={12} value={b.text.body} onChange={(e) => b.setText({ ...b.text, body: e.target.value })} />
              </Field>
              <div className="form-actions">
                <button className="btn btn-primary" disabled={b.busy || !b.text.title.trim() || !b.text.body.trim()} onClick={() => void b.previewText()}>
                  {t('bookImport.preview')}
                </button>
              </div>
            </div>
          )}
        </div>
      )}

      {b.stage.kind !== 'idle' && (
        <div className="book-import-progress">
          <ProgressBar value={b.stage.kind === 'upload' ? b.stage.fraction : null} label={b.stage.what} />
        </div>
      )}
      {b.error && (
        <p className="field-error-text book-import-error" role="alert">
          {b.error}
        </p>
      )}

      {b.preview && (
        <div className="book-preview">
          <div className="book-preview-side">
            {b.preview.cover ? (
              <img className="book-cover book-cover-large" src={b.preview.cover} alt={t('bookImport.cover')} />
            ) : (
              <BookCover book={{ BkTitle: b.preview.title, BkAuthor: b.preview.author, cover_url: null }} size="large" />
            )}
          </div>
          <div className="book-preview-main">
            <h2 className="book-preview-title">{b.preview.title || t('bookImport.untitled')}</h2>
            {b.preview.author && <p className="muted">{b.preview.author}</p>}
            {b.preview.description && <p className="book-description">{b.preview.description}</p>}
            <p className="small muted">
              {t('books.chapters', { count: b.kept })} · {t('bookImport.about', { count: b.keptWords })} · {t(TOC_LABEL[b.preview.toc])}
            </p>
            <PreviewPicturesLine pictures={b.preview.pictures} />
            {b.preview.duplicate_of && (
              <p className="field-error-text" role="alert">
                {tr('bookImport.duplicate', { title: <Link to={`/book/${b.preview.duplicate_of.BkID}`}>{b.preview.duplicate_of.BkTitle}</Link> })}
              </p>
            )}
            <Field
              label={t('bookImport.language')}
              hint={b.dc ? t(b.preview.language_id ? 'bookImport.bookSays' : 'bookImport.bookSaysNoMatch', { language: b.dc }) : t('bookImport.bookSilent')}
            >
              <LanguagePicker value={b.languageId} onChange={b.setLanguageId} placeholder={t('bookImport.choose')} label={t('bookImport.language')} />
            </Field>
            <div className="form-actions">
              <button
                className="btn btn-primary"
                disabled={b.busy || !!b.preview.duplicate_of || !b.languageId || b.kept === 0}
                onClick={() => void b.importBook()}
              >
                {t('bookImport.import', { count: b.kept })}
              </button>
              <button className="btn" disabled={b.busy} onClick={() => (b.setPreview(null), b.setFile(null), b.setError(null))}>
                {t('bookImport.another')}
              </button>
            </div>
            <p className="small muted">{t('bookImport.chapterTicks')}</p>
            <ol className="book-preview-chapters">
              {b.preview.chapters.map((c, i) => (
                <li key={i} className={b.skipped.has(i) ? 'is-skipped' : undefined}>
                  <label className="check book-chapter-title" title={c.matter ? t('bookImport.matter') : undefined}>
                    <input type="checkbox" checked={!b.skipped.has(i)} onChange={() => b.toggle(i)} />
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
