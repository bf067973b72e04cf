// Runs in: main. GET /api/v1/sentences-with-term[/{word_id}]: sentences of the caller's texts holding a term,
// as pairs [sentence with the term in **bold**, sentence with the term in {braces}].
import { forbidden, notFound } from '../../../src-shared/contract/errors';
import type { SentenceWithTermList } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { ownerOf, ownerSql } from '../../db/scope';
import { findLanguage } from '../languages/service';
import { sentenceTexts } from '../texts/sentences';
import * as repo from './repo';

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
  if (!findLanguage(ctx, input.language_id)) throw forbidden('Language not found or access denied');
  let termLC = input.term_lc?.trim().toLowerCase();
  if (input.word_id !== undefined) {
    const term = repo.selectTerm(ctx.sqlite, ctx.user, input.word_id);
    if (!term || term.WoLgID !== input.language_id) throw notFound('Term not found');
    termLC ??= term.WoTextLC;
  }
  if (!termLC) return [];
  const limit = input.limit ?? 20;
  // Occurrences and sentences are reached through their owned parent text; newest texts first.
  const sentenceIds = ctx.sqlite
    .prepare(
      `SELECT DISTINCT (SELECT SeID FROM sentences WHERE SeTxID = Ti2TxID AND SeFirstPos <= Ti2Order ORDER BY SeOrder DESC LIMIT 1) AS se
       FROM texts JOIN word_occurrences ON Ti2TxID = TxID
       WHERE TxLgID = @lg AND ${ownerSql('TxUsID')}
         AND Ti2TfID = (SELECT TfID FROM token_forms WHERE TfLgID = @lg AND TfTextLC = @lc)
       ORDER BY TxID DESC, Ti2Order LIMIT @scan`,
    )
    .pluck()
    .all({ lg: input.language_id, lc: termLC, owner: ownerOf(ctx.user), scan: limit * 3 }) as (number | null)[];
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
