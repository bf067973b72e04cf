// Runs in: renderer. Open libraries: Project Gutenberg (through Gutendex) and the Global Digital Library's
// children's readers. Choose a language, browse or search; each result shows its level (GDL reading level, or the
// coverage of your known words after a preview) and imports in one click into Books. The result lists and their
// actions are components beside the page.
import { useState } from 'react';
import { useCall } from '../../lib/useCall';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { Page } from '../../components/Page';
import { useApp } from '../../stores/app';
import './library.css';
import { t } from '../../lib/i18n';
import { GutenbergResults, KidsResults } from './LibraryResults';

type Source = 'gutenberg' | 'kids';

export default function OpenLibraryPage() {
  const languages = useApp((s) => s.languages);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [source, setSource] = useState<Source>('gutenberg');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const lid = languageId ?? currentLanguageId;
  const level = useCall('library.readerLevel', lid ? { language_id: lid } : null);

  return (
    <Page title={t('nav.openLibrary')} subtitle={t('openLibrary.publicDomainBooksFrom')} wide>
      <div className="library-toolbar">
        <select aria-label={t('common.language')} value={lid ?? ''} onChange={(e) => (setLanguageId(Number(e.target.value) || null), setPage(1))}>
          {languages.map((l) => (
            <option key={l.LgID} value={l.LgID}>
              {l.LgName}
            </option>
          ))}
        </select>
        <div className="segmented" role="tablist" aria-label={t('openLibrary.library')}>
          <button
            role="tab"
            aria-selected={source === 'gutenberg'}
            className={`btn btn-small${source === 'gutenberg' ? ' btn-primary' : ''}`}
            onClick={() => (setSource('gutenberg'), setPage(1))}
          >
            {t('openLibrary.projectGutenberg')}
          </button>
          <button
            role="tab"
            aria-selected={source === 'kids'}
            className={`btn btn-small${source === 'kids' ? ' btn-primary' : ''}`}
            onClick={() => (setSource('kids'), setPage(1))}
          >
            {t('openLibrary.childrensReaders')}
          </button>
        </div>
        <input
          className="input"
          type="search"
          aria-label={t('openLibrary.searchTheLibrary')}
          placeholder={t('openLibrary.searchByWordsTitle')}
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
        {level.data && (
          <span className="feed-url">
            {t(level.data.beginner ? 'openLibrary.yourVocabularyBeginner' : 'openLibrary.yourVocabularySize', { count: level.data.vocabulary_size })}
          </span>
        )}
      </div>
      {!lid ? (
        <NoLanguageYet title={t('openLibrary.addALanguageFirst')} />
      ) : source === 'gutenberg' ? (
        <GutenbergResults languageId={lid} search={search} page={page} setPage={setPage} />
      ) : (
        <KidsResults languageId={lid} query={search} page={page} setPage={setPage} beginner={level.data?.beginner ?? true} />
      )}
    </Page>
  );
}
