// Runs in: main. Per-language index of multi-word terms: their patterns and an Aho-Corasick matcher, kept
// in a slot of the core's services (a database replacement clears it) and updated from term changes, so parsing a text never rescans the terms and
// adding a term never rescans the library (occurrences are found through the token_forms index instead).
import { MultiwordMatcher, patternOf, type MultiwordPattern } from '../../../src-shared/text/multiword';
import type { HandlerContext } from '../../core/context';
import { cacheSlot, type Services } from '../../core/services';
import { parseTermText, type ParsingLanguage } from './parse';
import { isOneWord } from './word-count';
import { multiwordCandidates } from './repo';

interface LanguagePatterns {
  patterns: Map<number, MultiwordPattern>;
  matcher: MultiwordMatcher<number> | null;
}

/** What reading the index needs: the connection and owner to load a language's terms, the services it lives in. */
export type IndexContext = Pick<HandlerContext, 'sqlite' | 'user' | 'services'>;

/** Loaded languages by LgID (a language has one owner, so its id names the owner's terms too). */
const indexSlot = cacheSlot<Map<number, LanguagePatterns>>('analysis.multiwordIndex');

/** Languages written without spaces may hold multi-word terms typed solid (WoWordCount 1): parse them all. */
const writtenWithoutSpaces = (lang: ParsingLanguage) => lang.LgRemoveSpaces || lang.LgSplitEachChar || lang.LgParserType !== 'regex';

/** The multi-word pattern of a term text in a language, or null for a single word. */
export function termPattern(lang: ParsingLanguage, textLC: string): MultiwordPattern | null {
  if (isOneWord(lang, textLC)) return null;
  return patternOf(parseTermText(textLC, lang).tokens);
}

function load(ctx: IndexContext, lang: ParsingLanguage): LanguagePatterns {
  const rows = multiwordCandidates(ctx.sqlite, ctx.user, lang.LgID, writtenWithoutSpaces(lang));
  const patterns = new Map<number, MultiwordPattern>();
  for (const r of rows) {
    const p = termPattern(lang, r.WoTextLC);
    if (p) patterns.set(r.WoID, p);
  }
  return { patterns, matcher: null };
}

function entry(ctx: IndexContext, lang: ParsingLanguage): LanguagePatterns {
  const byLang = indexSlot.get(ctx.services) ?? indexSlot.set(ctx.services, new Map());
  let e = byLang.get(lang.LgID);
  if (!e) {
    e = load(ctx, lang);
    byLang.set(lang.LgID, e);
  }
  return e;
}

export function matcherFor(ctx: IndexContext, lang: ParsingLanguage): MultiwordMatcher<number> {
  const e = entry(ctx, lang);
  e.matcher ??= new MultiwordMatcher([...e.patterns].map(([id, pattern]) => ({ id, pattern })));
  return e.matcher;
}

/** Applies term changes to a loaded index; an index not loaded yet will read them from the table. */
export function updateIndex(
  services: Services,
  languageId: number,
  removed: readonly number[],
  added: readonly { id: number; pattern: MultiwordPattern }[],
): void {
  const e = indexSlot.get(services)?.get(languageId);
  if (!e) return;
  for (const id of removed) if (e.patterns.delete(id)) e.matcher = null;
  for (const a of added) {
    e.patterns.set(a.id, a.pattern);
    e.matcher = null;
  }
}

/** The language's parsing settings changed: patterns must be cut again. */
export function forgetLanguage(services: Services, languageId: number): void {
  indexSlot.get(services)?.delete(languageId);
}
