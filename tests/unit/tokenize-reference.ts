// Runs in: tests only. The object tokenizer as it was before parsing went to columns (src-shared/text/tokenize.ts,
// token-columns.ts), kept unchanged as the reference that tests/unit/token-columns.test.ts compares against.
//
// Turns a text into tokens and sentences, per the language's parser settings (LgParserType).
//
// Ti2Order numbering: every token gets an order; words and whitespace advance it by 1, every other token
// (punctuation, numbers, line breaks) by 2. So two words whose orders differ by 1 are written together
// (scripts without spaces) and by 2 are separated by whitespace only. That lets multi-word terms be found
// from the stored word rows alone, without storing whitespace or punctuation.
import { wordCharacterClass } from '../../src-shared/text/regex-settings';
import type { LanguageDto } from '../../src-shared/contract/languages';
import { parseSubstitutions } from '../../src-shared/text/normalize';
import { OffsetChain, replaceTracked } from '../../src-shared/text/offsets';

export type TokenKind = 'word' | 'space' | 'punct' | 'number' | 'break';

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
>;

/** One unit the morphological analyzer (kuromoji in main) returns. */
export interface MorphToken {
  surface: string;
  isWord: boolean;
  reading?: string;
}
/** Wrapper type: the morphological parser is any function from a line of text to its morphemes. */
export type MorphAnalyzer = (line: string) => MorphToken[];

const DEFAULT_WORD_CHARACTERS = '\\p{L}\\p{M}';
const APOSTROPHES = /['’]/g;

/** The non-word stretch between words, cut into whitespace, numbers (3.14, 10:30 stay whole) and punctuation runs. */
// Opening brackets and quotes form their own run, so "。「" splits and 「 starts the next sentence.
const NON_WORD_RUN = /([^\S\n]+)|(\p{Nd}+(?:[.,:]\p{Nd}+)*)|([\p{Ps}\p{Pi}¿¡]+)|([^\s\p{Nd}\p{Ps}\p{Pi}¿¡]+|\p{Nd})/gu;
const OPENING = /^[\p{Ps}\p{Pi}¿¡]/u;

function pushNonWord(out: TokenBuilder, text: string, start: number): void {
  NON_WORD_RUN.lastIndex = 0;
  for (let m = NON_WORD_RUN.exec(text); m; m = NON_WORD_RUN.exec(text)) {
    const kind: TokenKind = m[1] ? 'space' : m[2] ? 'number' : 'punct';
    // An analyzer hands punctuation over piece by piece ("。" then "」"); the reader wants one token.
    const mergeable = out.openKind === kind && kind !== 'number' && out.openEnd === start + m.index;
    if (mergeable && (kind === 'space' || OPENING.test(out.openText) === Boolean(m[3]))) out.extend(m[0]);
    else out.push(m[0], kind, start + m.index);
  }
}

/** Compiled per settings; languages are few, so the cache stays tiny. */
interface Compiled {
  word: RegExp;
  wordChar: RegExp;
  splitChars: Set<string>;
  exceptions: RegExp | null;
}
const compiledCache = new Map<string, Compiled>();

function compile(s: ParserSettings): Compiled {
  const key = `${s.LgRegexpWordCharacters}\u0000${s.LgRegexpSplitSentences}\u0000${s.LgExceptionsSplitSentences}`;
  const hit = compiledCache.get(key);
  if (hit) return hit;
  const raw = s.LgRegexpWordCharacters || DEFAULT_WORD_CHARACTERS;
  // An apostrophe in the word characters joins letters ("don't") but never starts or ends a word ('quoted').
  const hasApostrophe = /['’]/.test(raw);
  // Always exactly one character class (regex-settings.ts): a setting that is not one is taken literally.
  const cls = wordCharacterClass(hasApostrophe ? raw.replace(APOSTROPHES, '') : raw);
  const word = new RegExp(hasApostrophe ? `${cls}+(?:['’]${cls}+)*` : `${cls}+`, 'gu');
  const wordChar = new RegExp(cls, 'u');
  const splitChars = new Set([...s.LgRegexpSplitSentences.replace(/\\/g, '')]);
  const exceptionList = s.LgExceptionsSplitSentences.split('|')
    .map((e) => e.trim())
    .filter(Boolean);
  const exceptions = exceptionList.length
    ? new RegExp(`(?<!${cls})(?:${exceptionList.map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu')
    : null;
  const compiled = { word, wordChar, splitChars, exceptions };
  if (compiledCache.size > 50) compiledCache.clear();
  compiledCache.set(key, compiled);
  return compiled;
}

function segmentRegex(line: string, start: number, c: Compiled, out: TokenBuilder): void {
  c.word.lastIndex = 0;
  let last = 0;
  for (let m = c.word.exec(line); m; m = c.word.exec(line)) {
    // Most gaps are one space after a word: no slice, no regex (pushNonWord would give the same piece).
    if (m.index === last + 1 && last > 0 && line.charCodeAt(last) === 32) out.push(' ', 'space', start + last);
    else if (m.index > last) pushNonWord(out, line.slice(last, m.index), start + last);
    out.push(m[0], 'word', start + m.index);
    last = m.index + m[0].length;
  }
  if (last < line.length) pushNonWord(out, line.slice(last), start + last);
}

function segmentEachChar(line: string, start: number, c: Compiled, out: TokenBuilder): void {
  let pending = '';
  let pendingStart = 0;
  let offset = 0;
  for (const ch of line) {
    if (c.wordChar.test(ch)) {
      if (pending) pushNonWord(out, pending, start + pendingStart);
      pending = '';
      out.push(ch, 'word', start + offset);
    } else {
      if (!pending) pendingStart = offset;
      pending += ch;
    }
    offset += ch.length;
  }
  if (pending) pushNonWord(out, pending, start + pendingStart);
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmentDictionary(line: string, start: number, c: Compiled, iso: string, out: TokenBuilder): void {
  let seg = segmenters.get(iso);
  if (!seg) {
    seg = new Intl.Segmenter(iso || undefined, { granularity: 'word' });
    segmenters.set(iso, seg);
  }
  for (const s of seg.segment(line)) {
    if (s.isWordLike && c.wordChar.test(s.segment)) out.push(s.segment, 'word', start + s.index);
    else pushNonWord(out, s.segment, start + s.index);
  }
}

function segmentMorph(line: string, start: number, c: Compiled, analyze: MorphAnalyzer, out: TokenBuilder): void {
  let offset = 0;
  for (const m of analyze(line)) {
    if (m.isWord && c.wordChar.test(m.surface)) out.push(m.surface, 'word', start + offset, m.reading);
    else pushNonWord(out, m.surface, start + offset);
    offset += m.surface.length;
  }
}

/** Character positions of sentence-split characters that belong to an exception such as "Mr." or "z.B.". */
function protectedPositions(text: string, c: Compiled): Set<number> {
  const protectedAt = new Set<number>();
  if (!c.exceptions) return protectedAt;
  c.exceptions.lastIndex = 0;
  for (let m = c.exceptions.exec(text); m; m = c.exceptions.exec(text)) {
    for (let i = 0; i < m[0].length; i++) if (c.splitChars.has(m[0][i])) protectedAt.add(m.index + i);
  }
  return protectedAt;
}

/** Text as the parser sees it: normalised line endings, substitutions, optional space removal, trimmed. */
export function prepareText(raw: string, s: ParserSettings): string {
  return prepareTracked(raw, s).text;
}

const ESCAPE_REGEXP = /[.*+?^${}()|[\]\\]/g;

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
  if (s.LgRemoveSpaces) {
    const r = replaceTracked(text, /[^\S\n]+/g, () => '');
    text = r.text;
    offsets.add(r.map);
  }
  const trimmedStart = text.trimStart();
  offsets.lead = text.length - trimmedStart.length;
  return { text: trimmedStart.trimEnd(), offsets };
}

/**
 * Parses a text. `analyze` is required for LgParserType 'morphological' (main passes kuromoji);
 * without it a morphological language falls back to dictionary word segmentation (Intl.Segmenter).
 */
export function parseText(raw: string, s: ParserSettings, analyze?: MorphAnalyzer): ParsedText {
  const { text, offsets } = prepareTracked(raw, s);
  const c = compile(s);
  const out = new TokenBuilder(c.splitChars, protectedPositions(text, c), offsets);
  const LINE_BREAK = /[^\S\n]*\n\s*/g;
  let lineStart = 0;
  const segmentLine = (line: string, start: number) => {
    if (!line) return;
    if (s.LgSplitEachChar) segmentEachChar(line, start, c, out);
    else if (s.LgParserType === 'morphological' && analyze) segmentMorph(line, start, c, analyze, out);
    else if (s.LgParserType === 'morphological' || s.LgParserType === 'character') segmentDictionary(line, start, c, s.LgIsoCode, out);
    else segmentRegex(line, start, c, out);
  };
  for (let m = LINE_BREAK.exec(text); m; m = LINE_BREAK.exec(text)) {
    segmentLine(text.slice(lineStart, m.index), lineStart);
    out.push(m[0], 'break', m.index);
    lineStart = m.index + m[0].length;
  }
  segmentLine(text.slice(lineStart), lineStart);
  return out.finish(text);
}

/**
 * Turns the pieces the segmenters cut, in text order, into tokens with their order and sentence, and the
 * sentence spans. The newest piece stays open (pushNonWord may still extend it), so each piece becomes its
 * token directly, without a list of pieces first.
 */
class TokenBuilder {
  readonly tokens: Token[] = [];
  private readonly sentenceSpans: [number, number][] = [];
  openText = '';
  openKind: TokenKind | null = null;
  private openStart = 0;
  private openReading: string | undefined = undefined;
  private order = 1;
  private sentence = 0;
  private endPending = false;
  private spanStart = -1;
  private spanEnd = 0;

  constructor(
    private readonly splitChars: Set<string>,
    private readonly protectedAt: Set<number>,
    private readonly offsets: OffsetChain,
  ) {}

  get openEnd(): number {
    return this.openStart + this.openText.length;
  }

  push(text: string, kind: TokenKind, start: number, reading?: string): void {
    if (this.openKind !== null) this.close();
    this.openText = text;
    this.openKind = kind;
    this.openStart = start;
    this.openReading = reading;
  }

  extend(more: string): void {
    this.openText += more;
  }

  private close(): void {
    const text = this.openText;
    const kind = this.openKind!;
    const start = this.openStart;
    if (this.spanStart < 0) this.spanStart = this.spanEnd = start;
    if (this.endPending && kind !== 'space' && kind !== 'break') {
      this.sentenceSpans.push([this.offsets.toSource(this.spanStart), this.offsets.toSource(this.spanEnd)]);
      this.spanStart = start;
      this.sentence++;
      this.endPending = false;
    }
    const token: Token = { text, kind, order: this.order, sentence: this.sentence };
    if (this.openReading) token.reading = this.openReading;
    this.tokens.push(token);
    this.order += orderStep(kind);
    if (kind === 'break') this.endPending = true;
    else if (kind !== 'space') {
      this.spanEnd = start + text.length;
      if (kind === 'punct') {
        for (let k = 0; k < text.length; k++) {
          if (this.splitChars.has(text[k]) && !this.protectedAt.has(start + k)) {
            this.endPending = true;
            break;
          }
        }
      }
    }
  }

  finish(text: string): ParsedText {
    if (this.openKind !== null) this.close();
    this.openKind = null;
    const tokens = this.tokens;
    if (tokens.length) this.sentenceSpans.push([this.offsets.toSource(this.spanStart), this.offsets.toSource(this.spanEnd)]);
    return { text, tokens, sentenceCount: tokens.length ? this.sentence + 1 : 0, sentenceSpans: this.sentenceSpans };
  }
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
