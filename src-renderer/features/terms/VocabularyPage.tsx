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
  { value: 'all', label: t('terms.anyStatus') },
  { value: 'learning', label: t('terms.learning15') },
  ...LEARNING_STATUSES.map((s) => ({ value: String(s), label: `${s} ${statusName(s)}` })),
  { value: 'known', label: t('terms.knownFilter', { abbr: statusAbbr(STATUS_WELL_KNOWN) }) },
  ...[STATUS_IGNORED, STATUS_WELL_KNOWN].map((s) => ({ value: String(s), label: statusName(s) })),
];

const sorts = (): { value: TermSort; label: string }[] => [
  { value: 'text', label: t('terms.termAZ') },
  { value: 'text_desc', label: t('terms.termZA') },
  { value: 'created_desc', label: t('terms.newestFirst') },
  { value: 'created', label: t('terms.oldestFirst') },
  { value: 'modified_desc', label: t('terms.recentlyChanged') },
  { value: 'status', label: t('terms.status2') },
  { value: 'status_desc', label: t('terms.status3') },
  { value: 'translation', label: t('terms.translation') },
  { value: 'lemma', label: t('terms.lemma') },
];

export default function VocabularyPage() {
  const v = useVocabulary();
  return (
    <Page
      title={t('terms.vocabulary')}
      subtitle={v.data ? t('review.terms', { count: v.data.total }) : undefined}
      wide
      actions={
        <>
          <div className="seg" role="tablist" aria-label={t('terms.view')}>
            <button
              role="tab"
              aria-selected={v.view === 'terms'}
              className={`btn btn-small${v.view === 'terms' ? ' active' : ''}`}
              onClick={() => v.setParams({ view: null })}
            >
              {t('terms.terms')}
            </button>
            <button
              role="tab"
              aria-selected={v.view === 'families'}
              className={`btn btn-small${v.view === 'families' ? ' active' : ''}`}
              onClick={() => v.setParams({ view: 'families' })}
            >
              {t('terms.wordFamilies')}
            </button>
          </div>
          {v.view === 'terms' && (
            <div className="seg" role="group" aria-label={t('terms.export')}>
              <button
                className="btn btn-small"
                onClick={() => void v.exportList('csv')}
                title={v.selected.size ? t('terms.exportSelectedCsv', { count: v.selected.size }) : t('terms.exportEveryTermMatching')}
              >
                {t('terms.exportCsv')}
              </button>
              <button
                className="btn btn-small"
                onClick={() => void v.exportList('tsv')}
                title={v.selected.size ? t('terms.exportSelectedTsv', { count: v.selected.size }) : t('terms.exportEveryTermMatching2')}
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
          placeholder={t('terms.search')}
          title={t('terms.searchTermsLemmasTranslations')}
          value={v.q}
          onChange={(e) => v.setQ(e.target.value)}
          aria-label={t('terms.search2')}
        />
        <LanguagePicker
          value={v.languageId ?? ''}
          onChange={(id) => v.setParams({ lang: id || 'all', text: null })}
          placeholder={t('terms.allLanguages')}
          label={t('terms.language')}
          className="input"
        />
        {v.view === 'terms' && (
          <>
            <select
              className="input"
              value={v.status}
              onChange={(e) => v.setParams({ status: e.target.value === 'all' ? null : e.target.value })}
              aria-label={t('terms.statusFilter')}
            >
              {statusFilters().map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <select className="input" value={v.tagSelectValue} onChange={(e) => v.setParams({ tag: e.target.value || null })} aria-label={t('terms.tagFilter')}>
              <option value="">{t('terms.anyTag')}</option>
              <option value="none">{t('terms.untagged')}</option>
              {(v.tags ?? []).map((tm) => (
                <option key={tm.TgID} value={tm.TgID}>
                  {tm.TgText} ({tm.TermCount})
                </option>
              ))}
              {v.tagFilter === 'unknown' && v.tagParam && 'name' in v.tagParam && (
                <option value={v.tagSelectValue}>{t('terms.noSuchTag', { name: v.tagParam.name })}</option>
              )}
              {typeof v.tagFilter === 'number' && v.tags && !v.tags.some((tm) => tm.TgID === v.tagFilter) && (
                <option value={v.tagSelectValue}>{t('terms.tagNotFound', { id: v.tagFilter })}</option>
              )}
            </select>
            <TextFilter languageId={v.languageId} value={v.textId} onChange={(id) => v.setParams({ text: id })} />
            <select
              className="input"
              value={v.sort}
              onChange={(e) => v.setParams({ sort: e.target.value === 'text' ? null : e.target.value })}
              aria-label={t('terms.sort')}
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
          <EmptyState title={t('terms.chooseALanguage')}>{t('terms.wordFamiliesArePer')}</EmptyState>
        )
      ) : (
        <>
          {v.onlyIds && (
            <div className="terms-only-ids" role="status">
              {t('terms.showingToolsTerms', { count: v.onlyIds.split(',').length })}{' '}
              <button className="btn btn-small" onClick={() => v.setParams({ ids: null })}>
                {t('terms.showAllTerms')}
              </button>
            </div>
          )}
          <div className={`bulk-bar${v.selected.size ? ' active' : ''}`} aria-live="polite">
            <span className="bulk-count">{v.selected.size ? t('terms.nSelected', { count: v.selected.size }) : t('terms.noneSelected')}</span>
            <div className="bulk-actions">
              {[1, 2, 3, 4, 5].map((s) => (
                <button
                  key={s}
                  className={`btn btn-small term-status-btn term-status-${s}`}
                  disabled={!v.selected.size}
                  onClick={() => void v.bulk('bulk-status', { status: s })}
                  title={t('terms.setStatusKey', { status: s })}
                >
                  {s}
                </button>
              ))}
              <button className="btn btn-small" disabled={!v.selected.size} onClick={() => void v.bulk('s98')} title={t('terms.ignoreI')}>
                {t('terms.ign')}
              </button>
              <button
                className="btn btn-small"
                disabled={!v.selected.size}
                onClick={() => void v.bulk('s99')}
                title={t('terms.wellKnownW')}
                aria-label={t('terms.wellKnownW')}
              >
                {t('terms.wkn')}
              </button>
              <span className="bulk-sep" />
              <button className="btn btn-small" disabled={!v.selected.size} onClick={() => void v.askTag('addtag')}>
                {t('terms.addTag')}
              </button>
              <select
                className="input input-small bulk-more"
                value=""
                disabled={!v.selected.size}
                aria-label={t('terms.moreActions')}
                onChange={(e) => {
                  const action = e.target.value as BulkAction;
                  if (action === 'deltag') void v.askTag('deltag');
                  else if (action) void v.bulk(action);
                }}
              >
                <option value="">{t('terms.more')}</option>
                <option value="deltag">{t('terms.removeTag')}</option>
                <option value="today">{t('terms.statusDateToday')}</option>
                <option value="lower">{t('terms.lowercaseTheTermText')}</option>
                <option value="delsent">{t('terms.clearExampleSentences')}</option>
              </select>
              <span className="bulk-sep" />
              <button
                className="btn btn-small"
                disabled={!v.selected.size}
                onClick={() => v.withSelection('/review', 'selection')}
                title={t('terms.reviewTheSelectedTerms')}
              >
                {t('terms.reviewThese')}
              </button>
              <button
                className="btn btn-small"
                disabled={!v.selected.size}
                onClick={() => v.withSelection('/anki', 'marked')}
                title={t('terms.exportTheSelectedTerms')}
              >
                {t('terms.exportToAnki')}
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
              title={v.filtered ? t('terms.noTermsMatch') : t('terms.noTermsYet')}
              action={
                <Link className="btn btn-primary" to="/vocabulary/import">
                  {t('terms.importTerms')}
                </Link>
              }
            >
              {v.filtered ? t('terms.tryAnotherSearchOr') : t('terms.clickWordsWhileReading')}
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
