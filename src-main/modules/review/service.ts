// Runs in: main. Review rules: resolving the scope, the due queue (classic LWT rule), answers that set a status and
// record the FSRS memory state (SPEC rule 13: recorded only, the queue and the reading colours ignore it).
import { badRequest, notFound } from '../../../src-shared/contract/errors';
import type {
  NextWordResult,
  ResolvedScope,
  ReviewAnswerResult,
  ReviewCard,
  ReviewConfig,
  ReviewLanguageInfo,
  ReviewMode,
  ReviewScopeInput,
  TableWord,
  TermMemoryStateDto,
} from '../../../src-shared/contract/review';
import { REVIEW_MODES } from '../../../src-shared/contract/review';
import { addDays, dayKey } from '../../../src-shared/activity/day';
import { hasMarkedTerm, maskSentence, splitSentence } from '../../../src-shared/review/cloze';
import { dueThresholds, REVIEW_INTERVAL_DAYS, type LearningStatus } from '../../../src-shared/review/due';
import { RATING_NAMES, ratingForAnswer } from '../../../src-shared/review/rating';
import type { HandlerContext } from '../../core/context';
import { ownerOf } from '../../db/scope';
import { getSetting, userToday } from '../settings';
import { restartReviewInterval, setTermsStatus } from '../terms';
import { applyRating, historyEntryOf, memoryStateOf } from './memory';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';

export const WORD_NOT_FOUND = msg('review.wordNotFound');
const HISTORY_LIMIT = 100;
/** next-word counts the remaining terms up to this many ("500+ left"); review/config has the exact figures. */
export const REMAINING_CAP = 500;

/** Exactly one of lang / text / selection / term_id; null when none is given (the page then offers a choice). */
export function resolveScope(ctx: HandlerContext, input: ReviewScopeInput): ResolvedScope | null {
  const given = [input.lang, input.text, input.selection, input.term_id].filter((v) => v !== undefined).length;
  if (given > 1) throw badRequest(msg('review.oneScope'));
  const owner = ownerOf(ctx.user);
  if (input.lang !== undefined) {
    if (!repo.ownedLanguages(ctx.sqlite, owner).some((l) => l.LgID === input.lang)) throw notFound(msg('language.notFound'));
    return { kind: 'language', languageId: input.lang };
  }
  if (input.text !== undefined) {
    const text = repo.ownedText(ctx.sqlite, owner, input.text);
    if (!text) throw notFound(msg('text.notFound'));
    return { kind: 'text', textId: text.TxID, languageId: text.TxLgID, title: text.TxTitle };
  }
  if (input.selection !== undefined) return { kind: 'selection', termIds: input.selection };
  if (input.term_id !== undefined) return { kind: 'selection', termIds: [input.term_id] };
  return null;
}

function requireScope(ctx: HandlerContext, input: ReviewScopeInput): ResolvedScope {
  const scope = resolveScope(ctx, input);
  if (!scope) throw badRequest(msg('review.chooseScope'));
  return scope;
}

function preferredMode(ctx: HandlerContext, mode: ReviewMode | undefined): ReviewMode {
  if (mode) return mode;
  const saved = getSetting(ctx, 'reviewMode');
  return (REVIEW_MODES as readonly string[]).includes(saved) ? (saved as ReviewMode) : 'term-to-translation';
}

function thresholdsFor(ctx: HandlerContext, day: 'today' | 'tomorrow') {
  const { today, timezone } = userToday(ctx);
  const on = day === 'today' ? today : addDays(today, 1);
  return { on, timezone, thresholds: dueThresholds(on, timezone) };
}

function languageInfos(ctx: HandlerContext): ReviewLanguageInfo[] {
  const owner = ownerOf(ctx.user);
  const due = repo.countDueByLanguage(ctx.sqlite, owner, thresholdsFor(ctx, 'today').thresholds);
  return repo.ownedLanguages(ctx.sqlite, owner).map((l) => ({
    LgID: l.LgID,
    LgName: l.LgName,
    LgRightToLeft: Boolean(l.LgRightToLeft),
    LgTextSize: l.LgTextSize,
    LgDict1URI: l.LgDict1URI,
    LgGoogleTranslateURI: l.LgGoogleTranslateURI,
    due: due.get(l.LgID) ?? 0,
  }));
}

export function reviewConfig(ctx: HandlerContext, input: ReviewScopeInput & { mode?: ReviewMode }): ReviewConfig {
  const scope = resolveScope(ctx, input);
  const owner = ownerOf(ctx.user);
  const today = thresholdsFor(ctx, 'today');
  const languages = languageInfos(ctx);
  const languageId = scope && scope.kind !== 'selection' ? scope.languageId : null;
  return {
    now: ctx.clock.now(),
    today: today.on,
    timezone: today.timezone,
    mode: preferredMode(ctx, input.mode),
    scope,
    languages,
    language: languages.find((l) => l.LgID === languageId) ?? null,
    counts: scope
      ? {
          learning: repo.countLearning(ctx.sqlite, owner, scope),
          dueToday: repo.countDue(ctx.sqlite, owner, scope, today.thresholds),
          dueTomorrow: repo.countDue(ctx.sqlite, owner, scope, thresholdsFor(ctx, 'tomorrow').thresholds),
        }
      : { learning: 0, dueToday: languages.reduce((n, l) => n + l.due, 0), dueTomorrow: 0 },
    intervals: { ...REVIEW_INTERVAL_DAYS },
  };
}

function toCard(row: repo.CardRow, mode: ReviewMode): ReviewCard {
  const marked = hasMarkedTerm(row.WoSentence);
  return {
    WoID: row.WoID,
    WoLgID: row.WoLgID,
    WoText: row.WoText,
    WoTranslation: row.WoTranslation,
    WoRomanization: row.WoRomanization,
    WoNotes: row.WoNotes,
    WoStatus: row.WoStatus,
    WoStatusChanged: row.WoStatusChanged,
    WoSentence: row.WoSentence,
    sentenceParts: splitSentence(row.WoSentence),
    clozeSentence: marked ? maskSentence(row.WoSentence) : '',
    mode: mode === 'cloze' && !marked ? 'translation-to-term' : mode,
    LgName: row.LgName,
    LgRightToLeft: Boolean(row.LgRightToLeft),
  };
}

export function nextWord(ctx: HandlerContext, input: ReviewScopeInput & { mode?: ReviewMode }): NextWordResult {
  const scope = requireScope(ctx, input);
  const owner = ownerOf(ctx.user);
  const mode = preferredMode(ctx, input.mode);
  let row: repo.CardRow | undefined;
  let remaining: number;
  if (input.all) {
    const since = input.since ?? ctx.clock.now();
    row = repo.nextPracticeTerm(ctx.sqlite, owner, scope, since);
    remaining = row ? repo.countPractice(ctx.sqlite, owner, scope, since, REMAINING_CAP) : 0;
  } else {
    const { thresholds } = thresholdsFor(ctx, 'today');
    row = repo.nextDueTerm(ctx.sqlite, owner, scope, thresholds);
    remaining = row ? repo.countDue(ctx.sqlite, owner, scope, thresholds, REMAINING_CAP) : 0;
  }
  if (row) return { done: false, term: toCard(row, mode), remaining };
  const tomorrow = tomorrowCount(ctx, input).count;
  return {
    nextDue: input.all ? null : nextDueDay(ctx, scope),
    done: true,
    term: null,
    remaining: 0,
    tomorrow,
    message: input.all ? 'Nothing left to practise in this session.' : 'Nothing is due for review today.',
  };
}

export function tableWords(ctx: HandlerContext, input: ReviewScopeInput & { limit?: number }): { words: TableWord[]; total: number } {
  const scope = requireScope(ctx, input);
  const owner = ownerOf(ctx.user);
  const limit = input.limit ?? 200;
  if (input.all) {
    const since = input.since ?? ctx.clock.now();
    const rows = repo.tableTerms(ctx.sqlite, owner, scope, { since }, limit);
    const { thresholds } = thresholdsFor(ctx, 'today');
    return {
      words: rows.map((r) => ({ ...r, due: r.WoStatusChanged < thresholds[r.WoStatus as LearningStatus] })),
      total: repo.countPractice(ctx.sqlite, owner, scope, since),
    };
  }
  const { thresholds } = thresholdsFor(ctx, 'today');
  const rows = repo.tableTerms(ctx.sqlite, owner, scope, { thresholds }, limit);
  return { words: rows.map((r) => ({ ...r, due: true })), total: repo.countDue(ctx.sqlite, owner, scope, thresholds) };
}

/** The first day after today on which terms of the scope fall due, and how many are due then; null without learning terms. */
export function nextDueDay(ctx: HandlerContext, scope: ResolvedScope): { date: string; count: number } | null {
  const { today, timezone } = userToday(ctx);
  const owner = ownerOf(ctx.user);
  let first: string | null = null;
  for (const { status, changed } of repo.oldestChangeByStatus(ctx.sqlite, owner, scope)) {
    let day = addDays(dayKey(changed, timezone), REVIEW_INTERVAL_DAYS[status]);
    if (day <= today) day = addDays(today, 1);
    if (first === null || day < first) first = day;
  }
  if (first === null) return null;
  return { date: first, count: repo.countDue(ctx.sqlite, owner, scope, dueThresholds(first, timezone)) };
}

export function tomorrowCount(ctx: HandlerContext, input: ReviewScopeInput): { count: number; date: string } {
  const scope = requireScope(ctx, input);
  const { on, thresholds } = thresholdsFor(ctx, 'tomorrow');
  return { count: repo.countDue(ctx.sqlite, ownerOf(ctx.user), scope, thresholds), date: on };
}

/**
 * A review answer: sets the status (restarting its interval), records the FSRS memory state for a rated answer,
 * and tells the other modules once (terms.changed with source 'review': reader colours, activity).
 */
export function answer(ctx: HandlerContext, input: { term_id: number; status: number; mode?: ReviewMode }): ReviewAnswerResult {
  const owner = ownerOf(ctx.user);
  const now = ctx.clock.now();
  return transact(ctx, (): ReviewAnswerResult => {
    const before = repo.ownedTerm(ctx.sqlite, owner, input.term_id);
    if (!before) throw notFound(WORD_NOT_FOUND);
    const from = before.WoStatus;
    const to = input.status;
    // One event for the answer, status changed or not: terms.changed with source 'review' (colours, activity).
    setTermsStatus(ctx, [before.WoID], to, 'review');
    restartReviewInterval(ctx, before.WoID, now);

    const rating = ratingForAnswer(from, to);
    const previous = repo.ownedSchedule(ctx.sqlite, owner, before.WoID);
    // 98 never rates; 99 rates Easy only for a term that already has a memory state (98/99 seed no schedule).
    const rated = rating !== null && !(to === 99 && !previous);
    let memory = previous ? memoryStateOf(previous, now) : null;
    if (rated) {
      const { schedule, log } = applyRating(previous, before.WoID, now, rating);
      repo.saveSchedule(ctx.sqlite, schedule);
      repo.insertReviewLog(ctx.sqlite, {
        RlWoID: before.WoID,
        RlReviewedAt: now,
        RlStatusFrom: from,
        RlStatusTo: to,
        RlRating: rating,
        RlState: schedule.TsState,
        RlStability: schedule.TsStability,
        RlDifficulty: schedule.TsDifficulty,
        RlDue: schedule.TsDue,
        RlElapsedDays: log.elapsed_days,
        RlScheduledDays: schedule.TsScheduledDays,
        RlMode: input.mode ?? '',
      });
      memory = memoryStateOf(schedule, now);
    }
    return { success: true, term_id: before.WoID, from, status: to, rating: rated ? (RATING_NAMES[rating] as ReviewAnswerResult['rating']) : null, memory };
  });
}

export function memoryState(ctx: HandlerContext, termId: number): TermMemoryStateDto {
  const owner = ownerOf(ctx.user);
  const term = repo.ownedTerm(ctx.sqlite, owner, termId);
  if (!term) throw notFound(WORD_NOT_FOUND);
  const schedule = repo.ownedSchedule(ctx.sqlite, owner, termId);
  return {
    termId,
    status: term.WoStatus,
    memory: schedule ? memoryStateOf(schedule, ctx.clock.now()) : null,
    history: repo.ownedReviewLog(ctx.sqlite, owner, termId, HISTORY_LIMIT).map(historyEntryOf),
  };
}

/** Terms due today per language of the caller (the dashboard shows them next to the status counts). */
export function dueTodayByLanguage(ctx: HandlerContext): Map<number, number> {
  return repo.countDueByLanguage(ctx.sqlite, ownerOf(ctx.user), thresholdsFor(ctx, 'today').thresholds);
}
