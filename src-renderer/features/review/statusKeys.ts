// Runs in: renderer. The answer keys of the review screens: 1-5, I (ignore), W (well known), ↑/↓ (one step).
import { REVIEW_INTERVAL_DAYS, type LearningStatus } from '../../../src-shared/review/due';
import { STATUS_DEFINITIONS, STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';

export interface AnswerKey {
  status: number;
  key: string;
  label: string;
  title: string;
}

const nameOf = (s: number) => STATUS_DEFINITIONS.find((d) => d.status === s)?.name ?? String(s);
const abbrOf = (s: number) => STATUS_DEFINITIONS.find((d) => d.status === s)?.abbreviation ?? String(s);
const back = (s: LearningStatus) => (REVIEW_INTERVAL_DAYS[s] === 1 ? 'back tomorrow' : `back in ${REVIEW_INTERVAL_DAYS[s]} days`);

export const ANSWER_KEYS: AnswerKey[] = [
  ...([1, 2, 3, 4, 5] as const).map((s) => ({ status: s, key: String(s), label: String(s), title: `${nameOf(s)}: ${back(s)} (key ${s})` })),
  { status: STATUS_IGNORED, key: 'i', label: abbrOf(STATUS_IGNORED), title: 'Ignore this term (key I)' },
  { status: STATUS_WELL_KNOWN, key: 'w', label: abbrOf(STATUS_WELL_KNOWN), title: `${nameOf(STATUS_WELL_KNOWN)}: no more reviews (key W)` },
];

/** ↑ raises a learning status by one (up to 5), ↓ lowers it (down to 1); 98/99 count as 5. */
export function stepStatus(current: number, direction: 1 | -1): number {
  const base = current > 5 ? 5 : current;
  return Math.min(5, Math.max(1, base + direction));
}
