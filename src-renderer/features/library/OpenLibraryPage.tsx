// Runs in: renderer. Open libraries: Project Gutenberg (through Gutendex) and the Global Digital Library's
// children's readers. Choose a language, browse or search; each result shows its level (GDL reading level, or the
// coverage of your known words after a preview) and imports in one click into Books.
import { useState } from 'react';
import type { GutenbergBook, KidsBook, LibraryPreview } from '../../../src-shared/contract/library';
import { api, errorMessage } from '../../api/client';
import { attempt } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import './library.css';
import { currentLocale, t } from '../../lib/i18n';
import { languageName } from '../../lib/i18n/curated';
import { ErrorLine } from '../../components/ErrorLine';
import { saidMessage } from '../../lib/i18n/server';

type Source = 'gutenberg' | 'kids';

function Coverage({ url, languageId }: { url: string; languageId: number }) {
  const [state, setState] = useState<LibraryPreview | 'loading' | null>(null);
  if (!url) return null;
  if (state === null)
    return (
      <button
        className="btn btn-small"
        onClick={() => (
          setState('loading'),
          void api
            .call('library.preview', { url, language_id: languageId })
            .then(setState, (e: unknown) => setState({ error: 'failed', message: errorMessage(e) }))
        )}
      >
        {t('misc.previewCoverage')}
      </button>
    );
  if (state === 'loading') return <Spinner label={t('misc.countingWords')} />;
  if ('error' in state) return <span className="error-text">{saidMessage(state)}</span>;
  return (
    <span className="coverage" title={t('misc.unknownWords', { words: state.sample_unknown_words.join(', ') })}>
      <span className={`level-badge level-${state.difficulty_label}`}>{state.difficulty_label}</span>{' '}
      {t('misc.coverage', { pct: state.coverage_percent, count: state.total_unique_words })}
    </span>
  );
}

function ImportButton({ url, languageId, title, author }: { url: string; languageId: number; title: string; author?: string }) {
  const [busy, setBusy] = useState(false);
  const [bookId, setBookId] = useState<number | null>(null);
  if (bookId)
    return (
      <Link className="btn btn-small" to={`/book/${bookId}`}>
        {t('misc.openBook')}
      </Link>
    );
  return (
    <button
      className="btn btn-small btn-primary"
      disabled={busy || !url}
      onClick={async () => {
        setBusy(true);
        const r = await attempt(() => api.call('library.import', { language_id: languageId, url, title, author }));
        setBusy(false);
        if (r) {
          toast('success', t('misc.chaptersImported', { title: r.title, count: r.chapters }));
          setBookId(r.book_id);
        }
      }}
    >
      {busy ? t('misc.importing') : t('misc.import')}
    </button>
  );
}

function GutenbergResults({ languageId, search, page, setPage }: { languageId: number; search: string; page: number; setPage(p: number): void }) {
  const { data, loading, error, reload } = useCall('library.gutenberg', { language_id: languageId, search: search || undefined, page }, undefined, {
    debounceMs: 300,
  });
  if (loading && !data) return <Spinner label={t('misc.askingProjectGutenberg')} />;
  if (error) return <ErrorLine error={error} onRetry={reload} />;
  if (!data?.results.length) return <EmptyState title={t('misc.noBooksFound')}>{t('misc.tryOtherWordsOr')}</EmptyState>;
  return (
    <>
      <ul className="library-results">
        {data.results.map((b: GutenbergBook) => (
          <li key={b.id} className="card library-item">
            <div>
              <strong>{b.title}</strong>
              <div className="feed-url">
                {b.authors.join('; ') || t('misc.unknownAuthor')} · {b.languages.map((code) => languageName(code, currentLocale())).join(', ')} ·{' '}
                {t('misc.downloads', { count: b.download_count })}
              </div>
              <Coverage url={b.text_url || b.epub_url} languageId={languageId} />
            </div>
            <ImportButton url={b.epub_url || b.text_url} languageId={languageId} title={b.title} author={b.authors[0]} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={data.has_next ? page + 1 : page} onPage={setPage} />
    </>
  );
}

function KidsResults({
  languageId,
  query,
  page,
  setPage,
  beginner,
}: {
  languageId: number;
  query: string;
  page: number;
  setPage(p: number): void;
  beginner: boolean;
}) {
  const { data, loading, error, reload } = useCall('library.kidsSearch', { language_id: languageId, query: query || undefined, page }, undefined, {
    debounceMs: 300,
  });
  if (loading && !data) return <Spinner label={t('misc.askingTheGlobalDigital')} />;
  if (error) return <ErrorLine error={error} onRetry={reload} />;
  if (!data?.results.length) return <EmptyState title={t('misc.noReadersFound')}>{t('misc.tryOtherWordsOr')}</EmptyState>;
  // Suggestions follow the reader level: beginners see the easiest levels first.
  const sorted = [...data.results].sort((a, b) => (beginner ? 1 : -1) * ((Number(a.level) || 0) - (Number(b.level) || 0)));
  return (
    <>
      <ul className="library-results">
        {sorted.map((b: KidsBook) => (
          <li key={b.id} className="card library-item">
            <div>
              <strong>{b.title}</strong> {b.level && <span className="level-badge">{t('misc.levelBadge', { level: b.level })}</span>}
              <div className="feed-url">
                {b.publisher} · {b.license}
              </div>
              <p className="library-desc">{b.description}</p>
              <Coverage url={b.epub_url} languageId={languageId} />
            </div>
            <ImportButton url={b.epub_url} languageId={languageId} title={b.title} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.ceil(data.total / 20)} onPage={setPage} />
    </>
  );
}

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
    <Page title={t('misc.openLibrary')} subtitle={t('misc.publicDomainBooksFrom')} wide>
      <div className="library-toolbar">
        <select aria-label={t('misc.language')} value={lid ?? ''} onChange={(e) => (setLanguageId(Number(e.target.value) || null), setPage(1))}>
          {languages.map((l) => (
            <option key={l.LgID} value={l.LgID}>
              {l.LgName}
            </option>
          ))}
        </select>
        <div className="segmented" role="tablist" aria-label={t('misc.library')}>
          <button
            role="tab"
            aria-selected={source === 'gutenberg'}
            className={`btn btn-small${source === 'gutenberg' ? ' btn-primary' : ''}`}
            onClick={() => (setSource('gutenberg'), setPage(1))}
          >
            {t('misc.projectGutenberg')}
          </button>
          <button
            role="tab"
            aria-selected={source === 'kids'}
            className={`btn btn-small${source === 'kids' ? ' btn-primary' : ''}`}
            onClick={() => (setSource('kids'), setPage(1))}
          >
            {t('misc.childrensReaders')}
          </button>
        </div>
        <input
          className="input"
          type="search"
          aria-label={t('misc.searchTheLibrary')}
          placeholder={t('misc.searchByWordsTitle')}
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
        {level.data && (
          <span className="feed-url">
            {t(level.data.beginner ? 'misc.yourVocabularyBeginner' : 'misc.yourVocabularySize', { count: level.data.vocabulary_size })}
          </span>
        )}
      </div>
      {!lid ? (
        <NoLanguageYet title={t('misc.addALanguageFirst')} />
      ) : source === 'gutenberg' ? (
        <GutenbergResults languageId={lid} search={search} page={page} setPage={setPage} />
      ) : (
        <KidsResults languageId={lid} query={search} page={page} setPage={setPage} beginner={level.data?.beginner ?? true} />
      )}
    </Page>
  );
}
