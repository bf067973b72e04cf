// Runs in: renderer. Dictionaries of a language: list with entry counts, create / rename / delete, import
// by drop or file picker with upload and processing progress, the curated catalogue, and a lookup box. The page
// holds the language, the import target and the hotkeys; its row, forms and cards are components beside it.
import { useEffect, useRef, useState } from 'react';
import type { LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { useCall } from '../../lib/useCall';
import { useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { FileDrop, type FileChooser } from '../../components/FileDrop';
import { LanguagePicker } from '../../components/LanguagePicker';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { EmptyState, Page } from '../../components/Page';
import { useApp } from '../../stores/app';
import { chooseDialog } from '../../stores/ui';
import { CuratedList } from './CuratedList';
import { DictionaryTable } from './DictionaryTable';
import { LookupCard } from './LookupCard';
import { NewDictionaryForm } from './NewDictionaryForm';
import { ImportStatus } from './ImportStatus';
import { DICTIONARY_EXTENSIONS, importDictionaryFile, useDictionaryImport } from './store';
import './dictionaries.css';
import { t } from '../../lib/i18n';

const ACCEPT = DICTIONARY_EXTENSIONS.filter((e) => e !== '.ifo')
  .concat('.tgz')
  .join(',');

export default function DictionariesPage() {
  const { languages, currentLanguageId } = useApp();
  const query = useQuery();
  const [languageId, setLanguageId] = useState<number | null>(() => Number(query.get('language_id')) || currentLanguageId);
  const [creating, setCreating] = useState(false);
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

      {creating && <NewDictionaryForm languageId={languageId} inputRef={newInput} onCreated={reload} onClose={() => setCreating(false)} />}

      {!dictionaries ? null : dictionaries.length === 0 ? (
        <EmptyState title={language ? t('dict.noneFor', { language: language.LgName }) : t('dict.noneForThis')}>{t('dict.dropAFileAbove')}</EmptyState>
      ) : (
        <DictionaryTable dictionaries={dictionaries} onChanged={reload} onImport={(x) => void importInto(x)} />
      )}

      {languageId !== null && <LookupCard languageId={languageId} inputRef={probeInput} />}

      {languageId !== null && <CuratedList languageId={languageId} onImported={reload} />}
    </Page>
  );
}
