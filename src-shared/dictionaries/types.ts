// Runs in: any process. What every dictionary parser produces, and the rules for what can be stored.
import { badRequest, payloadTooLarge, type ErrorText } from '../contract/errors';
import { msg } from '../contract/messages';

/** One dictionary article as a parser found it. `definition` is stored as the source had it (text or HTML). */
export interface ParsedEntry {
  term: string;
  definition: string;
  reading: string;
  partOfSpeech: string;
  /** 1 = most frequent; only sources that rank (Yomitan term_meta_bank) set it. */
  frequencyRank: number | null;
}

/** Another spelling that leads to an article (StarDict .syn, pyglossary alternates). */
export interface ParsedSynonym {
  term: string;
  /** Index into `entries` of the article it points to. */
  entryIndex: number;
}

/** Facts about the source that the dictionary row can show. */
export interface DictionaryMeta {
  title?: string;
  description?: string;
  website?: string;
  license?: string;
}

export interface ParsedDictionary {
  format: string;
  entries: ParsedEntry[];
  synonyms: ParsedSynonym[];
  /** Words with a frequency rank but no article (Yomitan frequency-only dictionaries). */
  frequencies: { term: string; reading: string; rank: number }[];
  meta: DictionaryMeta;
  /** Headwords the parser already refused (e.g. a JSON item that is not an object), by reason. */
  skipped: Record<string, number>;
  /** Synonym rows that lead nowhere (an index past the last article). Not headwords, so counted apart. */
  skippedSynonyms: number;
}

export const emptyDictionary = (format: string): ParsedDictionary => ({
  format,
  entries: [],
  synonyms: [],
  frequencies: [],
  meta: {},
  skipped: {},
  skippedSynonyms: 0,
});

export const ENTRY_LIMITS = {
  termChars: 255,
  /** 64 KB per definition (UTF-16 code units; stated in docs/security.md). Longer articles are skipped and counted. */
  definitionChars: 64 * 1024,
} as const;

/**
 * What one upload may amplify into (docs/security.md): stored bytes (headwords + definitions, synonyms counting
 * their article again) at most 20 times the upload and never over 512 MB; at most 2,000,000 rows.
 */
export const STORE_LIMITS = {
  ratio: 20,
  maxStoredBytes: 512 * 1024 * 1024,
  maxRows: 2_000_000,
} as const;

/** The stored-bytes budget for an upload of `uploadBytes`. */
export const storedBytesBudget = (uploadBytes: number): number =>
  Math.min(STORE_LIMITS.maxStoredBytes, Math.max(1024 * 1024, uploadBytes * STORE_LIMITS.ratio));

const MBs = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

export const amplificationError = (budget: number) =>
  payloadTooLarge(msg('dict.storeTooLarge', { size: MBs(budget), ratio: STORE_LIMITS.ratio, max: MBs(STORE_LIMITS.maxStoredBytes) }));
export const tooManyRowsError = () => payloadTooLarge(msg('dict.tooManyRows', { max: STORE_LIMITS.maxRows.toLocaleString('en') }));

/**
 * Checks a parsed dictionary against STORE_LIMITS before anything is stored: rows, and the bytes the rows
 * would take (a synonym repeats its article). Throws a 413 naming the limit.
 */
export function checkStoreLimits(parsed: ParsedDictionary, uploadBytes: number): void {
  const rows = parsed.entries.length + parsed.synonyms.length + parsed.frequencies.length;
  if (rows > STORE_LIMITS.maxRows) throw tooManyRowsError();
  const budget = storedBytesBudget(uploadBytes);
  let bytes = 0;
  const over = () => bytes > budget;
  const sized = (e: ParsedEntry) => (e.definition.length > ENTRY_LIMITS.definitionChars ? 0 : e.definition.length + e.reading.length + e.partOfSpeech.length);
  for (const e of parsed.entries) {
    bytes += e.term.length + sized(e);
    if (over()) throw amplificationError(budget);
  }
  for (const s of parsed.synonyms) {
    const target = parsed.entries[s.entryIndex];
    bytes += s.term.length + (target ? sized(target) : 0);
    if (over()) throw amplificationError(budget);
  }
  for (const f of parsed.frequencies) bytes += f.term.length + f.reading.length;
  if (over()) throw amplificationError(budget);
}

/** An import that yields nothing is an error (stated with what was expected). */
export const nothingToImportError = (format: string) =>
  badRequest(
    `This ${format} file holds no dictionary entries: expected headwords with definitions (see the supported formats in the import dialog); nothing was imported`,
  );

/** Why a headword cannot be stored, or null when it can. These rows are skipped and counted, never fatal. */
export type SkipReason = 'empty_headword' | 'headword_too_long' | 'control_characters' | 'empty_definition' | 'definition_too_long' | 'not_an_entry';

// C0 controls other than tab/newline/CR: a headword holding them is binary garbage, not a word.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function entryProblem(term: string, definition: string): SkipReason | null {
  if (term.trim() === '') return 'empty_headword';
  if (term.length > ENTRY_LIMITS.termChars) return 'headword_too_long';
  if (CONTROL.test(term)) return 'control_characters';
  if (definition.trim() === '') return 'empty_definition';
  if (definition.length > ENTRY_LIMITS.definitionChars) return 'definition_too_long';
  return null;
}

/** The key every lookup compares: NFC, lower case, trimmed. Import and lookup must agree on it. */
export const termKey = (term: string): string => term.normalize('NFC').trim().toLowerCase();

export const countSkip = (skipped: Record<string, number>, reason: string) => {
  skipped[reason] = (skipped[reason] ?? 0) + 1;
};

/** The one error class of parsers: a 400 with a message the user can act on. */
export const formatError = (message: ErrorText) => badRequest(message);
