// Runs in: renderer. The library: texts of the current language (or all) with search, tag filter, sort,
// archive, and per-text counts of unknown / learning / known words.
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
import { countOf } from '../../lib/plural';

const SORT_LABELS: Record<(typeof TEXT_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title',
  unknown: 'Fewest unknown words',
  opened: 'Recently opened',
};

export function CountsBar({ counts }: { counts: TextListItem['counts'] }) {
  const total = Math.max(1, counts.total);
  const pct = (n: number) => `${(n / total) * 100}%`;
  return (
    <div className="counts" title={`${counts.unknown} unknown · ${counts.learning} learning · ${counts.known} known · ${counts.ignored} ignored`}>
      <div className="counts-bar" aria-hidden="true">
        <span className="seg-unknown" style={{ width: pct(counts.unknown) }} />
        <span className="seg-learning" style={{ width: pct(counts.learning) }} />
        <span className="seg-known" style={{ width: pct(counts.known + counts.ignored) }} />
      </div>
      <span className="counts-text">
        <b>{counts.unknown}</b> unknown · {counts.learning} learning · {counts.known} known
      </span>
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
  const [page, setPage] = useState(1);
  const { data, reload: load } = useCall(
    'texts.list',
    {
      ...(language === 'all' ? {} : { language }),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(tag ? { tag } : {}),
      sort,
      archived,
      page,
      perPage: 25,
    },
    undefined,
    { debounceMs: 150, toastErrors: true, keepData: true },
  );
  const tags = useCall('textTags.list', {}).data ?? [];
  useHotkeys({ n: () => navigate('/texts/new'), '/': () => document.querySelector<HTMLInputElement>('#library-search')?.focus() });

  async function toggleArchive(t: TextListItem) {
    if ((await attempt(() => api.call('texts.archive', { id: t.TxID, archived: !t.TxArchived }))) === undefined) return;
    toast('success', t.TxArchived ? 'Moved back to the library' : 'Archived');
    load();
  }
  async function remove(t: TextListItem) {
    if (!(await confirmDialog({ title: `Delete “${t.TxTitle}”?`, message: 'The text goes; your terms stay.', confirmLabel: 'Delete', danger: true }))) return;
    if ((await attempt(() => api.call('texts.delete', { id: t.TxID }))) !== undefined) load();
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  return (
    <Page
      title="Library"
      subtitle={data ? countOf(data.total, archived ? 'archived text' : 'text') : undefined}
      actions={
        <>
          <Link className="btn" to="/tags/text">
            Text tags
          </Link>
          <Link className="btn btn-primary" to="/texts/new" title="New text (N)">
            New text
          </Link>
        </>
      }
    >
      <div className="library-filters">
        <input
          id="library-search"
          className="input"
          type="search"
          placeholder="Search titles… ( / )"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
          aria-label="Search"
        />
        <select value={language} onChange={(e) => (setLanguage(e.target.value === 'all' ? 'all' : Number(e.target.value)), setPage(1))} aria-label="Language">
          <option value="all">All languages</option>
          {languages.map((l) => (
            <option key={l.LgID} value={l.LgID}>
              {l.LgName}
            </option>
          ))}
        </select>
        <select value={tag} onChange={(e) => (setTag(e.target.value), setPage(1))} aria-label="Tag">
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t.T2ID} value={t.T2Text}>
              {t.T2Text}
            </option>
          ))}
        </select>
        <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)} aria-label="Sort">
          {TEXT_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <label className="check">
          <input type="checkbox" checked={archived} onChange={(e) => (setArchived(e.target.checked), setPage(1))} /> Archived
        </label>
      </div>
      {!data ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={archived ? 'No archived texts' : 'No texts yet'}
          action={
            <Link className="btn btn-primary" to="/texts/new">
              Add a text
            </Link>
          }
        >
          Paste a text or open a .txt file; every word is coloured by what you know of it.
        </EmptyState>
      ) : (
        <table className="table library-table">
          <thead>
            <tr>
              <th>Title</th>
              <th>Words</th>
              <th className="row-actions">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((t) => (
              <tr key={t.TxID}>
                <td>
                  <Link to={`/read/${t.TxID}`} className="library-title">
                    {t.TxTitle}
                  </Link>
                  <div className="library-meta">
                    {t.LgName}
                    {t.TxAudioURI && ' · 🔊 audio'}
                    {t.TxFinishedAt && ' · ✓ read'}
                    {t.TextTags.map((g) => (
                      <span key={g} className="badge">
                        {g}
                      </span>
                    ))}
                  </div>
                </td>
                <td style={{ minWidth: 220 }}>
                  <CountsBar counts={t.counts} />
                </td>
                <td className="row-actions">
                  <Link className="btn btn-small btn-primary" to={`/read/${t.TxID}`}>
                    Read
                  </Link>
                  <Link className="btn btn-small" to={`/texts/${t.TxID}/edit`}>
                    Edit
                  </Link>
                  <button className="btn btn-small" onClick={() => void toggleArchive(t)}>
                    {t.TxArchived ? 'Unarchive' : 'Archive'}
                  </button>
                  <button className="btn btn-small btn-ghost btn-danger-ghost" onClick={() => void remove(t)} aria-label={`Delete ${t.TxTitle}`}>
                    Delete
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
            ← Previous
          </button>
          <span className="muted">
            Page {page} of {pages}
          </span>
          <button className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next →
          </button>
        </div>
      )}
    </Page>
  );
}
