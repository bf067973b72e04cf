// Runs in: any process. Turns a text into tokens and sentences, per the language's parser settings (LgParserType).
//
// Ti2Order numbering: every token gets an order; words and whitespace advance it by 1, every other token
// (punctuation, numbers, line breaks) by 2. So two words whose orders differ by 1 are written together
// (scripts without spaces) and by 2 are separated by whitespace only. That lets multi-word terms be found
// from the stored word rows alone, without storing whitespace or punctuation.
import { exceptionsSource, wordCharacterClass } from './regex-settings';
import type { LanguageDto } from '../contract/languages';
import { parseSubstitutions } from './normalize';
import { OffsetChain, replaceTracked } from './offsets';
import { correctedAnalyzer, dictionaryAnalyzer } from './word-corrections';
import { BREAK, ColumnBuilder, KIND_NAMES, NUMBER, PUNCT, SPACE, WORD, tokenTextAt, type ParsedColumns, type TokenKind } from './token-columns';

export type { TokenKind } from './token-columns';

/** How far a token of this kind advances Ti2Order (see the numbering above). */
export const orderStep = (kind: TokenKind): number => (kind === 'word' || kind === 'space' ? 1 : 2);

export interface Token {
  text: string;
  kind: TokenKind;
  order: number;
  /** 0-based sentence index. */
  sentence: number;
  /** Kana reading from the morphological analyzer (Japanese), for romanization. */
  reading?: string;
}

export interface ParsedText {
  /** The text the tokens were cut from: line endings normalised, substitutions applied, trimmed. */
  text: string;
  tokens: Token[];
  sentenceCount: number;
  /**
   * Each sentence as a span [start, end) of the raw text given to parseText (UTF-16 offsets), from its first
   * token to the end of its last token that is not whitespace: raw.slice(start, end) is the sentence as written.
   */
  sentenceSpans: [number, number][];
}

export type ParserSettings = Pick<
  LanguageDto,
  | 'LgParserType'
  | 'LgIsoCode'
  | 'LgRegexpWordCharacters'
  | 'LgRegexpSplitSentences'
  | 'LgExceptionsSplitSentences'
  | 'LgCharacterSubstitutions'
  | 'LgRemoveSpaces'
  | 'LgSplitEachChar'
> & {
  /**
   * The learner's corrections of the segmenter (word-corrections.ts, serialised): for languages whose words the
   * parser finds itself (character without each-character splitting, morphological). Not a language column: the
   * languages module reads them from word_corrections into its parsing settings.
   */
  wordCorrections?: string;
};

/** One unit the morphological analyzer (kuromoji in main) returns. */
export interface MorphToken {
  surface: string;
  isWord: boolean;
  reading?: string;
}
/** Wrapper type: the morphological parser is any function from a line of text to its morphemes. */
export type MorphAnalyzer = (line: string) => MorphToken[];

/** Whether UTF-16 code unit `c` is whitespace as the regex class \s has it. */
export const isWhitespaceCode = (c: number): boolean =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  (c >= 0xa0 &&
    (c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff));

const DEFAULT_WORD_CHARACTERS = '\\p{L}\\p{M}';
const APOSTROPHES = /['’]/g;

/** The non-word stretch between words, cut into whitespace, numbers (3.14, 10:30 stay whole) and punctuation runs. */
// Opening brackets and quotes form their own run, so "。「" splits and 「 starts the next sentence.
const NON_WORD_RUN = /([^\S\n]+)|(\p{Nd}+(?:[.,:]\p{Nd}+)*)|([\p{Ps}\p{Pi}¿¡]+)|([^\s\p{Nd}\p{Ps}\p{Pi}¿¡]+|\p{Nd})/gu;
const OPENING = /^[\p{Ps}\p{Pi}¿¡]/u;

/** Cuts `piece` (at `start` of the text) into whitespace, numbers and punctuation runs; `dropSpaces` leaves whitespace out. */
function pushNonWord(out: ColumnBuilder, piece: string, start: number, dropSpaces = false): void {
  NON_WORD_RUN.lastIndex = 0;
  for (let m = NON_WORD_RUN.exec(piece); m; m = NON_WORD_RUN.exec(piece)) {
    const kind = m[1] ? SPACE : m[2] ? NUMBER : PUNCT;
    if (kind === SPACE && dropSpaces) continue;
    const at = start + m.index;
    // An analyzer hands punctuation over piece by piece ("。" then "」"); the reader wants one token.
    const mergeable = out.openKind === kind && kind !== NUMBER && out.openEnd === at;
    if (mergeable && (kind === SPACE || OPENING.test(out.openPiece) === Boolean(m[3]))) out.extend(at + m[0].length, m[0]);
    else out.push(kind, at, at + m[0].length, m[0]);
  }
}

/** Compiled per settings; languages are few, so the cache stays tiny. */
interface Compiled {
  wordChar: RegExp;
  /** Word characters may be joined by an apostrophe ("don't"). */
  apostrophe: boolean;
  /** Per UTF-16 code unit outside the surrogates: 0 not asked yet, 1 not a word character, 2 a word character. */
  bmp: Uint8Array;
  splitChars: Set<string>;
  /** The language's sentence-split exceptions (regex-settings.ts: fixed-length alternatives, safe on any text). */
  exceptions: RegExp | null;
  /** "." is one of the split characters: a period that does not end the sentence stays with its word ("Mr."). */
  periodSplits: boolean;
  /** Remove spaces in a regex language: the spaces go after the words are cut, so words never run together. */
  dropSpaces: boolean;
}
const compiledCache = new Map<string, Compiled>();

function compile(s: ParserSettings): Compiled {
  const dropSpaces = s.LgRemoveSpaces && s.LgParserType === 'regex' && !s.LgSplitEachChar;
  const key = `${s.LgRegexpWordCharacters}\u0000${s.LgRegexpSplitSentences}\u0000${s.LgExceptionsSplitSentences}\u0000${dropSpaces}`;
  const hit = compiledCache.get(key);
  if (hit) return hit;
  const raw = s.LgRegexpWordCharacters || DEFAULT_WORD_CHARACTERS;
  // An apostrophe in the word characters joins letters ("don't") but never starts or ends a word ('quoted').
  const apostrophe = /['’]/.test(raw);
  // Always exactly one character class (regex-settings.ts): a setting that is not one is taken literally.
  const cls = wordCharacterClass(apostrophe ? raw.replace(APOSTROPHES, '') : raw);
  const wordChar = new RegExp(cls, 'u');
  const splitChars = new Set([...s.LgRegexpSplitSentences.replace(/\\/g, '')]);
  const exceptionSource = exceptionsSource(s.LgExceptionsSplitSentences);
  // Case-sensitive, as LWT matches them ("[A-Z]." is a capital and a period).
  const exceptions = exceptionSource ? new RegExp(exceptionSource, 'gu') : null;
  const compiled = { wordChar, apostrophe, bmp: new Uint8Array(0x10000), splitChars, exceptions, periodSplits: splitChars.has('.'), dropSpaces };
  if (compiledCache.size > 50) compiledCache.clear();
  compiledCache.set(key, compiled);
  return compiled;
}

/**
 * Length (1, or 2 for a surrogate pair) of the word character at `i` of `text`, 0 when it is not one. The class
 * matches one code point: asked once per code unit of the text and remembered, as a regex per word would
 * allocate a match and a string for each of a long text's words.
 */
function wordCharAt(text: string, i: number, to: number, c: Compiled): number {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdfff) {
    let known = c.bmp[code];
    if (known === 0) known = c.bmp[code] = c.wordChar.test(text[i]) ? 2 : 1;
    return known === 2 ? 1 : 0;
  }
  if (code <= 0xdbff && i + 1 < to) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return c.wordChar.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  // A lone surrogate is one code point of its own.
  return c.wordChar.test(text[i]) ? 1 : 0;
}

const isApostrophe = (code: number) => code === 39 || code === 0x2019;

/**
 * Regex parsing of text[from, to) (one line): words of the class (joined by apostrophes when allowed), and what
 * lies between. An exception match that starts a word is one word ("EE.UU.", "z.B."), and a period right after
 * a word that does not end the sentence stays with it ("Mr.", "etc."), as both peers keep them.
 */
function segmentRegex(text: string, from: number, to: number, c: Compiled, ends: SentenceEnds, out: ColumnBuilder): void {
  let last = from;
  let i = from;
  const drop = c.dropSpaces;
  while (i < to) {
    let step = wordCharAt(text, i, to, c);
    if (step === 0) {
      i++;
      continue;
    }
    const wordStart = i;
    const exceptionEnd = ends.exceptionWordAt(i);
    if (exceptionEnd > i && exceptionEnd <= to) i = exceptionEnd;
    else {
      i += step;
      for (;;) {
        while (i < to && (step = wordCharAt(text, i, to, c)) > 0) i += step;
        if (c.apostrophe && i + 1 < to && isApostrophe(text.charCodeAt(i)) && (step = wordCharAt(text, i + 1, to, c)) > 0) i += 1 + step;
        else break;
      }
      if (c.periodSplits && i < to && text.charCodeAt(i) === 46 && !ends.endsAt(i)) i++;
    }
    // Most gaps are one space after a word: no slice, no regex (pushNonWord would give the same piece).
    if (wordStart === last + 1 && text.charCodeAt(last) === 32) {
      if (!drop) out.push(SPACE, last, wordStart, ' ');
    } else if (wordStart > last) pushNonWord(out, text.slice(last, wordStart), last, drop);
    out.push(WORD, wordStart, i);
    last = i;
  }
  if (last < to) pushNonWord(out, text.slice(last, to), last, drop);
}

function segmentEachChar(line: string, start: number, c: Compiled, out: ColumnBuilder): void {
  let pending = '';
  let pendingStart = 0;
  let offset = 0;
  for (const ch of line) {
    if (c.wordChar.test(ch)) {
      if (pending) pushNonWord(out, pending, start + pendingStart);
      pending = '';
      out.push(WORD, start + offset, start + offset + ch.length, ch);
    } else {
      if (!pending) pendingStart = offset;
      pending += ch;
    }
    offset += ch.length;
  }
  if (pending) pushNonWord(out, pending, start + pendingStart);
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmentDictionary(line: string, start: number, c: Compiled, iso: string, out: ColumnBuilder): void {
  let seg = segmenters.get(iso);
  if (!seg) {
    seg = new Intl.Segmenter(iso || undefined, { granularity: 'word' });
    segmenters.set(iso, seg);
  }
  for (const s of seg.segment(line)) {
    if (s.isWordLike && c.wordChar.test(s.segment)) out.push(WORD, start + s.index, start + s.index + s.segment.length, s.segment);
    else pushNonWord(out, s.segment, start + s.index);
  }
}

/** Iteration marks (々 and the kana ones): letters that repeat the one before, never punctuation. */
const ITERATION_MARKS = /^[々〻ゝゞヽヾ]+$/u;

function segmentMorph(line: string, start: number, c: Compiled, analyze: MorphAnalyzer, out: ColumnBuilder): void {
  let offset = 0;
  for (const m of analyze(line)) {
    const at = start + offset;
    // The analyzer calls a 々 it has no word for a symbol ("山田々"): it belongs to the word before it.
    if (!m.isWord && ITERATION_MARKS.test(m.surface) && c.wordChar.test(m.surface)) {
      if (out.openKind === WORD && out.openEnd === at) out.extend(at + m.surface.length, m.surface);
      else out.push(WORD, at, at + m.surface.length, m.surface);
    } else if (m.isWord && c.wordChar.test(m.surface)) out.push(WORD, at, at + m.surface.length, m.surface, m.reading);
    else pushNonWord(out, m.surface, at);
    offset += m.surface.length;
  }
}

/** Closing punctuation that may follow a sentence's last split character (LWT's group after it): quotes, brackets. */
const CLOSING = /[\p{Pe}\p{Pf}\p{Pi}'"„‚]/u;
/** PHP's is_numeric, which LWT asks of the run before a split character. */
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** LWT's abbreviations that never end a sentence: consonants only ("Mr", "St", "Hmm", "vs") or one capital vowel ("A"). */
const isConsonant = (c: number) => (c >= 98 && c <= 122 && c !== 101 && c !== 105 && c !== 111 && c !== 117 && c !== 121) || c === 0xf1;
const isCapitalConsonant = (c: number) => c >= 66 && c <= 90 && c !== 69 && c !== 73 && c !== 79 && c !== 85 && c !== 89;
/** LWT's [B-DF-HJ-NP-TV-XZb-df-hj-np-tv-xz][b-df-hj-np-tv-xzñ]* (ñ only after the first) or [AEIOUY], on text[start, end). */
function isLwtAbbreviation(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  const first = text.charCodeAt(start);
  if (end - start === 1 && (first === 65 || first === 69 || first === 73 || first === 79 || first === 85 || first === 89)) return true;
  if (!isCapitalConsonant(first) && (first === 0xf1 || !isConsonant(first))) return false;
  for (let i = start + 1; i < end; i++) if (!isConsonant(text.charCodeAt(i))) return false;
  return true;
}
/** How far back the run before a split character is read: far past any number or abbreviation the rules ask about. */
const RUN_LIMIT = 64;
const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Which sentence-split characters of a parsed text end a sentence, by LWT's rules (its find_latin_sentence_end),
 * with the language's exceptions matched as the peers do. A split character does not end the sentence when
 * 1. no whitespace follows it (after closing quotes or brackets) and the text goes on, and the character before
 *    it is a Latin letter or digit ("End.Start", "e.g"),
 * 2. the run before it is a number of one or two characters ("42."),
 * 3. it is a period after a run of consonants or one capital vowel ("Mr.", "St.", "Hmm.", "A."),
 * 4. it is a period or a colon and the next run starts with a lowercase letter ("e.g. something", "note: details"),
 * 5. it lies inside a match of one of the language's exceptions ("EE.UU.", "z.B.").
 * The run before is the non-whitespace before the character (the run before that when the character starts one).
 */
class SentenceEnds {
  private readonly protectedAt = new Set<number>();
  /** Exception matches that start at a word: start → end. */
  private readonly exceptionWords = new Map<number, number>();

  constructor(
    private readonly text: string,
    private readonly c: Compiled,
  ) {
    const re = c.exceptions;
    if (!re) return;
    const n = text.length;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const at = m.index;
      const startsWord = wordCharAt(text, at, n, c) > 0;
      // A match that starts inside a word is no exception ("Mr." in "HMr."); try again one character on.
      if (startsWord && at > 0 && wordCharAt(text, at - 1, n, c) > 0) {
        re.lastIndex = at + 1;
        continue;
      }
      const end = at + m[0].length;
      for (let i = at; i < end; i++) if (c.splitChars.has(text[i])) this.protectedAt.add(i);
      if (startsWord) this.exceptionWords.set(at, end);
    }
  }

  /** The end of the exception word starting at `i`, or 0. */
  exceptionWordAt(i: number): number {
    return this.exceptionWords.size ? (this.exceptionWords.get(i) ?? 0) : 0;
  }

  /** Whether the split character at `p` ends its sentence. */
  readonly endsAt = (p: number): boolean => {
    if (this.protectedAt.has(p)) return false;
    const text = this.text;
    const n = text.length;
    let runEnd = p;
    let start = p;
    while (start > 0 && runEnd - start < RUN_LIMIT && !isWhitespaceCode(text.charCodeAt(start - 1))) start--;
    if (start === p) {
      let k = p;
      while (k > 0 && isWhitespaceCode(text.charCodeAt(k - 1)) && text.charCodeAt(k - 1) !== 10) k--;
      if (k === 0 || text.charCodeAt(k - 1) === 10) return true;
      runEnd = start = k;
      while (start > 0 && runEnd - start < RUN_LIMIT && !isWhitespaceCode(text.charCodeAt(start - 1))) start--;
    }
    const long = start > 0 && !isWhitespaceCode(text.charCodeAt(start - 1));
    let q = p + 1;
    for (; q < n; q++) {
      const cc = text.charCodeAt(q);
      if (cc === 32 || cc === 10 || !CLOSING.test(text[q])) break;
    }
    let r = q;
    let lineBreak = false;
    for (; r < n && isWhitespaceCode(text.charCodeAt(r)); r++) if (text.charCodeAt(r) === 10) lineBreak = true;
    // 1. Written on without a space after a letter or digit.
    if (r === q && r < n && isAsciiAlnum(text.charCodeAt(runEnd - 1))) return false;
    const ch = text[p];
    // 2. A number of one or two characters (a longer one skips rule 3, which no number passes anyway).
    if (runEnd - start < 3 && NUMERIC.test(text.slice(start, runEnd))) return false;
    // 3. An abbreviation.
    if (ch === '.' && !long && isLwtAbbreviation(text, start, runEnd)) return false;
    // 4. A lowercase letter comes next (a line break is no letter).
    const next = r < n && !lineBreak ? text.charCodeAt(r) : 0;
    if ((ch === '.' || ch === ':') && next >= 97 && next <= 122) return false;
    return true;
  };
}

/** Text as the parser sees it: normalised line endings, substitutions, optional space removal, trimmed. */
export function prepareText(raw: string, s: ParserSettings): string {
  return prepareTracked(raw, s).text;
}

const ESCAPE_REGEXP = /[.*+?^${}()|[\]\\]/g;
/** Whitespace other than newlines that is not one plain or no-break space: two or more, or one of another kind. */
const ODD_WHITESPACE_RUNS = /[^\S\n]{2,}|[\t\v\f\r\u1680\u2000-\u200a\u2028\u2029\u205f\u3000\ufeff]/g;

/** Whitespace other than a plain space and a newline. */
const RARE_WHITESPACE = /[\t\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * Whether ODD_WHITESPACE_RUNS has anything to replace. Most texts hold neither two spaces nor a rare space, and
 * both are found without a regex tried at every position (that costs ~30 ms on 1 MB).
 */
function hasOddWhitespace(text: string): boolean {
  if (text.includes('  ')) return true;
  if (!RARE_WHITESPACE.test(text)) return false;
  let previous = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c < 0xa0) {
      previous = false;
      continue;
    }
    const space = c !== 10 && isWhitespaceCode(c);
    if (space && (previous || (c !== 32 && c !== 0xa0 && c !== 0x202f))) return true;
    previous = space;
  }
  return false;
}

/** prepareText, plus where each of its positions is in `raw`. */
/** Compiled character substitutions by setting: parsing a one-word term text must not compile a regex. */
const substitutionCache = new Map<string, { byFrom: Map<string, string>; pattern: RegExp } | null>();
function substitutionsOf(setting: string): { byFrom: Map<string, string>; pattern: RegExp } | null {
  let hit = substitutionCache.get(setting);
  if (hit !== undefined) return hit;
  const pairs = parseSubstitutions(setting);
  hit = pairs.length ? { byFrom: new Map(pairs), pattern: new RegExp(pairs.map(([from]) => from.replace(ESCAPE_REGEXP, '\\$&')).join('|'), 'gu') } : null;
  if (substitutionCache.size > 50) substitutionCache.clear();
  substitutionCache.set(setting, hit);
  return hit;
}

function prepareTracked(raw: string, s: ParserSettings): { text: string; offsets: OffsetChain } {
  const offsets = new OffsetChain();
  let text = raw;
  if (text.includes('\r')) {
    const r = replaceTracked(text, /\r\n?/g, () => '\n');
    text = r.text;
    offsets.add(r.map);
  }
  const substitutions = substitutionsOf(s.LgCharacterSubstitutions);
  if (substitutions) {
    const { byFrom, pattern } = substitutions;
    const r = replaceTracked(text, pattern, (m) => byFrom.get(m) ?? m);
    text = r.text;
    offsets.add(r.map);
  }
  // A regex language drops its spaces after cutting words (tokenize's dropSpaces), or its words would run together.
  if (s.LgRemoveSpaces && (s.LgParserType !== 'regex' || s.LgSplitEachChar)) {
    const r = replaceTracked(text, /[^\S\n]+/g, () => '');
    text = r.text;
    offsets.add(r.map);
  }
  // Whitespace runs (double spaces, tabs) read as one space, as in both peers; one no-break space stays (French).
  if (hasOddWhitespace(text)) {
    const r = replaceTracked(text, ODD_WHITESPACE_RUNS, () => ' ');
    text = r.text;
    offsets.add(r.map);
  }
  const trimmedStart = text.trimStart();
  offsets.lead = text.length - trimmedStart.length;
  return { text: trimmedStart.trimEnd(), offsets };
}

/**
 * Parses a text into token columns (token-columns.ts). `analyze` is required for LgParserType 'morphological'
 * (main passes kuromoji) and a Chinese 'character' language that does not split each character (main passes
 * the Chinese segmenter); without it both fall back to dictionary word segmentation (Intl.Segmenter).
 */
export function parseColumns(raw: string, s: ParserSettings, analyze?: MorphAnalyzer): ParsedColumns {
  const { text, offsets } = prepareTracked(raw, s);
  const c = compile(s);
  // The learner's corrections go over the analyzer's pieces; Intl.Segmenter's pieces stand in where there is none.
  const corrections = s.LgParserType !== 'regex' && !s.LgSplitEachChar ? s.wordCorrections : undefined;
  const analyzer = corrections ? correctedAnalyzer(analyze ?? dictionaryAnalyzer(s.LgIsoCode), corrections) : analyze;
  // A 'character' language may have a word segmenter too (Chinese: src-shared/text/zh/segmenter.ts).
  const morph = s.LgParserType !== 'regex' && analyzer !== undefined && !s.LgSplitEachChar;
  const ends = new SentenceEnds(text, c);
  const out = new ColumnBuilder(text, c.splitChars, ends.endsAt, offsets, morph);
  let lineStart = 0;
  const segmentLine = (from: number, to: number) => {
    if (from >= to) return;
    if (s.LgSplitEachChar) segmentEachChar(text.slice(from, to), from, c, out);
    else if (morph) segmentMorph(text.slice(from, to), from, c, analyzer, out);
    else if (s.LgParserType === 'morphological' || s.LgParserType === 'character') segmentDictionary(text.slice(from, to), from, c, s.LgIsoCode, out);
    else segmentRegex(text, from, to, c, ends, out);
  };
  // A line break is a newline with the whitespace before it (newlines aside) and all whitespace after it, as
  // /[^\S\n]*\n\s*/g would find it: found by indexOf, as that regex tries every space of the text as a start.
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', lineStart)) {
    let from = nl;
    while (from > lineStart && text.charCodeAt(from - 1) !== 10 && isWhitespaceCode(text.charCodeAt(from - 1))) from--;
    let to = nl + 1;
    while (to < text.length && isWhitespaceCode(text.charCodeAt(to))) to++;
    segmentLine(lineStart, from);
    out.push(BREAK, from, to, text.slice(from, to));
    lineStart = to;
  }
  segmentLine(lineStart, text.length);
  return out.finish();
}

/**
 * A text's running words: its word tokens, each stored as one occurrence (Ti2WordCount 1). The book page's
 * totals count those rows and the import preview counts with this, so both agree (issue 31, item 6).
 */
export function runningWords(c: ParsedColumns): number {
  let n = 0;
  for (let i = 0; i < c.count; i++) if (c.kind[i] === WORD) n++;
  return n;
}

/** Parses a text into token objects: parseColumns, one object per token (short texts, tests, the reader). */
export function parseText(raw: string, s: ParserSettings, analyze?: MorphAnalyzer): ParsedText {
  const c = parseColumns(raw, s, analyze);
  const tokens: Token[] = [];
  for (let i = 0; i < c.count; i++) {
    const token: Token = { text: tokenTextAt(c, i), kind: KIND_NAMES[c.kind[i]], order: c.order[i], sentence: c.sentence[i] };
    const reading = c.readings?.[i];
    if (reading) token.reading = reading;
    tokens.push(token);
  }
  const sentenceSpans: [number, number][] = [];
  for (let k = 0; k < c.sentenceSpans.length; k += 2) sentenceSpans.push([c.sentenceSpans[k], c.sentenceSpans[k + 1]]);
  return { text: c.text, tokens, sentenceCount: c.sentenceCount, sentenceSpans };
}

/** Compact notation for tests and debugging: token texts joined by "/", a line break shown as ¶. */
export function toNotation(tokens: readonly Token[]): string {
  return tokens.map((t) => (t.kind === 'break' ? '¶' : t.text)).join('/');
}

/** The sentences of a parse as strings (tokens joined), trimmed. */
export function sentenceTexts(parsed: ParsedText): string[] {
  const out: string[] = Array.from({ length: parsed.sentenceCount }, () => '');
  for (const t of parsed.tokens) out[t.sentence] += t.text;
  return out.map((s) => s.trim());
}
