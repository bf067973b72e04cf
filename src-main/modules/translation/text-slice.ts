// Runs in: main. "Translate all sentences" of a text as bounded slices: each call translates at most `max`
// sentences from `from` on (the cache first, then the learner's services) and says where the next slice starts.
// The caller drives it: the renderer calls slice after slice with a progress bar and stops by not calling again;
// a jobs runner can run the same function a slice a turn. Nothing here schedules anything.
import type { TextTranslationProgress } from '../../../src-shared/contract/translation';
import type { HandlerContext } from '../../core/context';
import { ensureParsed, getTextRow, sentenceTexts } from '../texts';
import * as repo from './repo';
import { translateSentence } from './service';

/** Sentences per slice at most: a slice stays a few requests long (each provider answer may take seconds). */
export const TEXT_SLICE_MAX = 20;

export async function translateTextSlice(ctx: HandlerContext, input: { id: number; from?: number; max?: number }): Promise<TextTranslationProgress> {
  const row = getTextRow(ctx, input.id);
  await ensureParsed(ctx, row);
  const max = Math.min(Math.max(1, input.max ?? TEXT_SLICE_MAX), TEXT_SLICE_MAX);
  const from = input.from ?? 0;
  // One more than asked, to know whether anything follows.
  const slice = repo.textSentenceSlice(ctx.sqlite, ctx.user, row.TxID, from, max + 1);
  const mine = slice.slice(0, max);
  const texts = sentenceTexts(
    ctx.sqlite,
    ctx.user,
    mine.map((s) => s.SeID),
  );
  let translated = 0;
  let cached = 0;
  for (const s of mine) {
    const text = (texts.get(s.SeID) ?? '').replace(/\s+/g, ' ').trim();
    // Sentences without a letter (a lone dash, a number) have nothing to translate.
    if (!/\p{L}/u.test(text)) continue;
    // A failure (quota, unreachable) ends the run with its coded error; the sentences before it stay cached.
    const answer = await translateSentence(ctx, { language_id: row.TxLgID, text });
    translated++;
    if (answer.cached) cached++;
  }
  const next = slice.length > max ? slice[max].SeOrder : null;
  const total = repo.textSentenceCount(ctx.sqlite, ctx.user, row.TxID);
  const done = next === null ? total : repo.textSentenceCount(ctx.sqlite, ctx.user, row.TxID, next);
  return { translated, cached, next, total, done };
}
