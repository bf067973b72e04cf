// Runs in: renderer. The vocabulary's filter bar: search, language, and in the term list status, tag, text and
// sort, each written to the URL through useVocabulary's setParams.
import type { TermSort } from '../../../src-shared/contract/terms';
import { statusAbbr, statusName } from './shared';
import { LanguagePicker } from '../../components/LanguagePicker';
import { LEARNING_STATUSES, STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { TextFilter } from './TextFilter';
import { t } from '../../lib/i18n';
import type { useVocabulary } from './useVocabulary';

type Vocabulary = ReturnType<typeof useVocabulary>;

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

export function VocabularyFilters({ v }: { v: Vocabulary }) {
  return (
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
  );
}
