// Runs in: renderer. The library's filter bar: search, language, tag, sort, which chapters show, archived. Each
// change goes back to the first page.
import { TEXT_SORTS } from '../../../src-shared/contract/texts';
import { useApp } from '../../stores/app';
import { t, type MessageKey } from '../../lib/i18n';
import type { useLibrary } from './useLibrary';

const SORT_LABELS: Record<(typeof TEXT_SORTS)[number], MessageKey> = {
  newest: 'library.sortNewest',
  oldest: 'library.sortOldest',
  title: 'library.sortTitle',
  unknown: 'library.sortUnknown',
  opened: 'library.sortOpened',
  coverage: 'library.sortCoverage',
};

export function LibraryFilters({ lib }: { lib: ReturnType<typeof useLibrary> }) {
  const languages = useApp((s) => s.languages);
  return (
    <div className="library-filters">
      <input
        id="library-search"
        className="input"
        type="search"
        placeholder={t('library.searchPlaceholder')}
        value={lib.search}
        onChange={(e) => (lib.setSearch(e.target.value), lib.setPage(1))}
        aria-label={t('library.search')}
      />
      <select
        value={lib.language}
        onChange={(e) => (lib.setLanguage(e.target.value === 'all' ? 'all' : Number(e.target.value)), lib.setPage(1))}
        aria-label={t('library.language')}
      >
        <option value="all">{t('library.allLanguages')}</option>
        {languages.map((l) => (
          <option key={l.LgID} value={l.LgID}>
            {l.LgName}
          </option>
        ))}
      </select>
      <select value={lib.tag} onChange={(e) => (lib.setTag(e.target.value), lib.setPage(1))} aria-label={t('library.tag')}>
        <option value="">{t('library.allTags')}</option>
        {lib.tags.map((tg) => (
          <option key={tg.T2ID} value={tg.T2Text}>
            {tg.T2Text}
          </option>
        ))}
      </select>
      <select value={lib.sort} onChange={(e) => lib.setSort(e.target.value as typeof lib.sort)} aria-label={t('library.sort')}>
        {TEXT_SORTS.map((s) => (
          <option key={s} value={s}>
            {t(SORT_LABELS[s])}
          </option>
        ))}
      </select>
      {(lib.books.length > 0 || lib.chapters !== 'hide') && (
        <select
          value={String(lib.chapters)}
          onChange={(e) => (lib.setChapters(e.target.value === 'hide' || e.target.value === 'show' ? e.target.value : Number(e.target.value)), lib.setPage(1))}
          aria-label={t('library.chaptersFilter')}
        >
          <option value="hide">{t('library.chaptersHide')}</option>
          <option value="show">{t('library.chaptersShow')}</option>
          {lib.books.map((b) => (
            <option key={b.BkID} value={b.BkID}>
              {t('library.chaptersOf', { title: b.BkTitle })}
            </option>
          ))}
        </select>
      )}
      <label className="check">
        <input type="checkbox" checked={lib.archived} onChange={(e) => (lib.setArchived(e.target.checked), lib.setPage(1))} /> {t('library.archived')}
      </label>
    </div>
  );
}
