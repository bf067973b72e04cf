// Runs in: any process. The reader: reading items of a text, quick and multi-word term saving, mark-all,
// and the deprecated query-parameter routes that answer as their successors.
import { z } from 'zod';
import { endpoint, returns, idParam } from './endpoint';
import type { LanguageDto } from './languages';
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

/** What a term shows on hover and in the word panel. */
export type ReaderTerm = Pick<TermDto, 'WoID' | 'WoText' | 'WoTextLC' | 'WoStatus' | 'WoTranslation' | 'WoRomanization' | 'WoLemma' | 'WoWordCount'>;

export interface ReaderView {
  text: Omit<TextDto, 'TxText'>;
  language: Pick<LanguageDto, 'LgID' | 'LgName' | 'LgIsoCode' | 'LgRightToLeft' | 'LgTextSize' | 'LgShowRomanization' | 'LgDict1URI' | 'LgDict2URI' | 'LgGoogleTranslateURI' | 'LgParserType'>;
  /** Words, spaces and punctuation in order; multi-word items follow the single word they start at. */
  items: ReadingItem[];
  /** Every term the text contains, by WoID. */
  terms: Record<number, ReaderTerm>;
  /** The previous and next text of the same language in the library (by id), for "next text". */
  neighbours: { previous: number | null; next: number | null };
}

/** Reader popup fields: a term by its surface text in a language; updates the term if the text exists. */
export const quickTermInput = termFields.extend({ WoStatus: termStatus.optional() });

export const readerContract = {
  'reader.view': endpoint({ method: 'GET', path: '/api/v1/texts/:id/reader', input: z.object({ id: idParam }), output: returns<ReaderView>() }),
  'reader.words': endpoint({
    method: 'GET',
    path: '/api/v1/texts/:id/words',
    input: z.object({ id: idParam }),
    output: returns<{ TxID: number; TxLgID: number; items: ReadingItem[] }>(),
  }),
  'reader.quickTerm': endpoint({ method: 'POST', path: '/api/v1/terms/quick', input: quickTermInput, output: returns<TermDto & { created: boolean }>() }),
  'reader.multiCreate': endpoint({
    method: 'POST',
    path: '/api/v1/terms/multi',
    input: termFields,
    output: returns<TermDto & { occurrences: number }>(),
  }),
  'reader.multiUpdate': endpoint({
    method: 'PUT',
    path: '/api/v1/terms/multi/:id',
    input: termFields.partial().extend({ id: idParam }),
    output: returns<TermDto & { occurrences: number }>(),
  }),
  'reader.markAllKnown': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/mark-all-known',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; created: number; status: number }>(),
  }),
  'reader.markAllIgnored': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/mark-all-ignored',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; created: number; status: number }>(),
  }),
  'legacy.wordShow': endpoint({
    method: 'GET',
    path: '/word/show',
    input: z.object({ wid: idParam }),
    output: returns<TermDto>(),
    deprecatedSuccessor: '/api/v1/terms/{id}',
  }),
  // A status change is a write: POST with the CSRF token, never a GET a link could trigger.
  'legacy.termStatus': endpoint({
    method: 'POST',
    path: '/vocabulary/term/status',
    input: z.object({ wid: idParam, status: termStatus }),
    output: returns<TermDto>(),
    deprecatedSuccessor: '/api/v1/terms/{id}',
  }),
};
