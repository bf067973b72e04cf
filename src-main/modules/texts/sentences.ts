// Runs in: main. Sentence texts: a sentence row is a span of its text's TxText (SeStart, SeLength), not a
// second copy of the words, so readers of sentences (the vocabulary's sentences-with-term, the book page's
// word chips) get them here.
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import type { HandlerContext } from '../../core/context';
import { markTerm } from '../../../src-shared/text/mark-term';
import { prepareAnalyzer, sentenceTokens, type ParsingLanguage } from '../analysis';
import { firstOccurrences, sentencesAround, sentenceSpans, textBody } from './repo/occurrences';

/**
 * The text of each sentence by SeID, for sentences of the caller's texts (reached through the owned parent
 * text; a foreign or missing sentence is simply absent). Each text is read once, however many of its
 * sentences are asked for.
 */
export function sentenceTexts(sqlite: Sqlite, user: CurrentUser, sentenceIds: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  if (sentenceIds.length === 0) return out;
  const spans = sentenceSpans(sqlite, user, sentenceIds);
  let textId = -1;
  let text = '';
  for (const [seId, txId, start, length] of spans) {
    if (txId !== textId) {
      textId = txId;
      text = textBody(sqlite, user, txId) ?? '';
    }
    out.set(seId, text.slice(start, start + length));
  }
  return out;
}

/**
 * The example sentence of each word where it first occurs as a whole token in the caller's texts `textIds`
 * (taken in that order: a book's chapters), the occurrence in {braces} (src-shared/text/mark-term.ts), by the
 * word lowercased. Words that occur in none of them are absent.
 */
export async function firstSentencesMarked(
  ctx: HandlerContext,
  language: ParsingLanguage,
  textIds: readonly number[],
  words: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (textIds.length === 0 || words.length === 0) return out;
  await prepareAnalyzer(language);
  const hits = firstOccurrences(ctx.sqlite, ctx.user, language.LgID, textIds, [...new Set(words.map((w) => w.toLowerCase()))]);
  const texts = sentenceTexts(
    ctx.sqlite,
    ctx.user,
    hits.map((h) => h.se),
  );
  for (const { form, se, firstPos, at } of hits) {
    const text = texts.get(se);
    if (!text) continue;
    const { tokens, order } = sentenceTokens(text, language);
    const index = order.indexOf(at - firstPos);
    const marked = markTerm(tokens, form, index < 0 ? undefined : index);
    if (marked) out.set(form, marked);
  }
  return out;
}

/**
 * The sentence of the caller's text `textId` holding Ti2Order `order`, with the term in {braces} at that token
 * when it spells the term there, else at its first whole-token match in the sentence; null when the text has no
 * such sentence or the sentence does not hold the term.
 */
export async function markedSentenceAt(ctx: HandlerContext, language: ParsingLanguage, textId: number, order: number, term: string): Promise<string | null> {
  await prepareAnalyzer(language);
  const around = sentencesAround(ctx.sqlite, ctx.user, textId, order, order);
  if (!around) return null;
  const { tokens, order: orders } = sentenceTokens(around.text, language);
  const index = orders.indexOf(order - around.firstPos);
  return markTerm(tokens, term, index < 0 ? undefined : index);
}
