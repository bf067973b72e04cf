// Runs in: renderer. The library: texts of the current language (or all) with search, tag filter, sort,
// archive, and per-text counts of unknown / learning / known words. Book chapters are left out by default (a
// 300-chapter book would bury the texts; the Books page is their home): the page says how many are hidden,
// one choice shows them with their book and number, or lists one book's chapters (docs/books.md). State:
// useLibrary; the filter bar and the table are components beside it.

import { Link } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import './texts.css';
import { LibraryFilters } from './LibraryFilters';
import { LibraryTable } from './LibraryTable';
import { useLibrary } from './useLibrary';
import { t } from '../../lib/i18n';

export default function LibraryPage() {
  const lib = useLibrary();
  const { data, load, archived, setChapters, page, setPage } = lib;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  return (
    <Page
      title={t('library.title')}
      subtitle={
        data ? (
          <>
            {t(archived ? 'library.countArchived' : 'library.count', { count: data.total })}
            {data.hidden_chapters > 0 && (
              <>
                {' · '}
                <button type="button" className="link-button" onClick={() => (setChapters('show'), setPage(1))}>
                  {t('library.chaptersHidden', { count: data.hidden_chapters })}
                </button>
              </>
            )}
          </>
        ) : undefined
      }
      actions={
        <>
          <Link className="btn" to="/tags/text">
            {t('library.textTags')}
          </Link>
          <Link className="btn btn-primary" to="/texts/new" title={t('library.newTextTitle')}>
            {t('library.newText')}
          </Link>
        </>
      }
    >
      <LibraryFilters lib={lib} />
      {!data ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t(archived ? 'library.noArchived' : 'library.noTexts')}
          action={
            <Link className="btn btn-primary" to="/texts/new">
              {t('library.addText')}
            </Link>
          }
        >
          {t('library.emptyBody')}
        </EmptyState>
      ) : (
        <LibraryTable items={data.items} onChanged={load} />
      )}
      {pages > 1 && (
        <div className="pager">
          <button className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('library.previous')}
          </button>
          <span className="muted">{t('library.page', { page, pages })}</span>
          <button className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('library.next')}
          </button>
        </div>
      )}
    </Page>
  );
}
