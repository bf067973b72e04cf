// Runs in: renderer. A book's pictures on its page: a strip of them (each opens its chapter), and whether the
// reader shows them — the book's own choice or the learner's default (setting bookPictures, on the Settings page).
// Also the import preview's line: how many pictures the import keeps, its caps, and why some are left out.
import type { BookDto, PreviewPictures } from '../../../src-shared/contract/books';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { Link } from '../../lib/router';
import { currentLocale, formatNumber, t } from '../../lib/i18n';
import { localizedCode } from '../../lib/i18n/server';

/** Pictures in the strip: enough to see what the book looks like; the reader has them all. */
const STRIP_MAX = 40;

type Choice = 'default' | 'shown' | 'hidden';
const choiceOf = (v: boolean | null): Choice => (v === null ? 'default' : v ? 'shown' : 'hidden');

/** The book's choice, saved at once; the page reloads the book to show the effect. */
function usePicturesChoice(book: BookDto, onSaved: () => void) {
  const saving = useAction(async (choice: Choice) => {
    await api.call('books.pictures', { id: book.BkID, shown: choice === 'default' ? null : choice === 'shown' });
    onSaved();
  });
  return { choice: choiceOf(book.BkPictures), saving: saving.busy, choose: saving.run };
}

export function BookPictures({ book, onChanged }: { book: BookDto; onChanged: () => void }) {
  const { choice, saving, choose } = usePicturesChoice(book, onChanged);
  if (book.pictures.length === 0) return null;
  const textOf = new Map(book.chapters.map((c) => [c.number, c.text_id]));
  const defaultShown = book.BkPictures === null ? book.pictures_shown : null;
  return (
    <section className="card book-pictures" aria-label={t('bookPictures.label')}>
      <div className="book-pictures-head">
        <h2>{t('bookPictures.title', { count: book.pictures.length })}</h2>
        <label className="small">
          {t('bookPictures.inReader')}{' '}
          <select value={choice} disabled={saving} onChange={(e) => void choose(e.target.value as Choice)} aria-label={t('bookPictures.inReaderLabel')}>
            <option value="default">{t(defaultShown === false ? 'bookPictures.defaultHidden' : 'bookPictures.defaultShown')}</option>
            <option value="shown">{t('bookPictures.shown')}</option>
            <option value="hidden">{t('bookPictures.hidden')}</option>
          </select>
        </label>
      </div>
      <ul className="book-pictures-strip">
        {book.pictures.slice(0, STRIP_MAX).map((p, i) => (
          <li key={`${p.url}-${i}`}>
            <Link to={`/read/${textOf.get(p.chapter) ?? ''}`} title={p.alt || t('bookPictures.inChapter', { chapter: p.chapter })}>
              <img src={p.url} width={p.width} height={p.height} alt={p.alt} loading="lazy" decoding="async" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The preview's pictures line: what is kept, the caps, and each note on what is left out. */
export function PreviewPicturesLine({ pictures }: { pictures: PreviewPictures }) {
  const { limits } = pictures;
  return (
    <div className="small muted book-preview-pictures">
      <p>
        {t('bookPictures.previewCount', { count: pictures.count })}{' '}
        {t('bookPictures.previewLimits', { mb: limits.image_mb, megapixels: limits.image_megapixels, bookMb: limits.book_mb, max: formatNumber(limits.count) })}
      </p>
      {pictures.notes.length > 0 && (
        <ul className="book-preview-notes" role="status">
          {pictures.notes.map((n, i) => (
            <li key={i}>{localizedCode(n.message_code, n.message_params, n.message, currentLocale())}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
