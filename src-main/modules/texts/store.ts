// Runs in: main. Writes a parsed text (sentences, word occurrences, multi-word occurrences) and keeps
// occurrences in step with terms, through the texts repo files. Callers run these inside their transaction.
import { lowerForm } from '../../../src-shared/text/sha256';
import { MultiwordMatcher, type MultiwordPattern } from '../../../src-shared/text/multiword';
import { BREAK, SPACE, WORD, type ParsedColumns } from '../../../src-shared/text/token-columns';
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { matcherFor, parseTermText, type IndexContext, type ParsingLanguage } from '../analysis';
import { findForm, formIds } from './repo/forms';
import * as occurrences from './repo/occurrences';

/** Replaces the stored parse of a text (which the caller owns). Returns the number of word occurrences. */
export function storeParsedText(ctx: IndexContext, textId: number, lang: ParsingLanguage, parsed: ParsedColumns): number {
  const { sqlite, user } = ctx;
  occurrences.clearParsedText(sqlite, textId);
  const { count: n, kind, order, sentence, start, end, text, texts } = parsed;

  // A sentence is a span of TxText (the raw text that was parsed), not a second copy of its text.
  const sentenceRows: number[] = [];
  let sentenceStart = 0;
  for (let i = 1; i <= n; i++) {
    if (i === n || sentence[i] !== sentence[i - 1]) {
      const k = sentence[sentenceStart];
      const from = parsed.sentenceSpans[2 * k];
      sentenceRows.push(k + 1, order[sentenceStart], from, parsed.sentenceSpans[2 * k + 1] - from);
      sentenceStart = i;
    }
  }
  occurrences.insertSentences(sqlite, lang.LgID, textId, sentenceRows);

  // Each word's slot among the text's distinct lowercased forms (-1: not a word). A spelling met before
  // ("The", "the") finds its slot without lowercasing it again.
  const slotOf = new Int32Array(n);
  const slotBySpelling = new Map<string, number>();
  const slotByForm = new Map<string, number>();
  const forms: string[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (kind[i] !== WORD) {
      slotOf[i] = -1;
      continue;
    }
    const spelling = texts ? texts[i] : text.slice(start[i], end[i]);
    let slot = slotBySpelling.get(spelling);
    if (slot === undefined) {
      const lc = lowerForm(spelling);
      slot = slotByForm.get(lc);
      if (slot === undefined) {
        slot = forms.length;
        slotByForm.set(lc, slot);
        forms.push(lc);
      }
      slotBySpelling.set(spelling, slot);
    }
    slotOf[i] = slot;
    count++;
  }
  const idOfSlot = formIds(sqlite, lang.LgID, forms);
  const termIds = occurrences.termIdsByText(sqlite, user, lang.LgID, forms);

  // Multi-word rows [form, order, wordCount, term], in key order.
  const multi: [number, number, number, number][] = [];
  const matches = matcherFor(ctx, lang).findInSequence({
    count: n,
    isWord: (i) => slotOf[i] >= 0,
    order: (i) => order[i],
    lowered: (i) => forms[slotOf[i]],
    nonWord: (i) => (kind[i] === BREAK ? null : kind[i] === SPACE ? ' ' : lowerForm(texts ? texts[i] : text.slice(start[i], end[i]))),
  });
  if (matches.length) {
    // The in-memory index may remember a term whose transaction rolled back: only link terms that exist.
    const textOf = occurrences.termTexts(sqlite, user, [...new Set(matches.map((m) => m.id))]);
    const phrases = [...new Set(textOf.values())];
    const phraseIds = formIds(sqlite, lang.LgID, phrases);
    const phraseForm = new Map(phrases.map((p, k) => [p, phraseIds[k]]));
    for (const m of matches) {
      const lc = textOf.get(m.id);
      if (lc !== undefined) multi.push([phraseForm.get(lc)!, m.order, m.wordCount, m.id]);
    }
    multi.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  }

  // Rows go in in key order (form, then order): appended pages fill up instead of splitting half-empty.
  // Single words: bucketed by form (a counting sort; tokens are already in order within a form), the
  // forms by id. Two typed columns per row; the form id and term are looked up per slot when bound.
  const slotCount = forms.length;
  const termOf: (number | null)[] = [];
  for (let k = 0; k < slotCount; k++) termOf.push(termIds.get(forms[k]) ?? null);
  const slotsById = Array.from({ length: slotCount }, (_, k) => k).sort((a, b) => idOfSlot[a] - idOfSlot[b]);
  const sizes = new Int32Array(slotCount);
  for (let i = 0; i < n; i++) if (slotOf[i] >= 0) sizes[slotOf[i]]++;
  // Buckets laid out in form-id order: start of slot k = sum of the sizes of the slots before it by id.
  const startOf = new Int32Array(slotCount);
  let acc = 0;
  for (const k of slotsById) {
    startOf[k] = acc;
    acc += sizes[k];
  }
  // Row j (in key order) is slot rowSlot[j] at order rowOrder[j].
  const rowOrder = new Int32Array(count);
  const rowSlot = new Int32Array(count);
  const fill = startOf.slice();
  for (let i = 0; i < n; i++) {
    const slot = slotOf[i];
    if (slot < 0) continue;
    const j = fill[slot]++;
    rowOrder[j] = order[i];
    rowSlot[j] = slot;
  }
  occurrences.insertOccurrences(sqlite, textId, { rowSlot, rowOrder, slotForm: idOfSlot, slotTerm: termOf }, multi.flat());
  return count;
}

/** Single word: every occurrence of its form now points at the term (or at nothing). */
export function setSingleWordTerm(sqlite: Sqlite, user: CurrentUser, languageId: number, form: string, termId: number | null): void {
  const tf = findForm(sqlite, languageId, form);
  if (tf !== undefined) occurrences.setSingleWordTerm(sqlite, user, languageId, tf, termId);
}

export function hasSingleWordOccurrence(sqlite: Sqlite, user: CurrentUser, languageId: number, form: string): boolean {
  const tf = findForm(sqlite, languageId, form);
  return tf !== undefined && occurrences.hasSingleWordOccurrence(sqlite, user, languageId, tf);
}

/**
 * Adds the occurrences of a multi-word term in every text of its language. The rarest of its words drives
 * the search (one seek per text), each other word is one primary-key probe at its order offset.
 */
export function addMultiwordOccurrences(
  sqlite: Sqlite,
  user: CurrentUser,
  lang: ParsingLanguage,
  termId: number,
  termLC: string,
  pattern: MultiwordPattern,
): number {
  const wordForms = pattern.words.map((w) => findForm(sqlite, lang.LgID, w));
  if (wordForms.some((f) => f === undefined)) return 0;
  const forms = wordForms as number[];
  const anchor = rarestWord(sqlite, user, lang.LgID, forms, pattern.words);
  if (anchor === null) return 0;
  let starts = occurrences.multiwordStarts(sqlite, user, lang.LgID, forms, pattern.offsets, anchor);
  if (pattern.separators) starts = starts.filter((s) => separatorsMatch(sqlite, user, lang, pattern, s.tx, s.start));
  if (starts.length === 0) return 0;
  const [phrase] = formIds(sqlite, lang.LgID, [termLC]);
  let added = 0;
  for (const s of starts) added += occurrences.insertMultiwordOccurrence(sqlite, s.tx, phrase, s.start, pattern.words.length, termId);
  return added;
}

/** Occurrences counted per word when choosing the anchor: past this a word is common, and its exact count does not matter. */
const ANCHOR_COUNT_CAP = 256;

/**
 * The index of the pattern's rarest word in the caller's texts (the search's anchor), or null when one of them
 * occurs nowhere. Counting every occurrence of "the" cost most of a two-word term's save, so each count stops
 * at the best so far (longer words first: they tend to be rarer, and lower the cap early).
 */
function rarestWord(sqlite: Sqlite, user: CurrentUser, languageId: number, forms: readonly number[], words: readonly string[]): number | null {
  const order = forms.map((_, i) => i).sort((a, b) => words[b].length - words[a].length);
  let best = -1;
  let bestCount = ANCHOR_COUNT_CAP;
  for (const i of order) {
    const n = occurrences.countForm(sqlite, user, languageId, forms[i], 'single', undefined, best === -1 ? ANCHOR_COUNT_CAP : bestCount);
    if (n === 0) return null;
    if (best === -1 || n < bestCount) [best, bestCount] = [i, n];
  }
  return best;
}

/**
 * Whether the words of a pattern with punctuation or numbers between them, found at `start` of a text from its
 * stored rows (which keep words only), have those very non-words between them: its sentences parsed again.
 */
function separatorsMatch(sqlite: Sqlite, user: CurrentUser, lang: ParsingLanguage, pattern: MultiwordPattern, textId: number, start: number): boolean {
  const around = occurrences.sentencesAround(sqlite, user, textId, start, start + pattern.offsets[pattern.offsets.length - 1]);
  if (!around) return false;
  const tokens = parseTermText(around.text, lang).tokens;
  const at = start - around.firstPos + 1;
  return new MultiwordMatcher([{ id: 0, pattern }]).findIn(tokens).some((m) => m.order === at);
}

/**
 * Removes a multi-word term's rows. When the term was deleted, the foreign key has already set their
 * Ti2WoID to NULL (terms.changed comes after the DELETE): a multi-word row without a term is removed too.
 */
export function removeMultiwordOccurrences(sqlite: Sqlite, user: CurrentUser, languageId: number, termId: number, termLC: string): number {
  const tf = findForm(sqlite, languageId, termLC);
  return tf === undefined ? 0 : occurrences.deleteMultiwordOccurrences(sqlite, user, languageId, tf, termId);
}

export function countMultiwordOccurrences(sqlite: Sqlite, user: CurrentUser, languageId: number, termId: number, termLC: string): number {
  const tf = findForm(sqlite, languageId, termLC);
  return tf === undefined ? 0 : occurrences.countForm(sqlite, user, languageId, tf, 'multi', termId);
}
