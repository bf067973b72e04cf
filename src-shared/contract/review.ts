// Runs in: any process. Review endpoints: the due queue of a language, a text or a selection of terms, status answers,
// and the FSRS memory state recorded per term (SPEC rule 13: recorded, not yet used for the queue).
import { z } from 'zod';
import { endpoint, returns, idParam, boolish } from './endpoint';
import { termStatus, type TermDto } from './terms';
import type { SentencePart } from '../review/cloze';

export const REVIEW_MODES = ['term-to-translation', 'translation-to-term', 'cloze'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];
export const reviewMode = z.enum(REVIEW_MODES);

/** Most term ids one selection may carry. */
export const MAX_SELECTION = 5000;

/** "1,2,3" (query string), ["1","2"] (repeated query key) or [1, 2] (JSON / IPC) → unique positive ids. */
export const selectionIds = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).transform((v, ctx) => {
  const raw = (Array.isArray(v) ? v : [v])
    .flatMap((x) => String(x).split(','))
    .map((x) => x.trim())
    .filter(Boolean);
  const ids: number[] = [];
  for (const r of raw) {
    if (!/^\d+$/.test(r) || Number(r) <= 0) {
      ctx.addIssue({ code: 'custom', message: `selection must be term ids separated by commas; "${r}" is not one` });
      return z.NEVER;
    }
    ids.push(Number(r));
  }
  if (ids.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'selection is empty' });
    return z.NEVER;
  }
  const unique = [...new Set(ids)];
  if (unique.length > MAX_SELECTION) {
    ctx.addIssue({ code: 'custom', message: `selection holds at most ${MAX_SELECTION} terms` });
    return z.NEVER;
  }
  return unique;
});

/** What to review: exactly one of lang, text, selection, term_id (a selection of one). */
export const reviewScope = z.object({
  lang: idParam.optional(),
  text: idParam.optional(),
  selection: selectionIds.optional(),
  term_id: idParam.optional(),
  /** Practice: every learning term of the scope not yet answered since `since`, due or not. */
  all: boolish.optional(),
  /** Session start (ms, from review/config's `now`): practice skips terms answered since then. */
  since: z.coerce.number().int().nonnegative().optional(),
});
export type ReviewScopeInput = z.output<typeof reviewScope>;

export type ResolvedScope =
  { kind: 'language'; languageId: number } | { kind: 'text'; textId: number; languageId: number; title: string } | { kind: 'selection'; termIds: number[] };

export interface ReviewLanguageInfo {
  LgID: number;
  LgName: string;
  LgRightToLeft: boolean;
  LgTextSize: number;
  LgDict1URI: string;
  LgGoogleTranslateURI: string;
  /** Terms due today in this language. */
  due: number;
}

export interface ReviewConfig {
  /** Server time in ms: pass it back as `since` when practising. */
  now: number;
  today: string;
  timezone: string;
  mode: ReviewMode;
  scope: ResolvedScope | null;
  /** The languages of the caller, for the chooser. */
  languages: ReviewLanguageInfo[];
  /** The language of the scope (null for a selection across languages or no scope). */
  language: ReviewLanguageInfo | null;
  counts: {
    /** Learning terms (1-5) with a translation in the scope. */
    learning: number;
    /** Of those, due today. */
    dueToday: number;
    /** Due by tomorrow (includes today's not yet answered). */
    dueTomorrow: number;
  };
  intervals: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** The term as a card: its own fields (WoSentence raw, term in {braces}) plus what the review screen needs. */
export interface ReviewCard extends Pick<
  TermDto,
  'WoID' | 'WoLgID' | 'WoText' | 'WoTranslation' | 'WoRomanization' | 'WoNotes' | 'WoStatus' | 'WoStatusChanged' | 'WoSentence'
> {
  /** The sentence split into plain and term parts (for highlighting or masking). */
  sentenceParts: SentencePart[];
  /** The sentence with the term replaced by a gap; empty without a marked sentence. */
  clozeSentence: string;
  /** The mode this card is asked in: cloze falls back to translation-to-term when the term has no marked sentence. */
  mode: ReviewMode;
  LgName: string;
  LgRightToLeft: boolean;
}

export type NextWordResult =
  /** remaining includes this term and stops counting at 500 (show "500+"). */
  | { done: false; term: ReviewCard; remaining: number }
  /** nextDue: the first day after today with due terms (and how many), for the empty state; null when practising or nothing is learning. */
  | { done: true; term: null; remaining: 0; message: string; tomorrow: number; nextDue: { date: string; count: number } | null };

export interface TableWord extends Pick<TermDto, 'WoID' | 'WoText' | 'WoTranslation' | 'WoRomanization' | 'WoSentence' | 'WoStatus' | 'WoStatusChanged'> {
  due: boolean;
}

export interface MemoryState {
  stability: number;
  difficulty: number;
  /** ms epoch. */
  due: number;
  state: 'New' | 'Learning' | 'Review' | 'Relearning';
  reps: number;
  lapses: number;
  scheduledDays: number;
  learningSteps: number;
  lastReview: number | null;
  /** Probability of recall now, 0..1 (null before the first review). */
  retrievability: number | null;
}

export interface ReviewHistoryEntry {
  reviewedAt: number;
  statusFrom: number;
  statusTo: number;
  rating: 'Again' | 'Hard' | 'Good' | 'Easy';
  mode: string;
  stability: number;
  difficulty: number;
  due: number;
  scheduledDays: number;
}

export interface TermMemoryStateDto {
  termId: number;
  status: number;
  /** null until the first rated answer (98 answers and status changes outside review seed nothing). */
  memory: MemoryState | null;
  /** Newest first, at most 100. */
  history: ReviewHistoryEntry[];
}

export interface ReviewAnswerResult {
  success: true;
  term_id: number;
  from: number;
  status: number;
  rating: ReviewHistoryEntry['rating'] | null;
  memory: MemoryState | null;
}

export const reviewContract = {
  'review.config': endpoint({
    method: 'GET',
    path: '/api/v1/review/config',
    access: 'read',
    input: reviewScope.extend({ mode: reviewMode.optional() }),
    output: returns<ReviewConfig>(),
  }),
  'review.nextWord': endpoint({
    method: 'GET',
    path: '/api/v1/review/next-word',
    access: 'read',
    input: reviewScope.extend({ mode: reviewMode.optional() }),
    output: returns<NextWordResult>(),
  }),
  'review.tableWords': endpoint({
    method: 'GET',
    path: '/api/v1/review/table-words',
    access: 'read',
    input: reviewScope.extend({ limit: z.coerce.number().int().min(1).max(1000).optional() }),
    output: returns<{ words: TableWord[]; total: number }>(),
  }),
  'review.tomorrowCount': endpoint({
    method: 'GET',
    path: '/api/v1/review/tomorrow-count',
    access: 'read',
    input: reviewScope,
    output: returns<{ count: number; date: string }>(),
  }),
  'review.setStatus': endpoint({
    method: 'PUT',
    path: '/api/v1/review/status',
    access: 'vocabulary',
    input: z.object({ term_id: idParam, status: termStatus, mode: reviewMode.optional() }),
    output: returns<ReviewAnswerResult>(),
  }),
  'review.memoryState': endpoint({
    method: 'GET',
    path: '/api/v1/review/memory-state/:term_id',
    access: 'read',
    input: z.object({ term_id: idParam }),
    output: returns<TermMemoryStateDto>(),
  }),
};
