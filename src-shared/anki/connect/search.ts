// Runs in: any process. The subset of Anki's search syntax the mining tools send (Yomitan's duplicate lookups
// `"deck:Japanese" "Expression:食べる"`, asbplayer's `"Word:foo"`, `nid:1,2`): quoted or bare terms joined by
// AND, `deck:` (sub-decks A::B search their root A), `note:`, `field:value` with `*` wildcards and `nid:`/`cid:`
// lists. OR, parentheses, negation and the other Anki keywords are refused with a clear error rather than
// answered wrongly.

export type SearchClause =
  | { kind: 'deck'; name: string }
  | { kind: 'note'; name: string }
  | { kind: 'ids'; ids: number[] }
  /** added:N — added in the last N days (asbplayer's and mpvacious's "update the last card" look up added:1). */
  | { kind: 'added'; days: number }
  | { kind: 'field'; field: string; value: string }
  | { kind: 'text'; value: string };

export class SearchSyntaxError extends Error {}

/** Splits a query into its terms: whitespace separates, double quotes group (a `\"` is a quote), `a:"b c"` is one term. */
export function tokenizeQuery(query: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  let any = false;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '\\' && i + 1 < query.length) {
      current += c + query[++i];
      any = true;
    } else if (c === '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && /\s/.test(c)) {
      if (any) terms.push(current);
      current = '';
      any = false;
    } else {
      current += c;
      any = true;
    }
  }
  if (quoted) throw new SearchSyntaxError('unbalanced quotes in the search');
  if (any) terms.push(current);
  return terms;
}

/** Anki's escapes: `\"`, `\\`, `\*`, `\_`, `\:` stand for the character itself (a `*` left unescaped is a wildcard). */
const unescape = (s: string) => s.replace(/\\([\\"*_:()-])/g, '$1');

const UNSUPPORTED_KEYWORDS = /^(tag|is|flag|prop|rated|edited|introduced|card|re|nc|w|dupe|preset|resched):/i;

/** The clauses of a query (all must hold). An empty query matches everything, as in Anki's browser. */
export function parseAnkiQuery(query: string): SearchClause[] {
  const clauses: SearchClause[] = [];
  for (const term of tokenizeQuery(query)) {
    if (term === 'and' || term === 'AND') continue;
    if (term === 'or' || term === 'OR' || term.startsWith('(') || term.endsWith(')') || term.startsWith('-'))
      throw new SearchSyntaxError(`Lectio answers searches of terms joined by AND; "${term}" is not supported`);
    if (UNSUPPORTED_KEYWORDS.test(term)) throw new SearchSyntaxError(`Lectio does not support "${term.split(':')[0]}:" searches`);
    const colon = findUnescapedColon(term);
    if (colon < 0) {
      clauses.push({ kind: 'text', value: unescape(term) });
      continue;
    }
    const key = unescape(term.slice(0, colon));
    const value = term.slice(colon + 1);
    const lower = key.toLowerCase();
    if (lower === 'deck') clauses.push({ kind: 'deck', name: unescape(value) });
    else if (lower === 'note') clauses.push({ kind: 'note', name: unescape(value) });
    else if (lower === 'nid' || lower === 'cid') clauses.push({ kind: 'ids', ids: parseIdList(value) });
    else if (lower === 'added') {
      if (!/^\d{1,5}$/.test(value) || Number(value) < 1) throw new SearchSyntaxError(`"${term}" needs a number of days`);
      clauses.push({ kind: 'added', days: Number(value) });
    } else clauses.push({ kind: 'field', field: key, value: unescape(value) });
  }
  return clauses;
}

function findUnescapedColon(term: string): number {
  for (let i = 0; i < term.length; i++) {
    if (term[i] === '\\') i++;
    else if (term[i] === ':') return i;
  }
  return -1;
}

function parseIdList(value: string): number[] {
  const ids = value.split(',').map((s) => s.trim());
  if (!ids.every((s) => /^\d{1,15}$/.test(s))) throw new SearchSyntaxError(`"${value}" is not a list of note ids`);
  return ids.map(Number);
}

/** The root deck a deck name searches or files into: sub-decks `A::B` belong to A. */
export const rootDeck = (name: string) => name.split('::')[0].trim();

/** A `*` wildcard value as an SQL LIKE pattern (escape character `\`); literal `%` and `_` are escaped. */
export function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c).replace(/\*/g, '%');
}

export const hasWildcard = (value: string) => value.includes('*');

/** Whether a name matches a value with `*` wildcards, case-insensitively (deck and note-type names). */
export function wildcardMatches(value: string, name: string): boolean {
  const re = new RegExp(
    '^' +
      value
        .split('*')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
    'iu',
  );
  return re.test(name);
}
