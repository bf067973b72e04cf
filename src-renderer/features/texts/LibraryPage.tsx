// Runs in: renderer. The library: texts of the current language (or all) with search, tag filter, sort,
// archive, and per-text counts of unknown / learning / known words. Book chapters are left out by default (a
// 300-chapter book would bury the texts; the Books page is their home): the page says how many are hidden,
// one choice shows them with their book and number, or lists one book's chapters (docs/books.md).
import { useState } from 'react';
import { TEXT_SORTS, type TextListItem } from '../../../src-shared/contract/texts';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, navigate } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import './texts.css';
import { t, type MessageKey } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

const SORT_LABELS: Record<(typeof TEXT_SORTS)[number], MessageKey> = {
  newest: 'library.sortNewest',
  oldest: 'library.sortOldest',
  title: 'library.sortTitle',
  unknown: 'library.sortUnknown',
  opened: 'library.sortOpened',
};

export function CountsBar({ counts }: { counts: TextListItem['counts'] }) {
  const total = Math.max(1, counts.total);
  const pct = (n: number) => `${(n / total) * 100}%`;
  return (
    <div
      className="counts"
      title={t('library.countsTitle', { unknown: counts.unknown, learning: counts.learning, known: counts.known, ignored: counts.ignored })}
    >
      <div className="counts-bar" aria-hidden="true">
        <span className="seg-unknown" style={{ width: pct(counts.unknown) }} />
        <span className="seg-learning" style={{ width: pct(counts.learning) }} />
        <span className="seg-known" style={{ width: pct(counts.known + counts.ignored) }} />
      </div>
      <span className="counts-text">{tr('library.counts', { unknown: <b>{counts.unknown}</b>, learning: counts.learning, known: counts.known })}</span>
    </div>
  );
}

export default function LibraryPage() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const languages = useApp((s) => s.languages);
  const [language, setLanguage] = useState<number | 'all'>(currentLanguageId ?? 'all');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<(typeof TEXT_SORTS)[number]>('newest');
  const [archived, setArchived] = useState(false);
  const [chapters, setChapters] = useState<'hide' | 'show' | number>('hide');
  const [page, setPage] = useState(1);
  const { data, reload: load } = useCall(
    'texts.list',
    {
      ...(language === 'all' ? {} : { language }),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(tag ? { tag } : {}),
      sort,
      archived,
      ...(typeof chapters === 'number' ? { book: chapters } : { chapters }),
      page,
      perPage: 25,
    },
    undefined,
    { debounceMs: 150, toastErrors: true, keepData: true },
  );
  const tags = useCall('textTags.list', {}).data ?? [];
  const books = useCall('books.list', language === 'all' ? {} : { language_id: language }).data ?? [];
  useHotkeys({ n: () => navigate('/texts/new'), '/': () => document.querySelector<HTMLInputElement>('#library-search')?.focus() });

  async function toggleArchive(text: TextListItem) {
    if ((await attempt(() => api.call('texts.archive', { id: text.TxID, archived: !text.TxArchived }))) === undefined) return;
    toast('success', t(text.TxArchived ? 'library.movedBack' : 'library.archivedToast'));
    load();
  }
  async function remove(text: TextListItem) {
    if (
      !(await confirmDialog({
        title: t('library.deleteTitle', { title: text.TxTitle }),
        message: t('library.deleteMessage'),
        confirmLabel: t('library.delete'),
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('texts.delete', { id: text.TxID }))) !== undefined) load();
  }

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
      <div className="library-filters">
        <input
          id="library-search"
          className="input"
          type="search"
          placeholder={t('library.searchPlaceholder')}
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
          aria-label={t('library.search')}
        />
        <select
          value={language}
          onChange={(e) => (setLanguage(e.target.value === 'all' ? 'all' : Number(e.target.value)), setPage(1))}
          aria-label={t('library.language')}
        >
          <option value="all">{t('library.allLanguages')}</option>
          {languages.map((l) => (
            <option key={l.LgID} value={l.LgID}>
              {l.LgName}
            </option>
          ))}
        </select>
        <select value={tag} onChange={(e) => (setTag(e.target.value), setPage(1))} aria-label={t('library.tag')}>
          <option value="">{t('library.allTags')}</option>
          {tags.map((tg) => (
            <option key={tg.T2ID} value={tg.T2Text}>
              {tg.T2Text}
            </option>
          ))}
        </select>
        <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)} aria-label={t('library.sort')}>
          {TEXT_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
            </option>
          ))}
        </select>
        {(books.length > 0 || chapters !== 'hide') && (
          <select
            value={String(chapters)}
            onChange={(e) => (setChapters(e.target.value === 'hide' || e.target.value === 'show' ? e.target.value : Number(e.target.value)), setPage(1))}
            aria-label={t('library.chaptersFilter')}
          >
            <option value="hide">{t('library.chaptersHide')}</option>
            <option value="show">{t('library.chaptersShow')}</option>
            {books.map((b) => (
              <option key={b.BkID} value={b.BkID}>
                {t('library.chaptersOf', { title: b.BkTitle })}
              </option>
            ))}
          </select>
        )}
        <label className="check">
          <input type="checkbox" checked={archived} onChange={(e) => (setArchived(e.target.checked), setPage(1))} /> {t('library.archived')}
        </label>
      </div>
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
        <table className="table library-table">
          <thead>
            <tr>
              <th>{t('library.colTitle')}</th>
              <th>{t('library.colWords')}</th>
              <th className="row-actions">{t('library.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((text) => (
              <tr key={text.TxID}>
                <td>
                  <Link to={`/read/${text.TxID}`} className="library-title">
                    {text.book ? text.book.chapter_title || t('library.chapterN', { n: text.book.chapter }) : text.TxTitle}
                  </Link>
                  <div className="library-meta">
                    {text.book && (
                      <Link className="badge badge-book" to={`/book/${text.book.BkID}`} title={t('library.openBook')}>
                        {t('library.chapterBadge', { title: text.book.BkTitle, n: text.book.chapter })}
                      </Link>
                    )}
                    {text.LgName}
                    {text.TxAudioURI && t('library.audio')}
                    {text.TxFinishedAt && t('library.readMark')}
                    {text.TextTags.map((g) => (
                      <span key={g} className="badge">
                        {g}
                      </span>
                    ))}
                  </div>
                </td>
                <td style={{ minWidth: 220 }}>
                  <CountsBar counts={text.counts} />
                </td>
                <td className="row-actions">
                  <Link className="btn btn-small btn-primary" to={`/read/${text.TxID}`}>
                    {t('library.read')}
                  </Link>
                  <Link className="btn btn-small" to={`/texts/${text.TxID}/edit`}>
                    {t('library.edit')}
                  </Link>
                  <button className="btn btn-small" onClick={() => void toggleArchive(text)}>
                    {t(text.TxArchived ? 'library.unarchive' : 'library.archive')}
                  </button>
                  <button
                    className="btn btn-small btn-ghost btn-danger-ghost"
                    onClick={() => void remove(text)}
                    aria-label={t('library.deleteLabel', { title: text.TxTitle })}
                  >
                    {t('library.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
