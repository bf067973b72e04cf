// Runs in: main. Anki searches over the caller's terms: the parsed clauses (src-shared/anki/connect/search.ts)
// resolved against the library (a deck is a language by name, a field a column by its role) and run as one query.
import { yieldToEventLoop } from '../../core/slices';
import { likePattern, hasWildcard, parseAnkiQuery, rootDeck, SearchSyntaxError, wildcardMatches } from '../../../src-shared/anki/connect/search';
import { roleOfField, type FieldRoles, type NoteRole } from '../../../src-shared/anki/connect/notes';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { AnkiConnectError } from './errors';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** More ids than this are not answered (Anki's browser would not show them either). */
export const MAX_IDS = 500_000;
/**
 * Term ids read in one turn by a search no index serves (a word anywhere, a field pattern): a rowid range this long
 * is a few milliseconds of reading, and the server answers others between two windows.
 */
export const SEARCH_WINDOW_IDS = 10_000;

const COLUMNS: Partial<Record<NoteRole, repo.SearchColumn>> = {
  term: 'WoTextLC',
  lemma: 'WoLemmaLC',
  reading: 'WoRomanization',
  translation: 'WoTranslation',
  sentence: 'WoSentence',
  notes: 'WoNotes',
};

/** The languages a deck name (sub-decks → their root, `*` wildcards) names. */
export function languagesOfDeck(languages: readonly LanguageDto[], deck: string): LanguageDto[] {
  const root = rootDeck(deck);
  return languages.filter((l) => wildcardMatches(root, l.LgName));
}

/**
 * The caller's term ids (= note ids = card ids) matching an Anki query. A query on a term's text or on ids is one
 * index seek; any other reads the library a window of ids at a time, the event loop free between two windows.
 */
export async function findTermIds(ctx: HandlerContext, query: string, languages: readonly LanguageDto[], roles: FieldRoles): Promise<number[]> {
  let clauses;
  try {
    clauses = parseAnkiQuery(query);
  } catch (err) {
    if (err instanceof SearchSyntaxError) throw new AnkiConnectError(msg('ankiconnect.badSearch', { why: err.message }));
    throw err;
  }
  const resolved: repo.ResolvedClause[] = [];
  for (const c of clauses) {
    if (c.kind === 'deck') {
      const ids = languagesOfDeck(languages, c.name).map((l) => l.LgID);
      if (!ids.length) return [];
      resolved.push({ kind: 'languages', ids });
    } else if (c.kind === 'ids') resolved.push({ kind: 'ids', ids: c.ids });
    else if (c.kind === 'added') resolved.push({ kind: 'since', at: ctx.clock.now() - c.days * DAY_MS });
    else if (c.kind === 'text') resolved.push({ kind: 'text', pattern: `%${likePattern(c.value)}%` });
    else if (c.kind === 'field') {
      const role = roleOfField(c.field, roles);
      const column = role ? COLUMNS[role] : undefined;
      // A field Lectio keeps no text of (or does not know) holds nothing to find, as in Anki.
      if (!column) return [];
      const value = column.endsWith('LC') ? c.value.toLowerCase() : c.value;
      resolved.push(
        hasWildcard(value)
          ? { kind: 'like', column, pattern: likePattern(value) }
          : { kind: 'equals', column, value: column.endsWith('LC') ? value : likePattern(value) },
      );
    }
    // note: every term is a note of the one mapped type, whatever the tool calls its note type.
  }
  // Yomitan's collection-wide duplicate lookup names no deck: all of the caller's languages, so the term's text
  // is found through the (language, text) key rather than by reading every term.
  if (!resolved.some((c) => c.kind === 'languages') && resolved.some((c) => c.kind === 'equals' && c.column === 'WoTextLC')) {
    if (!languages.length) return [];
    resolved.push({ kind: 'languages', ids: languages.map((l) => l.LgID) });
  }
  if (repo.isSelective(resolved)) return repo.findTermIds(ctx.sqlite, ctx.user, resolved, MAX_IDS);
  const found: number[] = [];
  const last = repo.maxTermId(ctx.sqlite);
  for (let after = 0; after < last && found.length < MAX_IDS; after += SEARCH_WINDOW_IDS) {
    if (after > 0) await yieldToEventLoop();
    found.push(...repo.findTermIds(ctx.sqlite, ctx.user, resolved, MAX_IDS - found.length, { after, upTo: after + SEARCH_WINDOW_IDS }));
  }
  return found;
}
