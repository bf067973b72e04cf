// Runs in: renderer. What the review says when no card is left: how many were reviewed, when the next ones are
// due, and where to go on (practise anyway, the text read last, home).
import { Link } from '../../lib/router';
import { EmptyState } from '../../components/Page';
import { useCall } from '../../lib/useCall';
import { currentLocale, t } from '../../lib/i18n';
import type { NextWordResult, ReviewConfig } from '../../../src-shared/contract/review';

export function ReviewDone({
  next,
  reviewed,
  practising,
  all,
  config,
  onPractise,
}: {
  next: Extract<NextWordResult, { done: true }>;
  reviewed: number;
  practising: boolean;
  all: boolean;
  config: ReviewConfig;
  onPractise(): void;
}) {
  return (
    <EmptyState
      title={reviewed > 0 ? t('review.done', { count: reviewed }) : t(all ? 'review.nothingLeft' : 'review.nothingDue')}
      action={
        <div className="review-done-actions">
          {!practising && config.counts.learning > 0 && (
            <button className="btn" onClick={onPractise}>
              {config.scope?.kind === 'text' ? t('review.reviewTextTerms') : t('review.practiseAnyway')}
            </button>
          )}
          {config.scope?.kind === 'language' && <LastTextOffer languageId={config.scope.languageId} />}
          <Link className="btn btn-primary" to="/">
            {t('review.home')}
          </Link>
        </div>
      }
    >
      {next.tomorrow > 0
        ? t('review.dueTomorrow', { count: next.tomorrow })
        : next.nextDue
          ? t('review.nextDue', { count: next.nextDue.count, day: formatDueDay(next.nextDue.date) })
          : t('review.noTermsAreBeing')}
    </EmptyState>
  );
}

/** "Tuesday 17 March" for a day key (YYYY-MM-DD). */
function formatDueDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(currentLocale(), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** On an empty language review: the text read last in that language, to go over its terms (due or not). */
function LastTextOffer({ languageId }: { languageId: number }) {
  const { data } = useCall('texts.list', { language: languageId, sort: 'opened', perPage: 1, chapters: 'show' }, [languageId], { toastErrors: false });
  const last = data?.items[0];
  if (!last || last.TxOpenedAt === null) return null;
  return (
    <Link className="btn" to={`/review?text=${last.TxID}&all=1`} title={t('review.lastTextTitle', { title: last.TxTitle })}>
      {t('review.reviewTextTermsOf', { title: last.TxTitle })}
    </Link>
  );
}
