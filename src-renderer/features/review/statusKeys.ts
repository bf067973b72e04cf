// Runs in: renderer. The answer keys of the review screens: 1-5, I (ignore), W (well known), ↑/↓ (one step).
import { REVIEW_INTERVAL_DAYS, type LearningStatus } from '../../../src-shared/review/due';
import { STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { t } from '../../lib/i18n';
import { statusAbbreviation, statusName } from '../../lib/i18n/status';

export interface AnswerKey {
  status: number;
  key: string;
  label: string;
  title: string;
}

const back = (s: LearningStatus) => t('review.backIn', { count: REVIEW_INTERVAL_DAYS[s] });

/** A function, not a constant: titles are read in the interface language of the moment. */
export const answerKeys = (): AnswerKey[] => [
  ...([1, 2, 3, 4, 5] as const).map((s) => ({
    status: s,
    key: String(s),
    label: String(s),
    title: t('review.answerTitle', { name: statusName(s), back: back(s), key: s }),
  })),
  { status: STATUS_IGNORED, key: 'i', label: statusAbbreviation(STATUS_IGNORED), title: t('review.ignoreTitle') },
  {
    status: STATUS_WELL_KNOWN,
    key: 'w',
    label: statusAbbreviation(STATUS_WELL_KNOWN),
    title: t('review.wellKnownTitle', { name: statusName(STATUS_WELL_KNOWN) }),
  },
];

/** ↑ raises a learning status by one (up to 5), ↓ lowers it (down to 1); 98/99 count as 5. */
export function stepStatus(current: number, direction: 1 | -1): number {
  const base = current > 5 ? 5 : current;
  return Math.min(5, Math.max(1, base + direction));
}
