// Runs in: renderer. The vocabulary: search and filters (language, status, tag, text), sort, paging, selection
// with bulk actions (statuses, tags, review, Anki), CSV/TSV export of what is shown, and a word-family view.
// The URL holds every filter (/vocabulary?lang=1&status=2&tag=verbs&text=5&q=…&sort=…&page=2&view=…): it can be
// linked to, and the list follows it when it changes while the page is open. State and actions: useVocabulary.
import type { BulkAction, TermSort } from '../../../src-shared/contract/terms';
import { Link } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { FamiliesView } from './FamiliesView';
import { statusAbbr, statusName } from './shared';
import { LanguagePicker } from '../../components/LanguagePicker';
import { LEARNING_STATUSES, STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { TextFilter } from './TextFilter';
import './terms.css';
import { t } from '../../lib/i18n';
import { VocabularyTable } from './VocabularyTable';
import { AnkiSendBar } from './AnkiSendBar';
import { useVocabulary } from './useVocabulary';

// Functions, not constants: the labels are read in the interface language of the moment.
const statusFilters = () => [
  { value: 'all', label: t('vocabulary.statusAny') },
  { value: 'learning', label: t('vocabulary.statusLearning') },
  ...LEARNING_STATUSES.map((s) => ({ value: String(s), label: `${s} ${statusName(s)}` })),
  { value: 'known', label: t('vocabulary.statusKnown', { abbr: statusAbbr(STATUS_WELL_KNOWN) }) },
  ...[STATUS_IGNORED, STATUS_WELL_KNOWN].map((s) => ({ value: String(s), label: statusName(s) })),
];

const sorts = (): { value: TermSort; label: string }[] => [
  { value: 'text', label: t('vocabulary.sortTextAsc') },
  { value: 'text_desc', label: t('vocabulary.sortTextDesc') },
  { value: 'created_desc', label: t('vocabulary.sortNewest') },
  { value: 'created', label: t('vocabulary.sortOldest') },
  { value: 'modified_desc', label: t('vocabulary.sortChanged') },
  { value: 'status', label: t('vocabulary.sortStatusAsc') },
  { value: 'status_desc', label: t('vocabulary.sortStatusDesc') },
  { value: 'translation', label: t('terms.translation') },
  { value: 'lemma', label: t('terms.lemma') },
];

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
      <div className="vocab-filters">
        <input
          ref={v.searchRef}
          className="input vocab-search"
          type="search"
          placeholder={t('vocabulary.searchPlaceholder')}
          title={t('vocabulary.searchTitle')}
          value={v.q}
          onChange={(e) => v.setQ(e.target.value)}
          aria-label={t('vocabulary.searchLabel')}
        />
        <LanguagePicker
          value={v.languageId ?? ''}
          onChange={(id) => v.setParams({ lang: id || 'all', text: null })}
          placeholder={t('vocabulary.languageAll')}
          label={t('terms.language')}
          className="input"
        />
        {v.view === 'terms' && (
          <>
            <select
              className="input"
              value={v.status}
              onChange={(e) => v.setParams({ status: e.target.value === 'all' ? null : e.target.value })}
              aria-label={t('vocabulary.statusFilter')}
            >
              {statusFilters().map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <select
              className="input"
              value={v.tagSelectValue}
              onChange={(e) => v.setParams({ tag: e.target.value || null })}
              aria-label={t('vocabulary.tagFilter')}
            >
              <option value="">{t('vocabulary.tagAny')}</option>
              <option value="none">{t('vocabulary.tagNone')}</option>
              {(v.tags ?? []).map((tm) => (
                <option key={tm.TgID} value={tm.TgID}>
                  {tm.TgText} ({tm.TermCount})
                </option>
              ))}
              {v.tagFilter === 'unknown' && v.tagParam && 'name' in v.tagParam && (
                <option value={v.tagSelectValue}>{t('vocabulary.tagMissingOption', { name: v.tagParam.name })}</option>
              )}
              {typeof v.tagFilter === 'number' && v.tags && !v.tags.some((tm) => tm.TgID === v.tagFilter) && (
                <option value={v.tagSelectValue}>{t('vocabulary.tagIdMissingOption', { id: v.tagFilter })}</option>
              )}
            </select>
            <TextFilter languageId={v.languageId} value={v.textId} onChange={(id) => v.setParams({ text: id })} />
            <select
              className="input"
              value={v.sort}
              onChange={(e) => v.setParams({ sort: e.target.value === 'text' ? null : e.target.value })}
              aria-label={t('vocabulary.sort')}
            >
              {sorts().map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </>
        )}
      </div>

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
          <div className={`bulk-bar${v.selected.size ? ' active' : ''}`} aria-live="polite">
            <span className="bulk-count">{v.selected.size ? t('vocabulary.selectedCount', { count: v.selected.size }) : t('vocabulary.noneSelected')}</span>
            <div className="bulk-actions">
              {[1, 2, 3, 4, 5].map((s) => (
                <button
                  key={s}
                  className={`btn btn-small term-status-btn term-status-${s}`}
                  disabled={!v.selected.size}
                  onClick={() => void v.bulk('bulk-status', { status: s })}
                  title={t('vocabulary.bulkStatusTitle', { status: s })}
                >
                  {s}
                </button>
              ))}
              <button className="btn btn-small" disabled={!v.selected.size} onClick={() => void v.bulk('s98')} title={t('vocabulary.bulkIgnoreTitle')}>
                {t('vocabulary.bulkIgnore')}
              </button>
              <button
                className="btn btn-small"
                disabled={!v.selected.size}
                onClick={() => void v.bulk('s99')}
                title={t('vocabulary.bulkWellKnownTitle')}
                aria-label={t('vocabulary.bulkWellKnownTitle')}
              >
                {t('vocabulary.bulkWellKnown')}
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small" disabled={!v.selected.size} onClick={() => void v.askTag('addtag')}>
                {t('vocabulary.bulkAddTag')}
              </button>
              <select
                className="input input-small bulk-more"
                value=""
                disabled={!v.selected.size}
                aria-label={t('vocabulary.bulkMore')}
                onChange={(e) => {
                  const action = e.target.value as BulkAction;
                  if (action === 'deltag') void v.askTag('deltag');
                  else if (action) void v.bulk(action);
                }}
              >
                <option value="">{t('vocabulary.bulkMorePlaceholder')}</option>
                <option value="deltag">{t('vocabulary.bulkRemoveTag')}</option>
                <option value="today">{t('vocabulary.bulkStatusToday')}</option>
                <option value="lower">{t('vocabulary.bulkLowercase')}</option>
                <option value="delsent">{t('vocabulary.bulkClearSentences')}</option>
              </select>
              <span className="bulk-sep" />
              <button
                className="btn btn-small"
                disabled={!v.selected.size}
                onClick={() => v.withSelection('/review', 'selection')}
                title={t('vocabulary.bulkReviewTitle')}
              >
                {t('vocabulary.bulkReview')}
              </button>
              <button
                className="btn btn-small"
                disabled={!v.selected.size}
                onClick={() => v.withSelection('/anki', 'marked')}
                title={t('vocabulary.bulkAnkiTitle')}
              >
                {t('vocabulary.bulkAnki')}
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small btn-danger" disabled={!v.selected.size} onClick={() => void v.bulk('del')}>
                {t('terms.delete')}
              </button>
            </div>
          </div>
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
