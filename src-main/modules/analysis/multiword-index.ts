// Runs in: main. Per-language index of multi-word terms: their patterns and an Aho-Corasick matcher, kept
// in memory per connection and updated from term changes, so parsing a text never rescans the terms and
// adding a term never rescans the library (occurrences are found through the token_forms index instead).
import { MultiwordMatcher, patternOf, type MultiwordPattern } from '../../../src-shared/text/multiword';
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { parseTermText, type ParsingLanguage } from './parse';
import { isOneWord } from './word-count';
import { multiwordCandidates } from './repo';

interface LanguagePatterns {
  patterns: Map<number, MultiwordPattern>;
  matcher: MultiwordMatcher<number> | null;
}

const cache = new WeakMap<Sqlite, Map<number, LanguagePatterns>>();

/** Languages written without spaces may hold multi-word terms typed solid (WoWordCount 1): parse them all. */
const writtenWithoutSpaces = (lang: ParsingLanguage) => lang.LgRemoveSpaces || lang.LgSplitEachChar || lang.LgParserType !== 'regex';

/** The multi-word pattern of a term text in a language, or null for a single word. */
export function termPattern(lang: ParsingLanguage, textLC: string): MultiwordPattern | null {
  if (isOneWord(lang, textLC)) return null;
  return patternOf(parseTermText(textLC, lang).tokens);
}

function load(sqlite: Sqlite, user: CurrentUser, lang: ParsingLanguage): LanguagePatterns {
  const rows = multiwordCandidates(sqlite, user, lang.LgID, writtenWithoutSpaces(lang));
  const patterns = new Map<number, MultiwordPattern>();
  for (const r of rows) {
    const p = termPattern(lang, r.WoTextLC);
    if (p) patterns.set(r.WoID, p);
  }
  return { patterns, matcher: null };
}

function entry(sqlite: Sqlite, user: CurrentUser, lang: ParsingLanguage): LanguagePatterns {
  let byLang = cache.get(sqlite);
  if (!byLang) {
    byLang = new Map();
    cache.set(sqlite, byLang);
  }
  let e = byLang.get(lang.LgID);
  if (!e) {
    e = load(sqlite, user, lang);
    byLang.set(lang.LgID, e);
  }
  return e;
}

export function matcherFor(sqlite: Sqlite, user: CurrentUser, lang: ParsingLanguage): MultiwordMatcher<number> {
  const e = entry(sqlite, user, lang);
  e.matcher ??= new MultiwordMatcher([...e.patterns].map(([id, pattern]) => ({ id, pattern })));
  return e.matcher;
}

export function patternOfTerm(sqlite: Sqlite, user: CurrentUser, lang: ParsingLanguage, termId: number): MultiwordPattern | undefined {
  return entry(sqlite, user, lang).patterns.get(termId);
}

/** Applies term changes to a loaded index; an index not loaded yet will read them from the table. */
export function updateIndex(sqlite: Sqlite, languageId: number, removed: readonly number[], added: readonly { id: number; pattern: MultiwordPattern }[]): void {
  const e = cache.get(sqlite)?.get(languageId);
  if (!e) return;
  for (const id of removed) if (e.patterns.delete(id)) e.matcher = null;
  for (const a of added) {
    e.patterns.set(a.id, a.pattern);
    e.matcher = null;
  }
}

/** The language's parsing settings changed: patterns must be cut again. */
export function forgetLanguage(sqlite: Sqlite, languageId: number): void {
  cache.get(sqlite)?.delete(languageId);
}
