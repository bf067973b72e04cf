// Runs in: renderer. A term's FSRS memory state and review history, for the term editor's details
// (SPEC rule 13: recorded only; the review queue and the reading colours still follow the status).
import { useCall } from '../../lib/useCall';
import './review.css';
import { formatDate, formatNumber, formatPercent, t } from '../../lib/i18n';

const fmtDate = (ms: number) => formatDate(ms);
// Hours below a day; days with one decimal below ten, in the locale's digits and plural ("2,5 días").
const fmtDays = (d: number) => (d < 1 ? `${formatNumber(Math.round(d * 24))} h` : t('home.days', { count: d < 10 ? Math.round(d * 10) / 10 : Math.round(d) }));

export default function TermMemoryState({ termId }: { termId: number }) {
  const { data, error } = useCall('review.memoryState', { term_id: termId });

  if (error) return <p className="error-text">{error}</p>;
  if (!data) return <p className="muted">{t('review.loadingMemoryState')}</p>;
  const m = data.memory;
  return (
    <section className="memory-state" aria-label={t('review.memoryState')}>
      <h3>{t('review.memoryState')}</h3>
      {!m ? (
        <p className="muted">{t('review.noReviewsYetAnswering')}</p>
      ) : (
        <dl className="memory-grid">
          <div>
            <dt>{t('review.recallNow')}</dt>
            <dd>{m.retrievability === null ? '—' : formatPercent(Math.round(m.retrievability * 100))}</dd>
          </div>
          <div>
            <dt>{t('review.stability')}</dt>
            <dd>{fmtDays(m.stability)}</dd>
          </div>
          <div>
            <dt>{t('review.difficulty')}</dt>
            <dd>{formatNumber(m.difficulty, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} / 10</dd>
          </div>
          <div>
            <dt>{t('review.modelDue')}</dt>
            <dd>{fmtDate(m.due)}</dd>
          </div>
          <div>
            <dt>{t('review.phase')}</dt>
            <dd>{m.state}</dd>
          </div>
          <div>
            <dt>{t('review.reviews')}</dt>
            <dd>
              {m.reps}
              {m.lapses > 0 ? ` (${m.lapses} lapsed)` : ''}
            </dd>
          </div>
        </dl>
      )}
      {data.history.length > 0 && (
        <table className="table memory-history">
          <thead>
            <tr>
              <th>{t('review.date')}</th>
              <th>{t('review.answer')}</th>
              <th>{t('review.rating')}</th>
              <th>{t('review.stability')}</th>
            </tr>
          </thead>
          <tbody>
            {data.history.slice(0, 10).map((h) => (
              <tr key={`${h.reviewedAt}-${h.statusTo}`}>
                <td>{fmtDate(h.reviewedAt)}</td>
                <td>
                  {h.statusFrom} → {h.statusTo}
                </td>
                <td>
                  <span className={`rating rating-${h.rating.toLowerCase()}`}>{h.rating}</span>
                </td>
                <td>{fmtDays(h.stability)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="memory-note">{t('review.recordedForTheFuture')}</p>
    </section>
  );
}
