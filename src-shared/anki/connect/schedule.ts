// Runs in: any process. A term's status as an Anki card's scheduling (AnkiConnect's cardsInfo, getIntervals,
// areSuspended and the is:/prop:ivl searches read this one table, so they always agree). Lectio's statuses are
// learning stages, not Anki's queues; the mapping keeps what each means to a learner:
//   1 (new)            → a new card (type 0, queue 0, interval 0): asbplayer colours it "unknown";
//   2, 3, 4 (learning) → learning cards (type 1, queue 1): "learning";
//   5 (learned)        → a review card, mature at Anki's usual 21-day cutoff;
//   99 (well known)    → a review card of 365 days;
//   98 (ignored)       → a suspended review card of 365 days (asbplayer does not colour it as a word to learn).
// A card's interval is what Anki's means, the days from one review to the next: for 2-5 the days after a status
// change until Lectio's review brings the term back (src-shared/review/due.ts: 2, 9, 27, 72), so getIntervals,
// prop:ivl, cardsInfo's due and prop:due tell one story. 99 and 98 are never reviewed: a year stands for "not soon".
import { REVIEW_INTERVAL_DAYS } from '../../review/due';

export interface CardSchedule {
  /** Anki's card type: 0 new, 1 learning, 2 review. */
  type: 0 | 1 | 2;
  /** Anki's queue: 0 new, 1 learning, 2 review, -1 suspended. */
  queue: -1 | 0 | 1 | 2;
  /** Days. */
  interval: number;
}

export const CARD_OF_STATUS: Readonly<Record<number, CardSchedule>> = {
  1: { type: 0, queue: 0, interval: 0 },
  2: { type: 1, queue: 1, interval: REVIEW_INTERVAL_DAYS[2] },
  3: { type: 1, queue: 1, interval: REVIEW_INTERVAL_DAYS[3] },
  4: { type: 1, queue: 1, interval: REVIEW_INTERVAL_DAYS[4] },
  5: { type: 2, queue: 2, interval: REVIEW_INTERVAL_DAYS[5] },
  99: { type: 2, queue: 2, interval: 365 },
  98: { type: 2, queue: -1, interval: 365 },
};

export const cardOfStatus = (status: number): CardSchedule => CARD_OF_STATUS[status] ?? CARD_OF_STATUS[1];

/** The statuses whose card passes a test (an is: or prop:ivl search becomes `WoStatus IN (…)`). */
export const statusesWhere = (test: (card: CardSchedule) => boolean): number[] =>
  Object.entries(CARD_OF_STATUS)
    .filter(([, card]) => test(card))
    .map(([status]) => Number(status));
