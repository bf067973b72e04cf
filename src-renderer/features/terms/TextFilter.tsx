// Runs in: renderer. The vocabulary's "text" filter: a searchable select (combobox) over the learner's texts
// of the chosen language, archived ones included, searched on the server as the user types.
// Long because: one ARIA combobox (input, listbox, arrow keys, the server search as you type) that only works
// whole.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TextListItem } from '../../../src-shared/contract/texts';
import { api } from '../../api/client';
import { useAsync, useCall } from '../../lib/useCall';
import { t } from '../../lib/i18n';

const SHOWN = 20;

interface Option {
  id: number | null;
  title: string;
  detail?: string;
}

/** Read at render: the title is in the interface language of the moment. */
const anyOption = (): Option => ({ id: null, title: t('terms.anyText') });

/** The texts matching `search` (active first, then archived), at most SHOWN of each. */
async function findTexts(languageId: number | null, search: string): Promise<TextListItem[]> {
  const base = { language: languageId ?? undefined, search: search.trim() || undefined, sort: 'title' as const, perPage: SHOWN };
  const [active, archived] = await Promise.all([api.call('texts.list', base), api.call('texts.list', { ...base, archived: true })]);
  return [...active.items, ...archived.items];
}

export function TextFilter({ languageId, value, onChange }: { languageId: number | null; value: number | null; onChange: (id: number | null) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  // The chosen text's title (it may come from the URL). A text that is not the user's shows its number.
  const chosen = useCall('texts.get', value === null ? null : { id: value });
  const title = value === null ? null : chosen.error ? t('terms.textNotFound', { id: value }) : (chosen.data?.TxTitle ?? null);

  // While typing, the previous matches stay until the new ones arrive; a failed search offers "Any text" only.
  const found = useAsync(open ? () => findTexts(languageId, search) : null, [open, search, languageId], { debounceMs: search ? 150 : 0, keepData: true });
  const options = useMemo<Option[] | null>(
    () =>
      !open
        ? null
        : found.error
          ? [anyOption()]
          : found.data
            ? [
                anyOption(),
                ...found.data.map((x) => ({
                  id: x.TxID,
                  title: x.TxTitle,
                  detail: [languageId === null ? x.LgName : '', x.TxArchived ? 'archived' : ''].filter(Boolean).join(' · '),
                })),
              ]
            : null,
    [open, found.error, found.data, languageId],
  );
  useEffect(() => setActive(0), [found.data]);

  function openList() {
    setSearch('');
    found.setData(undefined);
    setOpen(true);
  }
  function pick(o: Option) {
    setOpen(false);
    if (o.id !== value) onChange(o.id);
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape' && open) {
      // Close the list only; the page's Escape (clear the selection) is not meant.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      return;
    }
    if (!open) {
      if (e.key === 'ArrowDown' || e.key === 'Enter') {
        e.preventDefault();
        openList();
      }
      return;
    }
    const n = options?.length ?? 0;
    if (e.key === 'ArrowDown') setActive((a) => Math.min(n - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter' && options?.[active]) pick(options[active]);
    else return;
    e.preventDefault();
  }

  const display = value === null ? '' : (title ?? '…');
  return (
    <div className={`text-filter${value !== null ? ' has-value' : ''}`}>
      <input
        ref={inputRef}
        className="input"
        role="combobox"
        aria-label={t('terms.textFilter')}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options?.[active] ? `${listId}-${active}` : undefined}
        placeholder={open ? t('terms.searchTexts') : t('terms.anyText')}
        value={open ? search : display}
        title={display || t('terms.onlyInText')}
        onChange={(e) => {
          if (!open) setOpen(true);
          setSearch(e.target.value);
        }}
        onFocus={openList}
        onClick={() => !open && openList()}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {value !== null && !open && (
        <button
          type="button"
          className="text-filter-clear"
          aria-label={t('terms.clearTheTextFilter')}
          title={t('terms.anyText')}
          onClick={() => onChange(null)}
        >
          ×
        </button>
      )}
      {open && (
        <ul id={listId} role="listbox" className="text-filter-list" aria-label={t('terms.texts')}>
          {!options ? (
            <li className="text-filter-empty">{t('terms.loading')}</li>
          ) : (
            options.map((o, i) => (
              <li
                key={o.id ?? 'any'}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`${i === active ? 'active' : ''}${o.id === value ? ' chosen' : ''}`}
                // mousedown, not click: the input keeps its focus until the pick is made.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o);
                  inputRef.current?.blur();
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="text-filter-title">{o.title}</span>
                {o.detail && <span className="muted text-filter-detail">{o.detail}</span>}
              </li>
            ))
          )}
          {options && options.length === 1 && <li className="text-filter-empty">{search ? t('terms.noTextMatches') : t('terms.noTextsInThis')}</li>}
        </ul>
      )}
    </div>
  );
}
