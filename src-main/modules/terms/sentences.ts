// Runs in: main. GET /api/v1/sentences-with-term[/{word_id}]: sentences of the caller's texts holding a term,
// as pairs [sentence with the term in **bold**, sentence with the term in {braces}].
import { forbidden, notFound } from '../../../src-shared/contract/errors';
import type { SentenceWithTermList } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { findLanguage } from '../languages';
import { sentenceTexts } from '../texts';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}\p{M}]/u.test(c);

/**
 * Finds the term in the sentence, case-insensitively, preferring a match at word boundaries (so "cat"
 * is not marked inside "concatenate"); languages without spaces fall back to any match.
 */
export function locateTerm(sentence: string, termLC: string): { start: number; end: number } | null {
  const lower = sentence.toLowerCase();
  // Lowercasing can change length (e.g. "İ"); only trust indexes when it did not.
  if (lower.length !== sentence.length || !termLC) return null;
  let fallback: { start: number; end: number } | null = null;
  for (let at = lower.indexOf(termLC); at !== -1; at = lower.indexOf(termLC, at + 1)) {
    const hit = { start: at, end: at + termLC.length };
    if (!isWordChar(sentence[at - 1]) && !isWordChar(sentence[hit.end])) return hit;
    fallback ??= hit;
  }
  return fallback;
}

export function markSentence(sentence: string, termLC: string): [string, string] | null {
  const hit = locateTerm(sentence, termLC);
  if (!hit) return null;
  const before = sentence.slice(0, hit.start);
  const word = sentence.slice(hit.start, hit.end);
  const after = sentence.slice(hit.end);
  return [`${before}**${word}**${after}`, `${before}{${word}}${after}`];
}

/**
 * Sentences holding the term: the occurrences of its lowercased form (token_forms → word_occurrences) in the
 * caller's texts, each mapped to the sentence that starts at or before it, whose text the texts module cuts
 * from TxText. A foreign or missing language is refused with 403 (SPEC Errors).
 */
export function sentencesWithTerm(
  ctx: HandlerContext,
  input: { language_id: number; term_lc?: string; word_id?: number; limit?: number },
): SentenceWithTermList {
  if (!findLanguage(ctx, input.language_id)) throw forbidden(msg('language.denied'));
  let termLC = input.term_lc?.trim().toLowerCase();
  if (input.word_id !== undefined) {
    const term = repo.selectTerm(ctx.sqlite, ctx.user, input.word_id);
    if (!term || term.WoLgID !== input.language_id) throw notFound(msg('term.notFound'));
    termLC ??= term.WoTextLC;
  }
  if (!termLC) return [];
  const limit = input.limit ?? 20;
  const sentenceIds = repo.sentenceIdsWithForm(ctx.sqlite, ctx.user, input.language_id, termLC, limit * 3);
  const ids = sentenceIds.filter((x): x is number => x !== null);
  const texts = sentenceTexts(ctx.sqlite, ctx.user, ids);
  const out: SentenceWithTermList = [];
  for (const id of ids) {
    const text = texts.get(id);
    const pair = text ? markSentence(text.trim(), termLC) : null;
    if (pair) out.push(pair);
    if (out.length >= limit) break;
  }
  return out;
}
