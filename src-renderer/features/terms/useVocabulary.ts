// Runs in: renderer. The vocabulary's state (VocabularyPage renders it): the filters the URL holds, the list they
// load, the selection and its bulk actions, export, and the page's keys.
// Long because: the URL's filters, the list they load and the selection's bulk actions change together (not yet a model: issue 45).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BulkAction, TermListFilters, TermPage, TermSort } from '../../../src-shared/contract/terms';
import { TERM_SORTS } from '../../../src-shared/contract/terms';
import { TAG_MAX_LENGTH } from '../../../src-shared/contract/tags';
import { splitTagList } from '../../../src-shared/import/term-rows';
import { api, saveFile } from '../../api/client';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { navigate, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { confirmDialog, promptDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

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
  if (names.length === 0) return t('vocabulary.tagMissing');
  const long = names.find((n) => n.length > TAG_MAX_LENGTH);
  return long ? t('vocabulary.tagTooLong', { tag: long, max: TAG_MAX_LENGTH }) : null;
}

export type Vocabulary = ReturnType<typeof useVocabulary>;

export function useVocabulary() {
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
        title: t('vocabulary.deleteTitle', { count: ids.length }),
        message: t('vocabulary.deleteMessage'),
        confirmLabel: t('terms.delete'),
        danger: true,
      }))
    )
      return;
    try {
      const res = await api.call('terms.bulkAction', { ids, action, ...extra });
      toast('success', t('vocabulary.updated', { count: res.count }));
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
      title: adding ? t('vocabulary.addTagsTitle', { count: n }) : t('vocabulary.removeTagsTitle', { count: n }),
      message: adding ? t('vocabulary.addTagsMessage') : t('vocabulary.removeTagsMessage'),
      label: t('vocabulary.tagsPrompt'),
      placeholder: adding
        ? 'verbs, A1'
        : (tags
            ?.slice(0, 2)
            .map((tm) => tm.TgText)
            .join(', ') ?? ''),
      confirmLabel: adding ? t('vocabulary.addTagsConfirm') : t('vocabulary.removeTagsConfirm'),
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

  return {
    data,
    view,
    setParams,
    exportList,
    selected,
    languageId,
    searchRef,
    q,
    setQ,
    status,
    tagSelectValue,
    tags,
    tagFilter,
    tagParam,
    textId,
    sort,
    onlyIds,
    bulk,
    askTag,
    withSelection,
    tag_id,
    rest,
    load,
    filtered,
    allOnPage,
    toggle,
    toggleAll,
    page,
    setPage,
  };
}
