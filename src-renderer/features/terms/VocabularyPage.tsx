// Runs in: renderer. The vocabulary: search and filters (language, status, tag, text), sort, paging, selection
// with bulk actions (statuses, tags, review, Anki), CSV/TSV export of what is shown, and a word-family view.
// The URL holds every filter (/vocabulary?lang=1&status=2&tag=verbs&text=5&q=…&sort=…&page=2&view=…): it can be
// linked to, and the list follows it when it changes while the page is open.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TERM_SORTS, type BulkAction, type TermListFilters, type TermPage, type TermSort } from '../../../src-shared/contract/terms';
import { TAG_MAX_LENGTH } from '../../../src-shared/contract/tags';
import { splitTagList } from '../../../src-shared/import/term-rows';
import { api, saveFile } from '../../api/client';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, navigate, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { useApp } from '../../stores/app';
import { confirmDialog, promptDialog, toast } from '../../stores/ui';
import { FamiliesView } from './FamiliesView';
import { statusAbbr, statusName } from './shared';
import { LanguagePicker } from '../../components/LanguagePicker';
import { LEARNING_STATUSES, STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { TextFilter } from './TextFilter';
import './terms.css';
import { t } from '../../lib/i18n';
import { VocabularyTable } from './VocabularyTable';
import { AnkiSendBar } from './AnkiSendBar';

// Functions, not constants: the labels are read in the interface language of the moment.
const statusFilters = () => [
  { value: 'all', label: t('terms.anyStatus') },
  { value: 'learning', label: t('terms.learning15') },
  ...LEARNING_STATUSES.map((s) => ({ value: String(s), label: `${s} ${statusName(s)}` })),
  { value: 'known', label: t('terms.knownFilter', { abbr: statusAbbr(STATUS_WELL_KNOWN) }) },
  ...[STATUS_IGNORED, STATUS_WELL_KNOWN].map((s) => ({ value: String(s), label: statusName(s) })),
];

const sorts = (): { value: TermSort; label: string }[] => [
  { value: 'text', label: t('terms.termAZ') },
  { value: 'text_desc', label: t('terms.termZA') },
  { value: 'created_desc', label: t('terms.newestFirst') },
  { value: 'created', label: t('terms.oldestFirst') },
  { value: 'modified_desc', label: t('terms.recentlyChanged') },
  { value: 'status', label: t('terms.status2') },
  { value: 'status_desc', label: t('terms.status3') },
  { value: 'translation', label: t('terms.translation') },
  { value: 'lemma', label: t('terms.lemma') },
];

const PER_PAGE = 50;

/** A tag filter from the URL: a tag id, "none" (untagged), or a tag's name. */
type TagParam = { id: number } | { none: true } | { name: string } | null;
function parseTag(raw: string | null): TagParam {
  const v = raw?.trim();
  if (!v) return null;
  if (v === 'none') return { none: true };
  if (/^\d+$/.test(v)) return { id: Number(v) };
  return { name: v };
}

const positive = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** Tag names typed into the add/remove dialogs: at least one, each at most 20 characters. */
function validateTagList(value: string): string | null {
  const names = splitTagList(value);
  if (names.length === 0) return t('terms.enterATag');
  const long = names.find((n) => n.length > TAG_MAX_LENGTH);
  return long ? t('terms.tagTooLong', { tag: long, max: TAG_MAX_LENGTH }) : null;
}

export default function VocabularyPage() {
  const query = useQuery();
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  // Everything the list shows comes from the URL; the controls write it back (replacing the history entry).
  const view: 'terms' | 'families' = query.get('view') === 'families' ? 'families' : 'terms';
  const langParam = query.get('lang');
  const languageId = langParam === 'all' ? null : (positive(langParam) ?? currentLanguageId);
  const status = query.get('status') || 'all';
  const tagParam = parseTag(query.get('tag'));
  const textId = positive(query.get('text'));
  // Only the terms a tool asked to show (AnkiConnect's guiBrowse: Yomitan's "View added note").
  const idsParam = query.get('ids');
  const onlyIds = idsParam && /^\d+(,\d+)*$/.test(idsParam) ? idsParam : null;
  const sortParam = query.get('sort');
  const sort: TermSort = (TERM_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as TermSort) : 'text';
  const page = positive(query.get('page')) ?? 1;
  // The search box is typed into directly; the URL (and the list) follow it.
  const urlQ = query.get('q') ?? '';
  const [q, setQ] = useState(urlQ);
  useEffect(() => setQ((typed) => (typed.trim() === urlQ.trim() ? typed : urlQ)), [urlQ]);

  const tagList = useCall('tags.list', {});
  const tags = tagList.error ? [] : (tagList.data ?? null);
  const reloadTags = tagList.reload;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const searchRef = useRef<HTMLInputElement>(null);

  /** Changes URL parameters (null removes one); any filter change goes back to page 1. */
  const setParams = useCallback((patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    const qs = next.toString();
    navigate(`/vocabulary${qs ? `?${qs}` : ''}`, { replace: true });
  }, []);

  useEffect(() => {
    if (q.trim() === urlQ.trim()) return;
    const tm = setTimeout(() => setParams({ q: q.trim() || null }), 150);
    return () => clearTimeout(tm);
  }, [q, urlQ, setParams]);

  // A tag named in the URL is looked up once the tags are known; an unknown name matches nothing.
  const tagFilter: TermListFilters['tag_id'] | 'unknown' | 'pending' = !tagParam
    ? undefined
    : 'none' in tagParam
      ? 'none'
      : 'id' in tagParam
        ? tagParam.id
        : !tags
          ? 'pending'
          : (tags.find((tm) => tm.TgText.toLowerCase() === tagParam.name.toLowerCase())?.TgID ?? 'unknown');

  const filters = useMemo(
    () => ({
      language_id: languageId ?? undefined,
      status: status === 'all' ? undefined : status,
      tag_id: tagFilter,
      text_id: textId ?? undefined,
      ids: onlyIds ? onlyIds.split(',').map(Number) : undefined,
      q: urlQ.trim() || undefined,
      sort,
    }),
    [languageId, status, tagFilter, textId, onlyIds, urlQ, sort],
  );

  // Loads while the terms view shows (coming back from the families view reloads: statuses may have changed);
  // a tag name not yet looked up waits, an unknown one matches nothing.
  const { tag_id, ...rest } = filters;
  const list = useCall(
    'terms.list',
    view !== 'terms' || tag_id === 'pending' || tag_id === 'unknown' ? null : { ...rest, tag_id, page, per_page: PER_PAGE },
    [filters, page, view],
    { toastErrors: true, keepData: true },
  );
  const data: TermPage | undefined = tag_id === 'unknown' ? { terms: [], total: 0, page: 1, per_page: PER_PAGE, pages: 0 } : list.data;
  const load = list.reload;

  const pageIds = data?.terms.map((tm) => tm.WoID) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allOnPage ? new Set() : new Set(pageIds));

  async function bulk(action: BulkAction, extra: { status?: number; tag?: string } = {}) {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (
      action === 'del' &&
      !(await confirmDialog({
        title: t('terms.deleteN', { count: ids.length }),
        message: t('terms.theirTranslationsNotesAnd'),
        confirmLabel: t('terms.delete'),
        danger: true,
      }))
    )
      return;
    try {
      const res = await api.call('terms.bulkAction', { ids, action, ...extra });
      toast('success', t('terms.updatedN', { count: res.count }));
      if (action === 'del') setSelected(new Set());
      load();
      if (action === 'addtag' || action === 'deltag') void reloadTags();
    } catch (err) {
      showError(err);
    }
  }

  async function askTag(action: 'addtag' | 'deltag') {
    const n = selected.size;
    if (n === 0) return;
    const adding = action === 'addtag';
    const tag = await promptDialog({
      title: adding ? t('terms.addTagsTo', { count: n }) : t('terms.removeTagsFrom', { count: n }),
      message: adding ? t('terms.tagsThatDoNot') : t('terms.theTermsLoseThese'),
      label: t('terms.tagsCommaSeparated'),
      placeholder: adding
        ? 'verbs, A1'
        : (tags
            ?.slice(0, 2)
            .map((tm) => tm.TgText)
            .join(', ') ?? ''),
      confirmLabel: adding ? t('terms.addTags') : t('terms.removeTags'),
      validate: validateTagList,
    });
    if (tag !== null) await bulk(action, { tag: splitTagList(tag).join(',') });
  }

  /** Opens another page on the selected terms (review, Anki export). */
  function withSelection(path: string, param: string) {
    if (selected.size) navigate(`${path}?${param}=${[...selected].join(',')}`);
  }

  async function exportList(format: 'csv' | 'tsv') {
    try {
      const ids = selected.size ? [...selected] : undefined;
      saveFile(await api.call('terms.export', { ...filters, format, ids }));
    } catch (err) {
      showError(err);
    }
  }

  const setPage = (p: number) => setParams({ page: p > 1 ? p : null });
  const filtered = Boolean(urlQ.trim() || status !== 'all' || tagParam || textId || onlyIds);
  const tagSelectValue = tagFilter === undefined || tagFilter === 'pending' ? '' : tagFilter === 'unknown' ? `name:${query.get('tag')}` : String(tagFilter);

  useHotkeys({
    '/': () => searchRef.current?.focus(),
    Escape: () => setSelected(new Set()),
    n: () => navigate(`/word/edit-term?new=1${languageId ? `&lang=${languageId}` : ''}`),
    r: () => withSelection('/review', 'selection'),
    ...Object.fromEntries([1, 2, 3, 4, 5].map((s) => [String(s), () => void bulk('bulk-status', { status: s })])),
    i: () => void bulk('s98'),
    w: () => void bulk('s99'),
    ArrowRight: () => data && page < data.pages && setPage(page + 1),
    ArrowLeft: () => page > 1 && setPage(page - 1),
  });

  return (
    <Page
      title={t('terms.vocabulary')}
      subtitle={data ? t('review.terms', { count: data.total }) : undefined}
      wide
      actions={
        <>
          <div className="seg" role="tablist" aria-label={t('terms.view')}>
            <button
              role="tab"
              aria-selected={view === 'terms'}
              className={`btn btn-small${view === 'terms' ? ' active' : ''}`}
              onClick={() => setParams({ view: null })}
            >
              {t('terms.terms')}
            </button>
            <button
              role="tab"
              aria-selected={view === 'families'}
              className={`btn btn-small${view === 'families' ? ' active' : ''}`}
              onClick={() => setParams({ view: 'families' })}
            >
              {t('terms.wordFamilies')}
            </button>
          </div>
          {view === 'terms' && (
            <div className="seg" role="group" aria-label={t('terms.export')}>
              <button
                className="btn btn-small"
                onClick={() => void exportList('csv')}
                title={selected.size ? t('terms.exportSelectedCsv', { count: selected.size }) : t('terms.exportEveryTermMatching')}
              >
                {t('terms.exportCsv')}
              </button>
              <button
                className="btn btn-small"
                onClick={() => void exportList('tsv')}
                title={selected.size ? t('terms.exportSelectedTsv', { count: selected.size }) : t('terms.exportEveryTermMatching2')}
              >
                TSV
              </button>
            </div>
          )}
          <Link className="btn" to="/tags">
            {t('terms.tags')}
          </Link>
          <Link className="btn" to="/vocabulary/import">
            {t('terms.import')}
          </Link>
          <Link className="btn btn-primary" to={`/word/edit-term?new=1${languageId ? `&lang=${languageId}` : ''}`}>
            {t('terms.newTerm')}
          </Link>
        </>
      }
    >
      <div className="vocab-filters">
        <input
          ref={searchRef}
          className="input vocab-search"
          type="search"
          placeholder={t('terms.search')}
          title={t('terms.searchTermsLemmasTranslations')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-label={t('terms.search2')}
        />
        <LanguagePicker
          value={languageId ?? ''}
          onChange={(id) => setParams({ lang: id || 'all', text: null })}
          placeholder={t('terms.allLanguages')}
          label={t('terms.language')}
          className="input"
        />
        {view === 'terms' && (
          <>
            <select
              className="input"
              value={status}
              onChange={(e) => setParams({ status: e.target.value === 'all' ? null : e.target.value })}
              aria-label={t('terms.statusFilter')}
            >
              {statusFilters().map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <select className="input" value={tagSelectValue} onChange={(e) => setParams({ tag: e.target.value || null })} aria-label={t('terms.tagFilter')}>
              <option value="">{t('terms.anyTag')}</option>
              <option value="none">{t('terms.untagged')}</option>
              {(tags ?? []).map((tm) => (
                <option key={tm.TgID} value={tm.TgID}>
                  {tm.TgText} ({tm.TermCount})
                </option>
              ))}
              {tagFilter === 'unknown' && tagParam && 'name' in tagParam && (
                <option value={tagSelectValue}>{t('terms.noSuchTag', { name: tagParam.name })}</option>
              )}
              {typeof tagFilter === 'number' && tags && !tags.some((tm) => tm.TgID === tagFilter) && (
                <option value={tagSelectValue}>{t('terms.tagNotFound', { id: tagFilter })}</option>
              )}
            </select>
            <TextFilter languageId={languageId} value={textId} onChange={(id) => setParams({ text: id })} />
            <select
              className="input"
              value={sort}
              onChange={(e) => setParams({ sort: e.target.value === 'text' ? null : e.target.value })}
              aria-label={t('terms.sort')}
            >
              {sorts().map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </>
        )}
      </div>

      {view === 'families' ? (
        languageId ? (
          <FamiliesView languageId={languageId} q={q} />
        ) : (
          <EmptyState title={t('terms.chooseALanguage')}>{t('terms.wordFamiliesArePer')}</EmptyState>
        )
      ) : (
        <>
          {onlyIds && (
            <div className="terms-only-ids" role="status">
              {t('terms.showingToolsTerms', { count: onlyIds.split(',').length })}{' '}
              <button className="btn btn-small" onClick={() => setParams({ ids: null })}>
                {t('terms.showAllTerms')}
              </button>
            </div>
          )}
          <div className={`bulk-bar${selected.size ? ' active' : ''}`} aria-live="polite">
            <span className="bulk-count">{selected.size ? t('terms.nSelected', { count: selected.size }) : t('terms.noneSelected')}</span>
            <div className="bulk-actions">
              {[1, 2, 3, 4, 5].map((s) => (
                <button
                  key={s}
                  className={`btn btn-small term-status-btn term-status-${s}`}
                  disabled={!selected.size}
                  onClick={() => void bulk('bulk-status', { status: s })}
                  title={t('terms.setStatusKey', { status: s })}
                >
                  {s}
                </button>
              ))}
              <button className="btn btn-small" disabled={!selected.size} onClick={() => void bulk('s98')} title={t('terms.ignoreI')}>
                {t('terms.ign')}
              </button>
              <button
                className="btn btn-small"
                disabled={!selected.size}
                onClick={() => void bulk('s99')}
                title={t('terms.wellKnownW')}
                aria-label={t('terms.wellKnownW')}
              >
                {t('terms.wkn')}
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small" disabled={!selected.size} onClick={() => void askTag('addtag')}>
                {t('terms.addTag')}
              </button>
              <select
                className="input input-small bulk-more"
                value=""
                disabled={!selected.size}
                aria-label={t('terms.moreActions')}
                onChange={(e) => {
                  const action = e.target.value as BulkAction;
                  if (action === 'deltag') void askTag('deltag');
                  else if (action) void bulk(action);
                }}
              >
                <option value="">{t('terms.more')}</option>
                <option value="deltag">{t('terms.removeTag')}</option>
                <option value="today">{t('terms.statusDateToday')}</option>
                <option value="lower">{t('terms.lowercaseTheTermText')}</option>
                <option value="delsent">{t('terms.clearExampleSentences')}</option>
              </select>
              <span className="bulk-sep" />
              <button
                className="btn btn-small"
                disabled={!selected.size}
                onClick={() => withSelection('/review', 'selection')}
                title={t('terms.reviewTheSelectedTerms')}
              >
                {t('terms.reviewThese')}
              </button>
              <button
                className="btn btn-small"
                disabled={!selected.size}
                onClick={() => withSelection('/anki', 'marked')}
                title={t('terms.exportTheSelectedTerms')}
              >
                {t('terms.exportToAnki')}
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small btn-danger" disabled={!selected.size} onClick={() => void bulk('del')}>
                {t('terms.delete')}
              </button>
            </div>
          </div>
          <AnkiSendBar
            selected={[...selected]}
            filters={typeof tag_id === 'string' && tag_id !== 'none' ? null : { ...rest, tag_id }}
            total={data?.total ?? 0}
            onStatusesChanged={load}
          />

          {!data ? (
            <Spinner />
          ) : data.total === 0 ? (
            <EmptyState
              title={filtered ? t('terms.noTermsMatch') : t('terms.noTermsYet')}
              action={
                <Link className="btn btn-primary" to="/vocabulary/import">
                  {t('terms.importTerms')}
                </Link>
              }
            >
              {filtered ? t('terms.tryAnotherSearchOr') : t('terms.clickWordsWhileReading')}
            </EmptyState>
          ) : (
            <>
              <VocabularyTable terms={data.terms} selected={selected} allOnPage={allOnPage} onToggle={toggle} onToggleAll={toggleAll} />
              <Pager page={page} pages={data.pages} onPage={setPage} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
