// Runs in: renderer. Dictionaries of a language: list with entry counts, create / rename / delete, import
// by drop or file picker with upload and processing progress, the curated catalogue, and a lookup box.
import { useEffect, useRef, useState } from 'react';
import type { CuratedDictionaryDto, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { api } from '../../api/client';
import { ErrorLine } from '../../components/ErrorLine';
import { errorMessageNaming, showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { FileDrop, type FileChooser } from '../../components/FileDrop';
import { LanguagePicker } from '../../components/LanguagePicker';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { EmptyState, Page, ProgressBar } from '../../components/Page';
import { useApp } from '../../stores/app';
import { chooseDialog, confirmDialog, toast } from '../../stores/ui';
import DictionaryEntries from './DictionaryEntries';
import { ImportStatus } from './ImportStatus';
import { DICTIONARY_EXTENSIONS, importDictionaryFile, useDictionaryImport } from './store';
import './dictionaries.css';
import { formatNumber, t, useLocale } from '../../lib/i18n';
import { curatedDictionaryText } from '../../lib/i18n/curated';

const ACCEPT = DICTIONARY_EXTENSIONS.filter((e) => e !== '.ifo')
  .concat('.tgz')
  .join(',');
const FORMAT_LABELS: Record<string, string> = {
  csv: t('dict.csv'),
  tsv: t('dict.tsv'),
  json: t('dict.json'),
  stardict: t('dict.stardict'),
  yomitan: t('dict.yomitan'),
};

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
      title: t('dict.deleteTitle', { name: dict.LdName }),
      message: t('dict.deleteMessage', { count: dict.LdEntryCount }),
      confirmLabel: t('dict.deleteDictionary'),
      danger: true,
    });
    if (!ok) return;
    try {
      await api.call('dictionaries.delete', { id: dict.LdID });
      toast('success', t('dict.deleted', { name: dict.LdName }));
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
            aria-label={t('dict.dictionaryName')}
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
      <td className="num">{formatNumber(dict.LdEntryCount)}</td>
      <td>
        {/* A flex <td> loses its cell borders on rows taller than one line: the flex box goes inside. */}
        <div className="row-actions">
          <button className="btn btn-small" onClick={() => onImport(dict)}>
            {t('dict.importFile')}
          </button>
          <button className="btn btn-small" onClick={() => setEditing(true)}>
            {t('dict.rename')}
          </button>
          <button className="btn btn-small btn-danger-ghost" onClick={() => void remove()}>
            {t('dict.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

function CuratedList({ languageId, onImported }: { languageId: number; onImported(): void }) {
  // The catalogue is optional help: a failed load shows nothing.
  const items = useCall('dictionaries.curated', { language_id: languageId }).data;
  const locale = useLocale((s) => s.locale);
  const [busy, setBusy] = useState<string | null>(null);
  // A failed download is said under its own entry, with Retry (offline is the usual cause).
  const [failed, setFailed] = useState<{ id: string; error: string } | null>(null);

  async function download(item: CuratedDictionaryDto) {
    setBusy(item.id);
    setFailed(null);
    try {
      const summary = await api.call('dictionaries.importCurated', { language_id: languageId, catalogue_id: item.id });
      // The catalogue's name in the interface language (the stored dictionary keeps the catalogue's English one).
      toast('success', t('dict.headwordsImported', { name: curatedDictionaryText(item, locale).name, count: summary.imported }));
      onImported();
    } catch (err) {
      setFailed({ id: item.id, error: errorMessageNaming(err, curatedDictionaryText(item, locale).name) });
    } finally {
      setBusy(null);
    }
  }

  if (!items || items.length === 0) return null;
  return (
    <section className="card">
      <div className="card-header">
        <h2>{t('dict.freeDictionariesForThis')}</h2>
      </div>
      <ul className="curated-list">
        {items.map((c) => (
          <li key={c.id}>
            <div>
              <strong>{curatedDictionaryText(c, locale).name}</strong>
              <div className="dict-meta">
                {curatedDictionaryText(c, locale).description} {t('dict.curatedLicence', { license: c.license, attribution: c.attribution })}
              </div>
              {busy === c.id && <ProgressBar value={null} label={t('dict.downloadingAndImporting')} />}
              {failed?.id === c.id && <ErrorLine error={failed.error} onRetry={() => void download(c)} />}
            </div>
            <button className="btn btn-small" disabled={busy !== null} onClick={() => void download(c)}>
              {t('dict.download')}
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
  const revision = useDictionaryImport((s) => s.revision);
  const chooser = useRef<FileChooser>(null);
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
    chooser.current?.open();
  }

  async function importInto(dictionary: LocalDictionaryDto) {
    if (dictionary.LdEntryCount === 0) return pickFile({ dictionary });
    const mode = await chooseDialog({
      title: t('dict.importInto', { name: dictionary.LdName }),
      options: [
        { value: 'append', label: t('dict.addToItsEntries'), description: t('dict.keepsEntries', { count: dictionary.LdEntryCount }) },
        { value: 'replace', label: t('dict.replaceItsEntries'), description: t('dict.deletesItsEntriesFirst') },
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

  if (languages.length === 0) {
    return (
      <Page title={t('dict.dictionaries')}>
        <NoLanguageYet>{t('dict.dictionariesBelongToA')}</NoLanguageYet>
      </Page>
    );
  }

  return (
    <Page
      title={t('dict.dictionaries')}
      subtitle={t('dict.localDictionariesAnswerIn')}
      actions={
        <>
          <LanguagePicker className="input" label={t('dict.language')} value={languageId ?? ''} onChange={(id) => id !== '' && setLanguageId(id)} />
          <button className="btn" onClick={() => setCreating(true)} title={t('dict.newEmptyDictionaryN')}>
            {t('dict.newDictionary')}
          </button>
          <button className="btn btn-primary" onClick={() => pickFile({})} title={t('dict.importAFileAs')}>
            {t('dict.importFile')}
          </button>
        </>
      }
    >
      <FileDrop
        className="dict-dropzone"
        chooserRef={chooser}
        accept={ACCEPT}
        multiple
        testId="dictionary-file"
        chosen={null}
        prompt={t('dict.dropADictionaryFile')}
        hint={
          <>
            {t('dict.dropFormats')} {language ? t('dict.becomesNewOf', { language: language.LgName }) : t('dict.becomesNew')}
          </>
        }
        onFiles={(files, how) => {
          // A row's "import into" chose its target before opening the chooser; a drop always makes a new one.
          if (how === 'drop') importTarget.current = {};
          void importFiles(files);
        }}
      />
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
            placeholder={t('dict.nameOfTheNew')}
            aria-label={t('dict.newDictionaryName')}
            value={newName}
            maxLength={100}
            onChange={(e) => setNewName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setCreating(false)}
          />
          <button className="btn btn-primary" type="submit" disabled={!newName.trim()}>
            {t('dict.create')}
          </button>
          <button className="btn btn-ghost" type="button" onClick={() => setCreating(false)}>
            {t('dict.cancel')}
          </button>
        </form>
      )}

      {!dictionaries ? null : dictionaries.length === 0 ? (
        <EmptyState title={language ? t('dict.noneFor', { language: language.LgName }) : t('dict.noneForThis')}>{t('dict.dropAFileAbove')}</EmptyState>
      ) : (
        <table className="table dict-table" aria-label={t('dict.dictionaries')}>
          <thead>
            <tr>
              <th>{t('dict.name')}</th>
              <th>{t('dict.format')}</th>
              <th className="num">{t('dict.entries')}</th>
              <th aria-label={t('dict.actions')} />
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
            <h2>{t('dict.lookUpAWord')}</h2>
          </div>
          <input
            ref={probeInput}
            className="input"
            type="search"
            placeholder={t('dict.typeAWordPress')}
            aria-label={t('dict.wordToLookUp')}
            value={probe}
            onChange={(e) => setProbe(e.target.value)}
          />
          {probe.trim() && (
            <DictionaryEntries
              languageId={languageId}
              term={probe.trim()}
              onPick={(definition) => {
                void navigator.clipboard?.writeText(definition);
                toast('info', t('dict.definitionCopied'));
              }}
            />
          )}
        </section>
      )}

      {languageId !== null && <CuratedList languageId={languageId} onImported={reload} />}
    </Page>
  );
}
