// Runs in: renderer. Dictionaries of a language: list with entry counts, create / rename / delete, import
// by drop or file picker with upload and processing progress, the curated catalogue, and a lookup box.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { CuratedDictionaryDto, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { EmptyState, Page, ProgressBar } from '../../components/Page';
import { useApp } from '../../stores/app';
import { chooseDialog, confirmDialog, toast } from '../../stores/ui';
import DictionaryEntries from './DictionaryEntries';
import { ImportStatus } from './ImportStatus';
import { DICTIONARY_EXTENSIONS, importDictionaryFile, useDictionaryImport } from './store';
import './dictionaries.css';

const ACCEPT = DICTIONARY_EXTENSIONS.filter((e) => e !== '.ifo')
  .concat('.tgz')
  .join(',');
const FORMAT_LABELS: Record<string, string> = { csv: 'CSV', tsv: 'TSV', json: 'JSON', stardict: 'StarDict', yomitan: 'Yomitan' };

function DictionaryRow({ dict, onChanged, onImport }: { dict: LocalDictionaryDto; onChanged(): void; onImport(d: LocalDictionaryDto): void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(dict.LdName);

  async function rename() {
    const next = name.trim();
    setEditing(false);
    if (!next || next === dict.LdName) return setName(dict.LdName);
    try {
      await api.call('dictionaries.update', { id: dict.LdID, LdName: next });
      onChanged();
    } catch (err) {
      showError(err);
      setName(dict.LdName);
    }
  }

  async function remove() {
    const ok = await confirmDialog({
      title: `Delete ${dict.LdName}?`,
      message: `Its ${dict.LdEntryCount.toLocaleString()} entries are deleted with it. Your terms are not touched.`,
      confirmLabel: 'Delete dictionary',
      danger: true,
    });
    if (!ok) return;
    try {
      await api.call('dictionaries.delete', { id: dict.LdID });
      toast('success', `${dict.LdName} deleted`);
      onChanged();
    } catch (err) {
      showError(err);
    }
  }

  return (
    <tr>
      <td>
        {editing ? (
          <input
            className="input"
            aria-label="Dictionary name"
            autoFocus
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => void rename()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void rename();
              if (e.key === 'Escape') {
                setName(dict.LdName);
                setEditing(false);
              }
            }}
          />
        ) : (
          <strong className="dict-name">{dict.LdName}</strong>
        )}
        {(dict.LdDescription || dict.LdLicense) && (
          <div className="dict-meta" title={[dict.LdDescription, dict.LdLicense].filter(Boolean).join('\n')}>
            {[dict.LdDescription, dict.LdLicense]
              .filter(Boolean)
              .join(' · ')
              .replace(/<[^>]*>/g, ' ')}
          </div>
        )}
      </td>
      <td>{FORMAT_LABELS[dict.LdSourceFormat] ?? (dict.LdSourceFormat || '—')}</td>
      <td className="num">{dict.LdEntryCount.toLocaleString()}</td>
      <td>
        {/* A flex <td> loses its cell borders on rows taller than one line: the flex box goes inside. */}
        <div className="row-actions">
          <button className="btn btn-small" onClick={() => onImport(dict)}>
            Import file…
          </button>
          <button className="btn btn-small" onClick={() => setEditing(true)}>
            Rename
          </button>
          <button className="btn btn-small btn-danger-ghost" onClick={() => void remove()}>
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

function CuratedList({ languageId, onImported }: { languageId: number; onImported(): void }) {
  // The catalogue is optional help: a failed load shows nothing.
  const items = useCall('dictionaries.curated', { language_id: languageId }).data;
  const [busy, setBusy] = useState<string | null>(null);

  async function download(item: CuratedDictionaryDto) {
    setBusy(item.id);
    try {
      const summary = await api.call('dictionaries.importCurated', { language_id: languageId, catalogue_id: item.id });
      toast('success', `${summary.dictionary.LdName}: ${summary.imported.toLocaleString()} headwords imported`);
      onImported();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  if (!items || items.length === 0) return null;
  return (
    <section className="card">
      <div className="card-header">
        <h2>Free dictionaries for this language</h2>
      </div>
      <ul className="curated-list">
        {items.map((c) => (
          <li key={c.id}>
            <div>
              <strong>{c.name}</strong>
              <div className="dict-meta">
                {c.description} Licence: {c.license}. {c.attribution}.
              </div>
              {busy === c.id && <ProgressBar value={null} label="Downloading and importing" />}
            </div>
            <button className="btn btn-small" disabled={busy !== null} onClick={() => void download(c)}>
              Download
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function DictionariesPage() {
  const { languages, currentLanguageId } = useApp();
  const query = useQuery();
  const [languageId, setLanguageId] = useState<number | null>(() => Number(query.get('language_id')) || currentLanguageId);
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const [probe, setProbe] = useState('');
  const [dragging, setDragging] = useState(false);
  const revision = useDictionaryImport((s) => s.revision);
  const fileInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const probeInput = useRef<HTMLInputElement>(null);
  const importTarget = useRef<{ dictionary?: LocalDictionaryDto; replace?: boolean }>({});

  const language = languages.find((l) => l.LgID === languageId) ?? null;
  useEffect(() => {
    if (languageId === null && currentLanguageId !== null) setLanguageId(currentLanguageId);
  }, [languageId, currentLanguageId]);

  const { data: dictionaries, reload } = useCall('dictionaries.list', languageId === null ? null : { language_id: languageId }, [languageId, revision], {
    toastErrors: true,
    keepData: true,
  });

  useHotkeys({
    n: () => {
      setCreating(true);
      setTimeout(() => newInput.current?.focus());
    },
    i: () => pickFile({}),
    '/': (e) => {
      e.preventDefault();
      probeInput.current?.focus();
    },
  });

  function pickFile(target: { dictionary?: LocalDictionaryDto; replace?: boolean }) {
    importTarget.current = target;
    fileInput.current?.click();
  }

  async function importInto(dictionary: LocalDictionaryDto) {
    if (dictionary.LdEntryCount === 0) return pickFile({ dictionary });
    const mode = await chooseDialog({
      title: `Import into ${dictionary.LdName}`,
      options: [
        { value: 'append', label: 'Add to its entries', description: `Keeps the ${dictionary.LdEntryCount.toLocaleString()} entries it has.` },
        { value: 'replace', label: 'Replace its entries', description: 'Deletes its entries first, in the same step: a failed import keeps the old ones.' },
      ],
    });
    if (mode) pickFile({ dictionary, replace: mode === 'replace' });
  }

  async function importFiles(files: File[]) {
    if (languageId === null || files.length === 0) return;
    const { dictionary, replace } = importTarget.current;
    importTarget.current = {};
    for (const file of files) await importDictionaryFile(file, { languageId, dictionaryId: dictionary?.LdID, replace });
  }

  async function create() {
    if (languageId === null || !newName.trim()) return;
    try {
      await api.call('dictionaries.create', { LdLgID: languageId, LdName: newName.trim() });
      setNewName('');
      setCreating(false);
      reload();
    } catch (err) {
      showError(err);
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    importTarget.current = {};
    void importFiles([...e.dataTransfer.files]);
  }

  if (languages.length === 0) {
    return (
      <Page title="Dictionaries">
        <EmptyState
          title="No languages yet"
          action={
            <Link className="btn btn-primary" to="/languages/new">
              Add a language
            </Link>
          }
        >
          Dictionaries belong to a language. Add the language you learn first.
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page
      title="Dictionaries"
      subtitle="Local dictionaries answer in the reader instantly and offline."
      actions={
        <>
          <select className="input" aria-label="Language" value={languageId ?? ''} onChange={(e) => setLanguageId(Number(e.target.value))}>
            {languages.map((l) => (
              <option key={l.LgID} value={l.LgID}>
                {l.LgName}
              </option>
            ))}
          </select>
          <button className="btn" onClick={() => setCreating(true)} title="New empty dictionary (N)">
            New dictionary
          </button>
          <button className="btn btn-primary" onClick={() => pickFile({})} title="Import a file as a new dictionary (I)">
            Import file…
          </button>
        </>
      }
    >
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="dictionary-file"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void importFiles(files);
        }}
      />
      <div
        className={`dict-dropzone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <strong>Drop a dictionary file here</strong>
        <span>
          CSV, TSV or JSON glossaries; StarDict bundles and Yomitan dictionaries packed as .zip, .tar.gz, .tar.bz2 or .tar.xz. It becomes a new dictionary of{' '}
          {language?.LgName ?? 'this language'}.
        </span>
      </div>
      <ImportStatus />

      {creating && (
        <form
          className="card dict-new"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input
            ref={newInput}
            className="input"
            autoFocus
            placeholder="Name of the new dictionary"
            aria-label="New dictionary name"
            value={newName}
            maxLength={100}
            onChange={(e) => setNewName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setCreating(false)}
          />
          <button className="btn btn-primary" type="submit" disabled={!newName.trim()}>
            Create
          </button>
          <button className="btn btn-ghost" type="button" onClick={() => setCreating(false)}>
            Cancel
          </button>
        </form>
      )}

      {!dictionaries ? null : dictionaries.length === 0 ? (
        <EmptyState title={`No dictionaries for ${language?.LgName ?? 'this language'} yet`}>
          Drop a file above, pick one with Import file…, or download a free dictionary below.
        </EmptyState>
      ) : (
        <table className="table dict-table" aria-label="Dictionaries">
          <thead>
            <tr>
              <th>Name</th>
              <th>Format</th>
              <th className="num">Entries</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {dictionaries.map((d) => (
              <DictionaryRow key={`${d.LdID}:${d.LdName}`} dict={d} onChanged={reload} onImport={(x) => void importInto(x)} />
            ))}
          </tbody>
        </table>
      )}

      {languageId !== null && (
        <section className="card dict-probe">
          <div className="card-header">
            <h2>Look up a word</h2>
          </div>
          <input
            ref={probeInput}
            className="input"
            type="search"
            placeholder="Type a word (press / to jump here)"
            aria-label="Word to look up"
            value={probe}
            onChange={(e) => setProbe(e.target.value)}
          />
          {probe.trim() && (
            <DictionaryEntries
              languageId={languageId}
              term={probe.trim()}
              onPick={(definition) => {
                void navigator.clipboard?.writeText(definition);
                toast('info', 'Definition copied');
              }}
            />
          )}
        </section>
      )}

      {languageId !== null && <CuratedList languageId={languageId} onImported={reload} />}
    </Page>
  );
}
