// Runs in: renderer. Local dictionary entries for a word and its lemma, for the reader's word panel (and
// the Dictionaries page's lookup box). Answers are cached per word, so reopening a word is instant; a
// click on an entry hands its definition, as plain text, to onPick (e.g. to fill the translation).
import type { DictionaryEntryDto, DictionaryLookupResult } from '../../../src-shared/contract/dictionaries';
import { definitionToPlainText } from '../../../src-shared/dictionaries/html';
import { definitionSenses } from '../../../src-shared/dictionaries/senses';
import { api } from '../../api/client';
import { useAsync } from '../../lib/useCall';
import { useDictionaryImport } from './store';
import { DefinitionView } from './DefinitionView';
import './dictionaries.css';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

const CACHE_LIMIT = 300;
const cache = new Map<string, DictionaryLookupResult>();
let cachedRevision = -1;

function cacheKey(languageId: number, term: string, lemma?: string | null) {
  return `${languageId}\u0000${term.toLowerCase()}\u0000${(lemma ?? '').toLowerCase()}`;
}

async function lookup(languageId: number, term: string, lemma?: string | null): Promise<DictionaryLookupResult> {
  // A finished import changes what a lookup finds.
  const revision = useDictionaryImport.getState().revision;
  if (revision !== cachedRevision) {
    cache.clear();
    cachedRevision = revision;
  }
  const key = cacheKey(languageId, term, lemma);
  const hit = cache.get(key);
  if (hit) return hit;
  const result = await api.call('dictionaries.lookup', { language_id: languageId, term, ...(lemma ? { lemma } : {}) });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

/** Each sense its own line: a click hands just that sense to onPick (the reader's word panel). */
function SenseList({ entries, onPick }: { entries: DictionaryEntryDto[]; onPick(definition: string): void }) {
  return (
    <ul className="dict-entries">
      {entries.map((e) => {
        const senses = definitionSenses(e.LeDefinition);
        return (
          <li key={e.LeID} className="dict-entry dict-entry-senses">
            <span className="dict-entry-head">
              <strong>{e.LeTerm}</strong>
              {e.LeReading && <span className="dict-entry-reading">{e.LeReading}</span>}
              {e.LePartOfSpeech && <span className="badge">{e.LePartOfSpeech}</span>}
              <span className="dict-entry-source">{e.LdName}</span>
            </span>
            <ol className="dict-senses" aria-label={t('dict.sensesOf', { term: e.LeTerm })}>
              {(senses.length > 0 ? senses : [definitionToPlainText(e.LeDefinition)]).map((sense, k) => (
                <li key={k}>
                  <button type="button" className="dict-sense" title={t('dict.useThisSenseAs')} onClick={() => onPick(sense)}>
                    {sense}
                  </button>
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ul>
  );
}

function EntryList({ entries, onPick }: { entries: DictionaryEntryDto[]; onPick(definition: string): void }) {
  return (
    <ul className="dict-entries">
      {entries.map((e) => (
        <li key={e.LeID}>
          <button type="button" className="dict-entry" title={t('dict.useThisDefinition')} onClick={() => onPick(definitionToPlainText(e.LeDefinition))}>
            <span className="dict-entry-head">
              <strong>{e.LeTerm}</strong>
              {e.LeReading && <span className="dict-entry-reading">{e.LeReading}</span>}
              {e.LePartOfSpeech && <span className="badge">{e.LePartOfSpeech}</span>}
              <span className="dict-entry-source">{e.LdName}</span>
            </span>
            <DefinitionView definition={e.LeDefinition} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function DictionaryEntries({
  languageId,
  term,
  lemma,
  onPick,
  bySense = false,
}: {
  languageId: number;
  term: string;
  lemma?: string | null;
  onPick(definition: string): void;
  /** Senses as separate clickable lines (the word panel); otherwise a click takes the whole entry. */
  bySense?: boolean;
}) {
  const List = bySense ? SenseList : EntryList;
  const key = cacheKey(languageId, term, lemma);
  const current = useAsync(term.trim() ? () => lookup(languageId, term.trim(), lemma) : null, [key], { initial: cache.get(key) });

  if (!term.trim()) return null;
  if (current.error) return <p className="error-text">{current.error}</p>;
  if (!current.data) return <p className="dict-muted">{t('dict.lookingUp')}</p>;
  const { entries, lemma_entries: lemmaEntries, lemma: usedLemma } = current.data;
  if (entries.length === 0 && lemmaEntries.length === 0) return <p className="dict-muted">{t('dict.noEntryInYour')}</p>;
  return (
    <div className="dict-lookup" aria-label={t('dict.localDictionaryEntries')}>
      {entries.length > 0 && <List entries={entries} onPick={onPick} />}
      {lemmaEntries.length > 0 && (
        <>
          <h4 className="dict-lemma-heading">{tr('dict.baseForm', { lemma: <strong>{usedLemma}</strong> })}</h4>
          <List entries={lemmaEntries} onPick={onPick} />
        </>
      )}
    </div>
  );
}
