// Runs in: main. GET /api/v1/sentences-with-term[/{word_id}]: sentences of the caller's texts holding a term,
// as pairs [sentence with the term in **bold**, sentence with the term in {braces}]. The term is marked at its
// occurrence, as whole tokens of the language's parser (src-shared/text/mark-term.ts, issue 31).
import { forbidden, notFound } from '../../../src-shared/contract/errors';
import type { SentenceWithTermList } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { findLanguage, withWordCorrections } from '../languages';
import { prepareAnalyzer, sentenceTokens } from '../analysis';
import { findTerm, markRun } from '../../../src-shared/text/mark-term';
import { sentenceTexts } from '../texts';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

/**
 * Sentences holding the term: the occurrences of its lowercased form (token_forms → word_occurrences) in the
 * caller's texts, each mapped to the sentence that starts at or before it, whose text the texts module cuts
 * from TxText. The sentence is cut into tokens by the language's parser and the occurrence's token is marked
 * (its Ti2Order, counted from the sentence's first token), else the first whole-token match; a sentence that
 * holds the term only inside longer words is left out. A foreign or missing language is refused with 403
 * (SPEC Errors).
 */
export async function sentencesWithTerm(
  ctx: HandlerContext,
  input: { language_id: number; term_lc?: string; word_id?: number; limit?: number },
): Promise<SentenceWithTermList> {
  const owned = findLanguage(ctx, input.language_id);
  if (!owned) throw forbidden(msg('language.denied'));
  // Cut as its texts were (word corrections included), so the stored position names the same token.
  const language = withWordCorrections(ctx, owned);
  let termLC = input.term_lc?.trim().toLowerCase();
  if (input.word_id !== undefined) {
    const term = repo.selectTerm(ctx.sqlite, ctx.user, input.word_id);
    if (!term || term.WoLgID !== input.language_id) throw notFound(msg('term.notFound'));
    termLC ??= term.WoTextLC;
  }
  if (!termLC) return [];
  const limit = input.limit ?? 20;
  await prepareAnalyzer(language);
  const found = repo.sentencesWithForm(ctx.sqlite, ctx.user, input.language_id, termLC, limit * 5);
  const texts = sentenceTexts(
    ctx.sqlite,
    ctx.user,
    found.map((f) => f.se),
  );
  const out: SentenceWithTermList = [];
  for (const { se, firstPos, at } of found) {
    const text = texts.get(se);
    if (!text) continue;
    const { tokens, order } = sentenceTokens(text, language);
    const index = order.indexOf(at - firstPos);
    const run = findTerm(tokens, termLC, index < 0 ? undefined : index);
    if (run) out.push([markRun(tokens, run, '**', '**'), markRun(tokens, run)]);
    if (out.length >= limit) break;
  }
  return out;
}
