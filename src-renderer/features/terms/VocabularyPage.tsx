// Runs in: renderer. The vocabulary: search and filters (language, status, tag, text), sort, paging, selection
// with bulk actions (statuses, tags, review, Anki), CSV/TSV export of what is shown, and a word-family view.
// The URL holds every filter (/vocabulary?lang=1&status=2&tag=verbs&text=5&q=…&sort=…&page=2&view=…): it can be
// linked to, and the list follows it when it changes while the page is open. State and actions: useVocabulary;
// the filter bar and the bulk bar are components beside the page.

import { Link } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { FamiliesView } from './FamiliesView';
import './terms.css';
import { t } from '../../lib/i18n';
import { VocabularyTable } from './VocabularyTable';
import { AnkiSendBar } from './AnkiSendBar';
import { useVocabulary } from './useVocabulary';
import { VocabularyBulkBar } from './VocabularyBulkBar';
import { VocabularyFilters } from './VocabularyFilters';

export default function VocabularyPage() {
  const v = useVocabulary();
  return (
    <Page
      title={t('vocabulary.title')}
      subtitle={v.data ? t('review.terms', { count: v.data.total }) : undefined}
      wide
      actions={
        <>
          <div className="seg" role="tablist" aria-label={t('vocabulary.viewTabs')}>
            <button
              role="tab"
              aria-selected={v.view === 'terms'}
              className={`btn btn-small${v.view === 'terms' ? ' active' : ''}`}
              onClick={() => v.setParams({ view: null })}
            >
              {t('vocabulary.termsTab')}
            </button>
            <button
              role="tab"
              aria-selected={v.view === 'families'}
              className={`btn btn-small${v.view === 'families' ? ' active' : ''}`}
              onClick={() => v.setParams({ view: 'families' })}
            >
              {t('vocabulary.familiesTab')}
            </button>
          </div>
          {v.view === 'terms' && (
            <div className="seg" role="group" aria-label={t('terms.export')}>
              <button
                className="btn btn-small"
                onClick={() => void v.exportList('csv')}
                title={v.selected.size ? t('vocabulary.exportSelectedCsvTitle', { count: v.selected.size }) : t('vocabulary.exportCsvTitle')}
              >
                {t('vocabulary.exportCsv')}
              </button>
              <button
                className="btn btn-small"
                onClick={() => void v.exportList('tsv')}
                title={v.selected.size ? t('vocabulary.exportSelectedTsvTitle', { count: v.selected.size }) : t('vocabulary.exportTsvTitle')}
              >
                TSV
              </button>
            </div>
          )}
          <Link className="btn" to="/tags">
            {t('terms.tags')}
          </Link>
          <Link className="btn" to="/vocabulary/import">
            {t('terms.import')}
          </Link>
          <Link className="btn btn-primary" to={`/word/edit-term?new=1${v.languageId ? `&lang=${v.languageId}` : ''}`}>
            {t('terms.newTerm')}
          </Link>
        </>
      }
    >
      <VocabularyFilters v={v} />

      {v.view === 'families' ? (
        v.languageId ? (
          <FamiliesView languageId={v.languageId} q={v.q} />
        ) : (
          <EmptyState title={t('terms.languagePlaceholder')}>{t('vocabulary.familiesNeedLanguage')}</EmptyState>
        )
      ) : (
        <>
          {v.onlyIds && (
            <div className="terms-only-ids" role="status">
              {t('vocabulary.onlyIdsNote', { count: v.onlyIds.split(',').length })}{' '}
              <button className="btn btn-small" onClick={() => v.setParams({ ids: null })}>
                {t('vocabulary.showAll')}
              </button>
            </div>
          )}
          <VocabularyBulkBar v={v} />
          <AnkiSendBar
            selected={[...v.selected]}
            filters={typeof v.tag_id === 'string' && v.tag_id !== 'none' ? null : { ...v.rest, tag_id: v.tag_id }}
            total={v.data?.total ?? 0}
            onStatusesChanged={v.load}
          />

          {!v.data ? (
            <Spinner />
          ) : v.data.total === 0 ? (
            <EmptyState
              title={v.filtered ? t('vocabulary.emptyFiltered') : t('vocabulary.empty')}
              action={
                <Link className="btn btn-primary" to="/vocabulary/import">
                  {t('terms.importTerms')}
                </Link>
              }
            >
              {v.filtered ? t('vocabulary.emptyFilteredHint') : t('vocabulary.emptyHint')}
            </EmptyState>
          ) : (
            <>
              <VocabularyTable terms={v.data.terms} selected={v.selected} allOnPage={v.allOnPage} onToggle={v.toggle} onToggleAll={v.toggleAll} />
              <Pager page={v.page} pages={v.data.pages} onPage={v.setPage} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
