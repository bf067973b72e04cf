// Runs in: renderer. The vocabulary's bulk bar: what the selected terms can have done to them (status, ignore,
// well known, tags, the More… actions, review, Anki, delete).
import type { BulkAction } from '../../../src-shared/contract/terms';
import { t } from '../../lib/i18n';
import type { useVocabulary } from './useVocabulary';

type Vocabulary = ReturnType<typeof useVocabulary>;

export function VocabularyBulkBar({ v }: { v: Vocabulary }) {
  return (
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
        <button className="btn btn-small" disabled={!v.selected.size} onClick={() => v.withSelection('/anki', 'marked')} title={t('vocabulary.bulkAnkiTitle')}>
          {t('vocabulary.bulkAnki')}
        </button>
        <span className="bulk-sep" />
        <button className="btn btn-small btn-danger" disabled={!v.selected.size} onClick={() => void v.bulk('del')}>
          {t('terms.delete')}
        </button>
      </div>
    </div>
  );
}
