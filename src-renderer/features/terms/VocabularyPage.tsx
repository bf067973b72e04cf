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
import { Markdown } from '../../components/Markdown';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { useApp } from '../../stores/app';
import { confirmDialog, promptDialog, toast } from '../../stores/ui';
import { FamiliesView } from './FamiliesView';
import { LanguageSelect, StatusBadge, statusAbbr, statusName } from './shared';
import { LEARNING_STATUSES, STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { TextFilter } from './TextFilter';
import './terms.css';
import { countOf } from '../../lib/plural';

const STATUS_FILTERS = [
  { value: 'all', label: 'Any status' },
  { value: 'learning', label: 'Learning (1-5)' },
  ...LEARNING_STATUSES.map((s) => ({ value: String(s), label: `${s} ${statusName(s)}` })),
  { value: 'known', label: `Known (5, ${statusAbbr(STATUS_WELL_KNOWN)})` },
  ...[STATUS_IGNORED, STATUS_WELL_KNOWN].map((s) => ({ value: String(s), label: statusName(s) })),
];

const SORTS: { value: TermSort; label: string }[] = [
  { value: 'text', label: 'Term A→Z' },
  { value: 'text_desc', label: 'Term Z→A' },
  { value: 'created_desc', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'modified_desc', label: 'Recently changed' },
  { value: 'status', label: 'Status ↑' },
  { value: 'status_desc', label: 'Status ↓' },
  { value: 'translation', label: 'Translation' },
  { value: 'lemma', label: 'Lemma' },
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
  if (names.length === 0) return 'Enter a tag';
  const long = names.find((n) => n.length > TAG_MAX_LENGTH);
  return long ? `“${long}” is too long: a tag has at most ${TAG_MAX_LENGTH} characters` : null;
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
    const t = setTimeout(() => setParams({ q: q.trim() || null }), 150);
    return () => clearTimeout(t);
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
          : (tags.find((t) => t.TgText.toLowerCase() === tagParam.name.toLowerCase())?.TgID ?? 'unknown');

  const filters = useMemo(
    () => ({
      language_id: languageId ?? undefined,
      status: status === 'all' ? undefined : status,
      tag_id: tagFilter,
      text_id: textId ?? undefined,
      q: urlQ.trim() || undefined,
      sort,
    }),
    [languageId, status, tagFilter, textId, urlQ, sort],
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

  const pageIds = data?.terms.map((t) => t.WoID) ?? [];
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
        title: `Delete ${countOf(ids.length, 'term')}?`,
        message: 'Their translations, notes and tags are deleted too.',
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      const res = await api.call('terms.bulkAction', { ids, action, ...extra });
      toast('success', `${countOf(res.count, 'term')} updated`);
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
      title: adding ? `Add tags to ${countOf(n, 'term')}` : `Remove tags from ${countOf(n, 'term')}`,
      message: adding ? 'Tags that do not exist yet are created.' : 'The terms lose these tags; the tags themselves stay.',
      label: 'Tags (comma-separated)',
      placeholder: adding
        ? 'verbs, A1'
        : (tags
            ?.slice(0, 2)
            .map((t) => t.TgText)
            .join(', ') ?? ''),
      confirmLabel: adding ? 'Add tags' : 'Remove tags',
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
  const filtered = Boolean(urlQ.trim() || status !== 'all' || tagParam || textId);
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
      title="Vocabulary"
      subtitle={data ? `${countOf(data.total, 'term')}` : undefined}
      wide
      actions={
        <>
          <div className="seg" role="tablist" aria-label="View">
            <button
              role="tab"
              aria-selected={view === 'terms'}
              className={`btn btn-small${view === 'terms' ? ' active' : ''}`}
              onClick={() => setParams({ view: null })}
            >
              Terms
            </button>
            <button
              role="tab"
              aria-selected={view === 'families'}
              className={`btn btn-small${view === 'families' ? ' active' : ''}`}
              onClick={() => setParams({ view: 'families' })}
            >
              Word families
            </button>
          </div>
          {view === 'terms' && (
            <div className="seg" role="group" aria-label="Export">
              <button
                className="btn btn-small"
                onClick={() => void exportList('csv')}
                title={selected.size ? `Export the ${selected.size} selected terms as CSV` : 'Export every term matching the filters as CSV'}
              >
                Export CSV
              </button>
              <button
                className="btn btn-small"
                onClick={() => void exportList('tsv')}
                title={selected.size ? `Export the ${selected.size} selected terms as TSV` : 'Export every term matching the filters as TSV'}
              >
                TSV
              </button>
            </div>
          )}
          <Link className="btn" to="/tags">
            Tags
          </Link>
          <Link className="btn" to="/vocabulary/import">
            Import
          </Link>
          <Link className="btn btn-primary" to={`/word/edit-term?new=1${languageId ? `&lang=${languageId}` : ''}`}>
            New term
          </Link>
        </>
      }
    >
      <div className="vocab-filters">
        <input
          ref={searchRef}
          className="input vocab-search"
          type="search"
          placeholder="Search…  ( / )"
          title="Search terms, lemmas, translations and romanizations (/)"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-label="Search"
        />
        <LanguageSelect value={languageId} onChange={(id) => setParams({ lang: id ?? 'all', text: null })} allowAll />
        {view === 'terms' && (
          <>
            <select
              className="input"
              value={status}
              onChange={(e) => setParams({ status: e.target.value === 'all' ? null : e.target.value })}
              aria-label="Status filter"
            >
              {STATUS_FILTERS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <select className="input" value={tagSelectValue} onChange={(e) => setParams({ tag: e.target.value || null })} aria-label="Tag filter">
              <option value="">Any tag</option>
              <option value="none">Untagged</option>
              {(tags ?? []).map((t) => (
                <option key={t.TgID} value={t.TgID}>
                  {t.TgText} ({t.TermCount})
                </option>
              ))}
              {tagFilter === 'unknown' && tagParam && 'name' in tagParam && <option value={tagSelectValue}>{tagParam.name} (no such tag)</option>}
              {typeof tagFilter === 'number' && tags && !tags.some((t) => t.TgID === tagFilter) && (
                <option value={tagSelectValue}>Tag #{tagFilter} (not found)</option>
              )}
            </select>
            <TextFilter languageId={languageId} value={textId} onChange={(id) => setParams({ text: id })} />
            <select className="input" value={sort} onChange={(e) => setParams({ sort: e.target.value === 'text' ? null : e.target.value })} aria-label="Sort">
              {SORTS.map((s) => (
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
          <EmptyState title="Choose a language">Word families are per language.</EmptyState>
        )
      ) : (
        <>
          <div className={`bulk-bar${selected.size ? ' active' : ''}`} aria-live="polite">
            <span className="bulk-count">{selected.size ? `${selected.size} selected` : 'None selected'}</span>
            <div className="bulk-actions">
              {[1, 2, 3, 4, 5].map((s) => (
                <button
                  key={s}
                  className={`btn btn-small term-status-btn term-status-${s}`}
                  disabled={!selected.size}
                  onClick={() => void bulk('bulk-status', { status: s })}
                  title={`Set status ${s} (key ${s})`}
                >
                  {s}
                </button>
              ))}
              <button className="btn btn-small" disabled={!selected.size} onClick={() => void bulk('s98')} title="Ignore (i)">
                Ign
              </button>
              <button className="btn btn-small" disabled={!selected.size} onClick={() => void bulk('s99')} title="Well known (w)">
                WKn
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small" disabled={!selected.size} onClick={() => void askTag('addtag')}>
                Add tag
              </button>
              <select
                className="input input-small bulk-more"
                value=""
                disabled={!selected.size}
                aria-label="More actions"
                onChange={(e) => {
                  const action = e.target.value as BulkAction;
                  if (action === 'deltag') void askTag('deltag');
                  else if (action) void bulk(action);
                }}
              >
                <option value="">More…</option>
                <option value="deltag">Remove tag</option>
                <option value="today">Status date → today</option>
                <option value="lower">Lowercase the term text</option>
                <option value="delsent">Clear example sentences</option>
              </select>
              <span className="bulk-sep" />
              <button
                className="btn btn-small"
                disabled={!selected.size}
                onClick={() => withSelection('/review', 'selection')}
                title="Review the selected terms (r)"
              >
                Review these
              </button>
              <button
                className="btn btn-small"
                disabled={!selected.size}
                onClick={() => withSelection('/anki', 'marked')}
                title="Export the selected terms as an Anki deck"
              >
                Export to Anki
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small btn-danger" disabled={!selected.size} onClick={() => void bulk('del')}>
                Delete
              </button>
            </div>
          </div>

          {!data ? (
            <Spinner />
          ) : data.total === 0 ? (
            <EmptyState
              title={filtered ? 'No terms match' : 'No terms yet'}
              action={
                <Link className="btn btn-primary" to="/vocabulary/import">
                  Import terms
                </Link>
              }
            >
              {filtered ? 'Try another search or filter.' : 'Click words while reading, add terms here, or import a CSV/TSV list.'}
            </EmptyState>
          ) : (
            <>
              <table className="table vocab-table">
                <thead>
                  <tr>
                    <th className="col-check">
                      <input type="checkbox" checked={allOnPage} onChange={toggleAll} aria-label="Select all on this page" />
                    </th>
                    <th>Term</th>
                    <th>Translation</th>
                    <th>Lemma</th>
                    <th>Tags</th>
                    <th>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.terms.map((t) => (
                    <tr key={t.WoID} className={selected.has(t.WoID) ? 'selected' : undefined}>
                      <td className="col-check">
                        <input type="checkbox" checked={selected.has(t.WoID)} onChange={() => toggle(t.WoID)} aria-label={`Select ${t.WoText}`} />
                      </td>
                      <td className="term-cell">
                        <Link to={`/word/edit-term?id=${t.WoID}`}>{t.WoText}</Link>
                        {t.WoRomanization && <span className="muted term-roman">{t.WoRomanization}</span>}
                      </td>
                      <td className="translation-cell">
                        <Markdown text={t.WoTranslation} />
                      </td>
                      <td className="muted">{t.WoLemma ?? ''}</td>
                      <td>
                        {t.TermTags.map((tag) => (
                          <span key={tag} className="badge tag-badge">
                            {tag}
                          </span>
                        ))}
                      </td>
                      <td>
                        <StatusBadge status={t.WoStatus} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} pages={data.pages} onPage={setPage} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
