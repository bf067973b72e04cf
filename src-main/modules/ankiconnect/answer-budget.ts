// Runs in: main. How much one AnkiConnect call may answer. The answer is written as one JSON text, which holds the
// server while it is made: about 500,000 note ids or 10,000 notes (notesInfo, cardsInfo) take ~25 ms. A multi shares
// one budget among its actions, so a hundred broad searches or notesInfo calls in one request are refused, not
// answered with a body that holds the server for seconds (issue 43).
import { ANKICONNECT_MAX_NOTES } from '../../../src-shared/contract/ankiconnect';
import { msg } from '../../../src-shared/contract/messages';
import { AnkiConnectError } from './errors';
import { MAX_IDS } from './search';

/** A note or card of notesInfo/cardsInfo weighs this many ids in the answer (fields, tags, their JSON). */
const NOTE_WEIGHT = MAX_IDS / ANKICONNECT_MAX_NOTES;

export interface AnswerBudget {
  /** Counts `count` ids of an answer, or throws when the call would answer more than it may. */
  ids(count: number): void;
  /** Counts `count` notes (or cards) of an answer, or throws when the call would answer more than it may. */
  notes(count: number): void;
}

export function answerBudget(): AnswerBudget {
  let left = MAX_IDS;
  const take = (units: number) => {
    if (units > left) throw new AnkiConnectError(msg('ankiconnect.answerTooLarge', { ids: MAX_IDS, notes: ANKICONNECT_MAX_NOTES }));
    left -= units;
  };
  return { ids: take, notes: (count) => take(count * NOTE_WEIGHT) };
}
