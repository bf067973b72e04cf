// Runs in: any process. The part of Anki's search syntax the mining tools send, read into a tree: Yomitan's duplicate
// lookups `"deck:Japanese" "Expression:食べる"`; asbplayer's "update last card" `added:1`, its word lookups
// `"Word:x" OR "Expression:x"` and its word-status colouring `-is:new -is:learn prop:ivl>=11 ("deck:A" OR "deck:B")
// ("Word:_*" OR "Expression:_*")`; mpvacious's `added:1 "note:X" "deck:Y"` and `nid:…`. Terms are joined by AND
// (implicit or written), OR, parentheses and `-` negation. In values `*` is any run of characters and `_` one
// character (`\*`, `\_` the characters themselves). asbplayer's statistics add `prop:due<=N` (cards due within N
// days). Keywords Lectio cannot answer (tag:, flag:, card:, prop:ease…) are refused with a clear error rather than
// answered wrongly.

/** A value of a field or text search: the literal text (exact match) and the same as an SQL LIKE pattern. */
export interface SearchValue {
  /** The value with escapes resolved (what an exact comparison compares). */
  text: string;
  /** The value as a LIKE pattern (escape character `\`): `*` → %, `_` → _, literal % and _ escaped. */
  pattern: string;
  /** Whether it holds an unescaped `*` or `_` (then only LIKE finds it). */
  wildcard: boolean;
}

export type CardState = 'new' | 'learn' | 'review' | 'suspended';
export type PropOp = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type SearchLeaf =
  | { kind: 'deck'; name: string }
  | { kind: 'note'; name: string }
  | { kind: 'ids'; ids: number[] }
  /** added:N — created in the last N days; edited:N — changed; rated:N — status changed (Lectio's "answered"). */
  | { kind: 'added' | 'edited' | 'rated'; days: number }
  | { kind: 'is'; state: CardState }
  /**
   * prop:ivl (interval, days), prop:due (days from today to the day the card is due: 0 today, 1 tomorrow, -1
   * yesterday) or prop:s (FSRS stability, which Lectio does not report) compared with a number.
   */
  | { kind: 'prop'; prop: 'ivl' | 'due' | 's'; op: PropOp; value: number }
  | { kind: 'field'; field: string; value: SearchValue }
  | { kind: 'text'; value: SearchValue };

export type SearchNode = { kind: 'and'; nodes: SearchNode[] } | { kind: 'or'; nodes: SearchNode[] } | { kind: 'not'; node: SearchNode } | SearchLeaf;

export class SearchSyntaxError extends Error {}

type Token = { type: 'open' | 'close' | 'or' | 'and' | 'not' } | { type: 'term'; raw: string };

/** Splits a query into tokens: whitespace separates, double quotes group (`\"` is a quote), parentheses and a leading `-` stand alone. */
export function tokenizeQuery(query: string): Token[] {
  const tokens: Token[] = [];
  let current = '';
  let quoted = false;
  let any = false;
  const flush = () => {
    if (!any) return;
    if (current === 'or' || current === 'OR') tokens.push({ type: 'or' });
    else if (current === 'and' || current === 'AND') tokens.push({ type: 'and' });
    else tokens.push({ type: 'term', raw: current });
    current = '';
    any = false;
  };
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '\\' && i + 1 < query.length) {
      current += c + query[++i];
      any = true;
    } else if (c === '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && /\s/.test(c)) flush();
    else if (!quoted && (c === '(' || c === ')')) {
      flush();
      tokens.push({ type: c === '(' ? 'open' : 'close' });
    } else if (!quoted && c === '-' && !any) tokens.push({ type: 'not' });
    else {
      current += c;
      any = true;
    }
  }
  if (quoted) throw new SearchSyntaxError('unbalanced quotes in the search');
  flush();
  return tokens;
}

/** Anki's escapes: `\"`, `\\`, `\*`, `\_`, `\:`, `\(`, `\)`, `\-` stand for the character itself. */
const unescape = (s: string) => s.replace(/\\([\\"*_:()-])/g, '$1');

/** A raw value (escapes kept) as literal text and as a LIKE pattern. */
export function searchValue(raw: string): SearchValue {
  let text = '';
  let pattern = '';
  let wildcard = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length && /[\\"*_:()-]/.test(raw[i + 1])) {
      const lit = raw[++i];
      text += lit;
      pattern += /[\\%_]/.test(lit) ? '\\' + lit : lit;
    } else if (c === '*' || c === '_') {
      wildcard = true;
      text += c;
      pattern += c === '*' ? '%' : '_';
    } else {
      text += c;
      pattern += c === '%' ? '\\%' : c;
    }
  }
  return { text, pattern, wildcard };
}

const UNSUPPORTED_KEYWORDS = /^(tag|flag|introduced|card|re|nc|w|dupe|preset|resched|has-cd):/i;
const STATES: Record<string, CardState> = { new: 'new', learn: 'learn', review: 'review', suspended: 'suspended' };

function days(term: string, value: string): number {
  // rated:N:ease — the ease is not recorded by Lectio; the days are what the tools send.
  const n = value.split(':')[0];
  if (!/^\d{1,5}$/.test(n) || Number(n) < 1) throw new SearchSyntaxError(`"${term}" needs a number of days`);
  return Number(n);
}

function leafOf(raw: string): SearchLeaf {
  const colon = findUnescapedColon(raw);
  if (colon < 0) return { kind: 'text', value: searchValue(raw) };
  const key = unescape(raw.slice(0, colon)).toLowerCase();
  const value = raw.slice(colon + 1);
  const term = unescape(raw);
  if (key === 'deck') return { kind: 'deck', name: unescape(value) };
  if (key === 'note') return { kind: 'note', name: unescape(value) };
  if (key === 'nid' || key === 'cid') return { kind: 'ids', ids: parseIdList(value) };
  if (key === 'added' || key === 'edited' || key === 'rated') return { kind: key, days: days(term, value) };
  if (key === 'is') {
    const state = STATES[value.toLowerCase()];
    if (!state) throw new SearchSyntaxError(`Lectio does not support "is:${value}" searches`);
    return { kind: 'is', state };
  }
  if (key === 'prop') {
    // prop:due counts whole days, negative for overdue (Anki's own rule); the others are never below 0.
    const m = /^(ivl|s)(<=|>=|!=|<|>|=)(\d+(?:\.\d+)?)$/i.exec(value) ?? /^(due)(<=|>=|!=|<|>|=)(-?\d{1,5})$/i.exec(value);
    if (!m) throw new SearchSyntaxError(`Lectio answers prop:ivl, prop:due and prop:s searches, not "${term}"`);
    return { kind: 'prop', prop: m[1].toLowerCase() as 'ivl' | 'due' | 's', op: m[2] as PropOp, value: Number(m[3]) };
  }
  if (UNSUPPORTED_KEYWORDS.test(`${key}:`)) throw new SearchSyntaxError(`Lectio does not support "${key}:" searches`);
  return { kind: 'field', field: unescape(raw.slice(0, colon)), value: searchValue(value) };
}

/** The query as a tree (an empty query is an empty AND: every note, as in Anki's browser). */
export function parseAnkiQuery(query: string): SearchNode {
  const tokens = tokenizeQuery(query);
  let at = 0;
  const fail = (why: string): never => {
    throw new SearchSyntaxError(why);
  };
  function orExpr(): SearchNode {
    const nodes = [andExpr(false)];
    while (tokens[at]?.type === 'or') {
      at++;
      nodes.push(andExpr(true));
    }
    return nodes.length === 1 ? nodes[0] : { kind: 'or', nodes };
  }
  function andExpr(afterOr: boolean): SearchNode {
    const nodes: SearchNode[] = [];
    while (at < tokens.length && tokens[at].type !== 'or' && tokens[at].type !== 'close') {
      if (tokens[at].type === 'and') {
        at++;
        continue;
      }
      nodes.push(unary());
    }
    if (!nodes.length && (afterOr || at < tokens.length)) fail('a search term is missing next to OR or ")"');
    return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
  }
  function unary(): SearchNode {
    const t = tokens[at++];
    if (!t) return fail('the search ends too early');
    if (t.type === 'not') return { kind: 'not', node: unary() };
    if (t.type === 'open') {
      const inner = orExpr();
      if (tokens[at]?.type !== 'close') fail('a "(" is not closed');
      at++;
      return inner;
    }
    if (t.type === 'term') return leafOf(t.raw);
    return fail('a search term is missing');
  }
  const tree = orExpr();
  if (at < tokens.length) fail('a ")" has no "("');
  return tree;
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
