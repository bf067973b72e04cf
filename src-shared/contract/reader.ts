// Runs in: any process. The reader: reading items of a text, quick and multi-word term saving, mark-all,
// and the deprecated query-parameter routes that answer as their successors.
import { z } from 'zod';
import type { ChapterPicture } from './books';
import { endpoint, returns, idParam } from './endpoint';
import { correctionParts, type LanguageDto, type WordCorrectionDto } from './languages';
import { termFields, termStatus, type TermDto } from './terms';
import type { TextDto } from './texts';

/** One token of a text as the reader and browser extensions see it. */
export interface ReadingItem {
  Ti2Order: number;
  /** 0 = not a word (space, punctuation, number, line break), 1 = a word, >1 = a multi-word term starting here. */
  Ti2WordCount: number;
  Ti2WoID: number | null;
  text: string;
  /** data_hex: lowercase hex SHA-256 of the lowercased word; '' for non-words. */
  hex: string;
  /** Term status; 0 = unknown word (or not a word). */
  status: number;
  /** 'space' | 'punct' | 'number' | 'break' for non-words, 'word' for words and multi-word terms. */
  kind: 'word' | 'space' | 'punct' | 'number' | 'break';
  /** Sentence index (0-based). */
  sentence: number;
  /** Kana reading (Japanese), for romanization. */
  reading?: string;
}

/**
 * The reader's own payload: the reading items of GET /texts/{id}/words as columns (a 20,000-word chapter is
 * ~0.7 MB instead of ~7 MB of one object per token). src-shared/text/reader-text.ts reads it back item by
 * item. Item order is that of /words: the tokens in order, each multi-word occurrence right after the
 * token it starts at.
 */
export interface ReaderTokens {
  /** Every token's text (words, spaces, punctuation, numbers, line breaks); joined, the text as parsed. */
  text: string[];
  /**
   * One letter per token: w word, s space, p punctuation, n number, b line break. Ti2Order follows from it:
   * the first token has 1; w and s advance it by 1, the others by 2 (orderStep in src-shared/text/tokenize).
   */
  kinds: string;
  /** For the k-th word token: its index in `forms`. */
  wordForm: number[];
  /** The token index where each sentence starts (sentence k runs up to sentenceStarts[k + 1]). */
  sentenceStarts: number[];
  /** Per token its kana reading ('' for none); present only when the parser gives readings (Japanese). */
  readings?: string[];
}

/** The distinct lowercased word forms of the text, most frequent first: column k describes form k. */
export interface ReaderForms {
  /** data_hex of the form. */
  hex: string[];
  /** Status of its term; 0 = unknown. */
  status: number[];
  /** Ti2WoID of every occurrence of the form; 0 = no term. */
  termId: number[];
}

/**
 * Forms without a term whose automatic lemma is another word ("family known", issue 17), sparse: `form[k]` is an
 * index into `forms`, `lemma[k]` its lemma (lowercased, as a term's WoTextLC), `status[k]` the status of the
 * learner's term for that lemma (0: no term yet). The reader marks the forms whose family is known when the
 * `readerFamilyKnown` setting is on, and follows a lemma term saved while reading without a reload.
 */
export interface ReaderFamilies {
  form: number[];
  lemma: string[];
  status: number[];
}

/** The multi-word term occurrences, ordered by `start`. */
export interface ReaderMultiwords {
  /** Token index of the first word. */
  start: number[];
  /** Ti2WordCount (> 1). */
  wordCount: number[];
  hex: string[];
  status: number[];
  termId: number[];
}

/** The text's terms that show something on hover or as a hint: those with a translation or romanization. */
export interface ReaderTerms {
  /** WoID. */
  id: number[];
  translation: string[];
  romanization: string[];
}

/** GET /api/v1/texts/{id}/words: one object per item. */
export interface ReadingItems {
  TxID: number;
  TxLgID: number;
  items: ReadingItem[];
}

/**
 * GET /api/v1/texts/{id}/words?view=compact: the same items as parallel arrays, each distinct token text once
 * in `forms` ([text, data_hex, kind]; data_hex '' for non-words). Item i is `forms[items.form[i]]` at
 * `items.order[i]`; termId 0 means no term (null in the full view). docs/api.md shows an example.
 */
export interface CompactReadingItems {
  TxID: number;
  TxLgID: number;
  forms: [text: string, hex: string, kind: ReadingItem['kind']][];
  items: { order: number[]; wordCount: number[]; termId: number[]; status: number[]; form: number[]; sentence: number[] };
  /** Kana readings by item index (Japanese), where the analyzer gave one. */
  readings?: Record<number, string>;
}

export interface ReaderView {
  text: Omit<TextDto, 'TxText'>;
  language: Pick<
    LanguageDto,
    | 'LgID'
    | 'LgName'
    | 'LgIsoCode'
    | 'LgRightToLeft'
    | 'LgTextSize'
    | 'LgShowRomanization'
    | 'LgDict1URI'
    | 'LgDict2URI'
    | 'LgGoogleTranslateURI'
    | 'LgParserType'
    | 'LgSplitEachChar'
  >;
  tokens: ReaderTokens;
  forms: ReaderForms;
  multiwords: ReaderMultiwords;
  terms: ReaderTerms;
  families?: ReaderFamilies;
  /** The previous and next text of the same language in the library (by id), for "next text". */
  neighbours: { previous: number | null; next: number | null };
  /** Ruby readings an imported book gave the text's words (base → reading): furigana before the parser's. */
  rubyReadings?: Record<string, string>;
  /** A book chapter's pictures, between paragraphs (absent when none, or when the book's pictures are hidden). */
  pictures?: ChapterPicture[];
}

/**
 * Reader popup fields: a term by its surface text in a language; updates the term if the text exists. With
 * `text_id` and `order` (the Ti2Order of the clicked word) and no WoSentence, the server fills the example
 * sentence of that occurrence, marked there, unless the term already has one.
 */
export const quickTermInput = termFields.extend({
  WoStatus: termStatus.optional(),
  text_id: idParam.optional(),
  order: z.coerce.number().int().min(0).optional(),
});

export const readerContract = {
  'reader.view': endpoint({ method: 'GET', path: '/api/v1/texts/:id/reader', access: 'read', input: z.object({ id: idParam }), output: returns<ReaderView>() }),
  'reader.words': endpoint({
    method: 'GET',
    path: '/api/v1/texts/:id/words',
    access: 'read',
    input: z.object({ id: idParam, view: z.enum(['full', 'compact']).default('full') }),
    output: returns<ReadingItems | CompactReadingItems>(),
  }),
  'reader.correctWords': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/word-corrections',
    access: 'vocabulary',
    input: z.object({ id: idParam, parts: correctionParts }),
    output: returns<{ correction: WordCorrectionDto }>(),
  }),
  'reader.quickTerm': endpoint({
    method: 'POST',
    path: '/api/v1/terms/quick',
    access: 'vocabulary',
    input: quickTermInput,
    output: returns<TermDto & { created: boolean }>(),
  }),
  'reader.multiCreate': endpoint({
    method: 'POST',
    path: '/api/v1/terms/multi',
    access: 'vocabulary',
    input: termFields,
    output: returns<TermDto & { occurrences: number }>(),
  }),
  'reader.multiUpdate': endpoint({
    method: 'PUT',
    path: '/api/v1/terms/multi/:id',
    access: 'vocabulary',
    input: termFields.partial().extend({ id: idParam }),
    output: returns<TermDto & { occurrences: number }>(),
  }),
  'reader.markAllKnown': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/mark-all-known',
    access: 'vocabulary',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; created: number; status: number }>(),
  }),
  'reader.markKnownUntil': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/mark-known-until',
    access: 'vocabulary',
    // Ti2Order of the current word: every unknown word at or before it becomes well known.
    input: z.object({ id: idParam, order: z.number().int().min(0) }),
    output: returns<{ success: true; created: number; status: number }>(),
  }),
  'reader.markAllIgnored': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/mark-all-ignored',
    access: 'vocabulary',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; created: number; status: number }>(),
  }),
  'legacy.wordShow': endpoint({
    method: 'GET',
    path: '/word/show',
    access: 'read',
    input: z.object({ wid: idParam }),
    output: returns<TermDto>(),
    deprecatedSuccessor: '/api/v1/terms/{id}',
  }),
  // A status change is a write: POST with the CSRF token, never a GET a link could trigger.
  'legacy.termStatus': endpoint({
    method: 'POST',
    path: '/vocabulary/term/status',
    access: 'vocabulary',
    input: z.object({ wid: idParam, status: termStatus }),
    output: returns<TermDto>(),
    deprecatedSuccessor: '/api/v1/terms/{id}',
  }),
};
