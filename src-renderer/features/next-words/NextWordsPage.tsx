// Runs in: renderer. /next-words (issue 50): the words to learn next in a language, ranked by how often they occur
// in the learner's own library (its texts not archived, book chapters included): how many stand between the learner
// and 95 % (98 %) of its running words, and the list with counts, first sentences and local-dictionary
// translations; ticked words are saved as status-1 terms in one call, the list saves as CSV.
import { useEffect, useState } from 'react';
import { LanguagePicker } from '../../components/LanguagePicker';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { Page } from '../../components/Page';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { CoverageList } from '../books/CoverageList';
import '../books/books.css';

export default function NextWordsPage() {
  const { languages, currentLanguageId } = useApp();
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [version, setVersion] = useState(0);
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
      {language && (
        <CoverageList
          key={language.LgID}
          source={{ language: language.LgID, name: t('nextWords.fileName', { language: language.LgName }) }}
          version={version}
          onAdded={() => setVersion((v) => v + 1)}
        />
      )}
    </Page>
  );
}
