// Runs in: renderer. /next-words (issue 50): the words to learn next in a language, ranked by how often they occur
// in the learner's own library (its texts not archived, book chapters included; the book page's card, counted over
// the library), or by an imported frequency list (a Yomitan frequency dictionary or a word,rank CSV) with the
// vocabulary-size estimate by band. Ticked words are saved as status-1 terms in one call; the list saves as CSV.
import { useEffect, useState } from 'react';
import { LanguagePicker } from '../../components/LanguagePicker';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { Page, Spinner } from '../../components/Page';
import { t } from '../../lib/i18n';
import { useCall } from '../../lib/useCall';
import { useApp } from '../../stores/app';
import { CoverageList } from '../books/CoverageList';
import { FrequencyWords } from './FrequencyWords';
import '../books/books.css';
import './next-words.css';

/** 'library', or a frequency list's LdID. */
type Ranking = 'library' | number;

function NextWordsOf({ language, name }: { language: number; name: string }) {
  const [ranking, setRanking] = useState<Ranking | null>(null);
  const [version, setVersion] = useState(0);
  const asked = typeof ranking === 'number' ? { id: language, dictionary: ranking, limit: 200 } : { id: language, limit: 200 };
  const { data, reload } = useCall('books.nextWords', asked, [language, ranking, version], { keepData: true });
  if (!data) return <Spinner />;
  // The first frequency list when there is one (what a learner who imported one wants), else the library.
  const shown: Ranking = ranking ?? data.dictionary ?? 'library';
  const list = data.lists.find((l) => l.LdID === shown);
  return (
    <>
      <label className="field next-words-ranking">
        <span className="field-label">{t('nextWords.rankedBy')}</span>
        <select className="input" value={String(shown)} onChange={(e) => setRanking(e.target.value === 'library' ? 'library' : Number(e.target.value))}>
          <option value="library">{t('nextWords.byLibrary')}</option>
          {data.lists.map((l) => (
            <option key={l.LdID} value={l.LdID}>
              {t('nextWords.byList', { name: l.LdName, words: l.words })}
            </option>
          ))}
        </select>
      </label>
      {data.lists.length === 0 && <p className="muted small">{t('nextWords.noLists')}</p>}
      {list && data.dictionary === list.LdID ? (
        <FrequencyWords language={language} name={`${name} - ${list.LdName}`} data={data} onAdded={reload} />
      ) : (
        <CoverageList key={language} source={{ language, name }} version={version} onAdded={() => setVersion((v) => v + 1)} />
      )}
    </>
  );
}

export default function NextWordsPage() {
  const { languages, currentLanguageId } = useApp();
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  useEffect(() => {
    if (languageId === null && currentLanguageId !== null) setLanguageId(currentLanguageId);
  }, [currentLanguageId, languageId]);

  if (languages.length === 0)
    return (
      <Page title={t('nextWords.title')}>
        <NoLanguageYet />
      </Page>
    );
  const language = languages.find((l) => l.LgID === languageId);
  return (
    <Page title={t('nextWords.title')} subtitle={t('nextWords.subtitle')}>
      <LanguagePicker value={languageId ?? ''} onChange={(id) => setLanguageId(id === '' ? null : id)} label={t('nextWords.language')} />
      {language && <NextWordsOf key={language.LgID} language={language.LgID} name={t('nextWords.fileName', { language: language.LgName })} />}
    </Page>
  );
}
