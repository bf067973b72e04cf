// Runs in: main. How many words a term has (WoWordCount): multi-word terms have more than one.
import { parseSubstitutions } from '../../../src-shared/text/normalize';
import type { ParserSettings } from '../../../src-shared/text/tokenize';
import { wordCharacterClass } from '../../../src-shared/text/regex-settings';
import { patternOf } from '../../../src-shared/text/multiword';
import { parseTermText, prepareAnalyzer } from './parse';

export type WordCounter = (text: string) => number;

/**
 * What a term's count can be read from without running the tokenizer. The regexes are built the way
 * src-shared/text/tokenize.ts compiles a language's word characters (word-count.test.ts compares both on
 * many terms and settings, so a change there shows up here).
 */
interface Shortcut {
  /** Regex languages: the tokenizer's word regex (a run of word characters, apostrophes only inside), not global. */
  word: RegExp | null;
  /** Languages split into characters: one word character. */
  wordChar: RegExp | null;
  /** Sources of the language's character substitutions: a term holding one is parsed in full. */
  substituted: string[];
}

const DEFAULT_WORD_CHARACTERS = '\\p{L}\\p{M}';
const APOSTROPHES = /['’]/g;
const HAS_APOSTROPHE = /['’]/;
const WHITESPACE = /\s/;

function buildShortcut(s: ParserSettings): Shortcut | null {
  try {
    // Settings the tokenizer cannot compile make every parse throw; counting must keep failing the same way.
    parseTermText('', s);
  } catch {
    return null;
  }
  const raw = s.LgRegexpWordCharacters || DEFAULT_WORD_CHARACTERS;
  const hasApostrophe = HAS_APOSTROPHE.test(raw);
  // The tokenizer's one character class (a setting that is not a valid class is taken literally).
  const cls = wordCharacterClass(hasApostrophe ? raw.replace(APOSTROPHES, '') : raw);
  const substituted = parseSubstitutions(s.LgCharacterSubstitutions).map(([from]) => from);
  if (s.LgSplitEachChar) return { word: null, wordChar: new RegExp(cls, 'u'), substituted };
  if (s.LgParserType === 'regex') return { word: new RegExp(hasApostrophe ? `${cls}+(?:['’]${cls}+)*` : `${cls}+`, 'u'), wordChar: null, substituted };
  return null;
}

/**
 * Per parsing settings; languages are few, so the cache stays tiny. A memo of a pure function of the settings
 * (nothing of the database), so it is module-level rather than a slot of the services: a restore cannot make it wrong.
 */
const shortcuts = new Map<string, Shortcut | null>();

function shortcutFor(s: ParserSettings): Shortcut | null {
  const key = [
    s.LgParserType,
    s.LgSplitEachChar,
    s.LgRemoveSpaces,
    s.LgIsoCode,
    s.LgRegexpWordCharacters,
    s.LgRegexpSplitSentences,
    s.LgExceptionsSplitSentences,
    s.LgCharacterSubstitutions,
  ].join('\u0000');
  let hit = shortcuts.get(key);
  if (hit === undefined) {
    hit = buildShortcut(s);
    if (shortcuts.size > 50) shortcuts.clear();
    shortcuts.set(key, hit);
  }
  return hit;
}

/**
 * The count of a trimmed term when it is certain without the tokenizer, else 0. Without whitespace and
 * substituted characters, the text the tokenizer cuts is the term itself, on one line. Then a regex
 * language yields one word exactly when its word regex matches the whole term, and a language split into
 * characters yields one word per word character (everything else becomes punctuation or numbers).
 */
function shortcutCount(sc: Shortcut, text: string): number {
  if (WHITESPACE.test(text)) return 0;
  for (const from of sc.substituted) if (text.includes(from)) return 0;
  if (sc.word) {
    // The tokenizer's first match covers the whole term: one word piece, nothing else.
    const m = sc.word.exec(text);
    return m && m[0].length === text.length ? 1 : 0;
  }
  if (sc.wordChar) {
    let words = 0;
    for (const ch of text) if (sc.wordChar.test(ch)) words++;
    return Math.max(1, words);
  }
  return 0;
}

function tokenizerCount(language: ParserSettings, trimmed: string): number {
  const tokens = parseTermText(trimmed, language).tokens;
  let words = 0;
  for (const t of tokens) if (t.kind === 'word') words++;
  return Math.max(1, words);
}

/**
 * Counts terms of one language: the word tokens the reading module's tokenizer cuts a term into, at least
 * 1 (0 for an empty text): the language's regex, character or morphological parser (kuromoji for Japanese
 * once loaded), so a term counts exactly the words the reader shows for it ("北風と太陽" typed solid is 3,
 * "e-mail" in a spaced language is 2). A single run of word characters in a regex language, and a term of
 * a language split into characters, are counted without running the tokenizer: a bulk import counts 100k
 * terms, and the full parse costs far more than the answer.
 */
export function wordCounter(language: ParserSettings): WordCounter {
  const sc = shortcutFor(language);
  return (text) => {
    const trimmed = text.trim();
    if (!trimmed) return 0;
    return (sc && shortcutCount(sc, trimmed)) || tokenizerCount(language, trimmed);
  };
}

/**
 * Whether a term is certainly one word in a regex language, read without the tokenizer (the shortcut above):
 * then it is no multi-word term, and saving it needs no parse to find that out.
 */
export function isOneWord(language: ParserSettings, text: string): boolean {
  const sc = shortcutFor(language);
  const trimmed = text.trim();
  return sc !== null && sc.word !== null && trimmed !== '' && shortcutCount(sc, trimmed) === 1;
}

/** One term's count; see wordCounter (take a counter once for many terms of one language). */
export function countWords(language: ParserSettings, text: string): number {
  return wordCounter(language)(text);
}

/**
 * Loads the language's morphological analyzer before terms are written, so countWords (synchronous, inside
 * the write transaction) uses it rather than the dictionary segmentation that stands in until it has loaded.
 * An analyzer that fails to load leaves that stand-in in place: writing a term never fails on it.
 */
export async function prepareWordCount(language: ParserSettings): Promise<void> {
  await prepareAnalyzer(language).catch(() => undefined);
}

/**
 * Whether a term of this text can show in the language's texts: one word as the tokenizer cuts it (a period
 * after it may join it in a text, "Mr."), or a multi-word pattern (words on one line, a word at each end, with
 * spaces, nothing, punctuation or numbers between). Anything else would be stored and never linked.
 */
export function termCanShow(language: ParserSettings, text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed || isOneWord(language, trimmed)) return true;
  const tokens = parseTermText(trimmed, language).tokens;
  let words = 0;
  for (const t of tokens) if (t.kind === 'word') words++;
  if (words === 1) return tokens[0].kind === 'word' && (tokens.length === 1 || (tokens.length === 2 && tokens[1].text === '.'));
  return words > 1 && patternOf(tokens) !== null;
}
