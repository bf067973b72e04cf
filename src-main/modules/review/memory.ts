// Runs in: main. FSRS glue: term_schedules rows ⇄ ts-fsrs cards, one rated answer → the next memory state.
import { createEmptyCard, fsrs, State, type Card, type Grade } from 'ts-fsrs';
import type { MemoryState, ReviewHistoryEntry } from '../../../src-shared/contract/review';
import { RATING_NAMES, type ReviewRating } from '../../../src-shared/review/rating';
import type { ReviewLogRow, ScheduleRow } from './repo';

/** Default FSRS parameters, no fuzz: the same answers at the same times always give the same state. */
export const scheduler = fsrs({ enable_fuzz: false });

export function cardFromRow(row: ScheduleRow): Card {
  return {
    due: new Date(row.TsDue),
    stability: row.TsStability,
    difficulty: row.TsDifficulty,
    elapsed_days: row.TsElapsedDays,
    scheduled_days: row.TsScheduledDays,
    learning_steps: row.TsLearningSteps,
    reps: row.TsReps,
    lapses: row.TsLapses,
    state: row.TsState as State,
    last_review: row.TsLastReview === null ? undefined : new Date(row.TsLastReview),
  };
}

export function rowFromCard(termId: number, card: Card): ScheduleRow {
  return {
    TsWoID: termId,
    TsStability: card.stability,
    TsDifficulty: card.difficulty,
    TsDue: card.due.getTime(),
    TsState: card.state,
    TsReps: card.reps,
    TsLapses: card.lapses,
    TsElapsedDays: card.elapsed_days,
    TsScheduledDays: card.scheduled_days,
    TsLearningSteps: card.learning_steps,
    TsLastReview: card.last_review ? card.last_review.getTime() : null,
  };
}

/** Applies one rated answer at `at` to the term's card (a new card when it has none yet). */
export function applyRating(previous: ScheduleRow | undefined, termId: number, at: number, rating: ReviewRating) {
  const card = previous ? cardFromRow(previous) : createEmptyCard(new Date(at));
  const { card: next, log } = scheduler.next(card, new Date(at), rating as Grade);
  return { schedule: rowFromCard(termId, next), log };
}

const STATE_NAMES: Record<number, MemoryState['state']> = { 0: 'New', 1: 'Learning', 2: 'Review', 3: 'Relearning' };

export function memoryStateOf(row: ScheduleRow, now: number): MemoryState {
  const card = cardFromRow(row);
  return {
    stability: row.TsStability,
    difficulty: row.TsDifficulty,
    due: row.TsDue,
    state: STATE_NAMES[row.TsState] ?? 'New',
    reps: row.TsReps,
    lapses: row.TsLapses,
    scheduledDays: row.TsScheduledDays,
    learningSteps: row.TsLearningSteps,
    lastReview: row.TsLastReview,
    retrievability: row.TsLastReview === null ? null : scheduler.get_retrievability(card, new Date(Math.max(now, row.TsLastReview)), false),
  };
}

export function historyEntryOf(row: ReviewLogRow): ReviewHistoryEntry {
  return {
    reviewedAt: row.RlReviewedAt,
    statusFrom: row.RlStatusFrom,
    statusTo: row.RlStatusTo,
    rating: RATING_NAMES[row.RlRating as ReviewRating] as ReviewHistoryEntry['rating'],
    mode: row.RlMode,
    stability: row.RlStability,
    difficulty: row.RlDifficulty,
    due: row.RlDue,
    scheduledDays: row.RlScheduledDays,
  };
}
