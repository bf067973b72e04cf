// Runs in: renderer. The open library's result lists: Project Gutenberg's books (Gutendex, paged) and the Global
// Digital Library's children's readers, each with its level and actions.
import type { GutenbergBook, KidsBook } from '../../../src-shared/contract/library';
import { useCall } from '../../lib/useCall';
import { EmptyState, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { currentLocale, t } from '../../lib/i18n';
import { languageName } from '../../lib/i18n/curated';
import { ErrorLine } from '../../components/ErrorLine';
import { Coverage, ImportButton } from './ResultActions';

export function GutenbergResults({ languageId, search, page, setPage }: { languageId: number; search: string; page: number; setPage(p: number): void }) {
  const { data, loading, error, reload } = useCall('library.gutenberg', { language_id: languageId, search: search || undefined, page }, undefined, {
    debounceMs: 300,
  });
  if (loading && !data) return <Spinner label={t('openLibrary.askingProjectGutenberg')} />;
  if (error) return <ErrorLine error={error} onRetry={reload} />;
  if (!data?.results.length) return <EmptyState title={t('openLibrary.noBooksFound')}>{t('openLibrary.tryOtherWordsOr')}</EmptyState>;
  return (
    <>
      <ul className="library-results">
        {data.results.map((b: GutenbergBook) => (
          <li key={b.id} className="card library-item">
            <div>
              <strong>{b.title}</strong>
              <div className="feed-url">
                {b.authors.join('; ') || t('openLibrary.unknownAuthor')} · {b.languages.map((code) => languageName(code, currentLocale())).join(', ')} ·{' '}
                {t('openLibrary.downloads', { count: b.download_count })}
              </div>
              <Coverage url={b.text_url || b.epub_url} languageId={languageId} />
            </div>
            <ImportButton url={b.epub_url || b.text_url} languageId={languageId} title={b.title} author={b.authors[0]} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={data.has_next ? page + 1 : page} onPage={setPage} />
    </>
  );
}

export function KidsResults({
  languageId,
  query,
  page,
  setPage,
  beginner,
}: {
  languageId: number;
  query: string;
  page: number;
  setPage(p: number): void;
  beginner: boolean;
}) {
  const { data, loading, error, reload } = useCall('library.kidsSearch', { language_id: languageId, query: query || undefined, page }, undefined, {
    debounceMs: 300,
  });
  if (loading && !data) return <Spinner label={t('openLibrary.askingTheGlobalDigital')} />;
  if (error) return <ErrorLine error={error} onRetry={reload} />;
  if (!data?.results.length) return <EmptyState title={t('openLibrary.noReadersFound')}>{t('openLibrary.tryOtherWordsOr')}</EmptyState>;
  // Suggestions follow the reader level: beginners see the easiest levels first.
  const sorted = [...data.results].sort((a, b) => (beginner ? 1 : -1) * ((Number(a.level) || 0) - (Number(b.level) || 0)));
  return (
    <>
      <ul className="library-results">
        {sorted.map((b: KidsBook) => (
          <li key={b.id} className="card library-item">
            <div>
              <strong>{b.title}</strong> {b.level && <span className="level-badge">{t('openLibrary.levelBadge', { level: b.level })}</span>}
              <div className="feed-url">
                {b.publisher} · {b.license}
              </div>
              <p className="library-desc">{b.description}</p>
              <Coverage url={b.epub_url} languageId={languageId} />
            </div>
            <ImportButton url={b.epub_url} languageId={languageId} title={b.title} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.ceil(data.total / 20)} onPage={setPage} />
    </>
  );
}
