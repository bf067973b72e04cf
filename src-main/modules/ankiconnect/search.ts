// Runs in: main. Anki searches over the caller's terms: the parsed tree (src-shared/anki/connect/search.ts) compiled
// to one SQL condition (a deck is a language by name, a field a column by its role, is:/prop:ivl the statuses whose
// card passes, schedule.ts) and run as one query. A query the indexes serve — note ids (nid:, added:N: the note id
// is the creation time) or a term's text — is one seek; any other reads the library a window of ids at a time.
import { yieldToEventLoop } from '../../core/slices';
import { parseAnkiQuery, rootDeck, SearchSyntaxError, wildcardMatches, type SearchLeaf, type SearchNode } from '../../../src-shared/anki/connect/search';
import { statusesWhere, type CardSchedule } from '../../../src-shared/anki/connect/schedule';
import { addDays, type DayKey } from '../../../src-shared/activity/day';
import { dueThresholds, type LearningStatus } from '../../../src-shared/review/due';
import { roleOfField, type FieldRoles, type NoteRole } from '../../../src-shared/anki/connect/notes';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { userToday } from '../settings';
import { AnkiConnectError } from './errors';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** More ids than this are not answered (Anki's browser would not show them either). */
export const MAX_IDS = 500_000;
/**
 * Term ids read in one turn by a search no index serves (a word anywhere, a field pattern, a status): a rowid range
 * this long is a few milliseconds of reading, and the server answers others between two windows.
 */
export const SEARCH_WINDOW_IDS = 10_000;

type Column = 'WoTextLC' | 'WoLemmaLC' | 'WoRomanization' | 'WoTranslation' | 'WoSentence' | 'WoNotes';
const COLUMNS: Partial<Record<NoteRole, Column>> = {
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
 * The index a query is served by: its note ids (nid:, added:N), its term's text (in the caller's languages), or
 * none (read in windows). Only the serving columns are left bare; every other is '+'-prefixed so the planner
 * cannot walk another index instead.
 */
type Driver = 'note' | 'text' | 'window';

/** The learner's today and time zone: prop:due counts days as Lectio's review does. */
export interface SearchDay {
  today: DayKey;
  timezone: string;
}

interface Compile {
  languages: readonly LanguageDto[];
  roles: FieldRoles;
  now: number;
  day: SearchDay;
  driver: Driver;
  params: Record<string, unknown>;
}

const ivlPasses = (op: string, value: number) => (card: CardSchedule) =>
  ({
    '<': card.interval < value,
    '<=': card.interval <= value,
    '>': card.interval > value,
    '>=': card.interval >= value,
    '=': card.interval === value,
    '!=': card.interval !== value,
  })[op] ?? false;

const STATE_TEST: Record<string, (card: CardSchedule) => boolean> = {
  new: (c) => c.type === 0,
  learn: (c) => c.type === 1,
  review: (c) => c.type === 2,
  suspended: (c) => c.queue === -1,
};

/**
 * The cards that have a due day (learning and review cards, not new or suspended ones, schedule.ts): statuses 2-5.
 * 99 is a review card Lectio's review never brings back, so it is never due, as there.
 */
const DUE_STATUSES: readonly LearningStatus[] = [2, 3, 4, 5];

/** Cards due on day today+n or earlier, by Lectio's review rule (src-shared/review/due.ts): one range per status. */
function dueBy(c: Compile, n: number): string {
  const thresholds = dueThresholds(addDays(c.day.today, n), c.day.timezone);
  // '+': neither column ever serves a search (search.ts picks note ids or a term's text, else windows).
  return `(${DUE_STATUSES.map((s) => `(+WoStatus = ${s} AND +WoStatusChanged < ${param(c, thresholds[s])})`).join(' OR ')})`;
}

/** prop:due OP N: the days from today to the card's due day compared with N, as whole-day ranges. */
function dueCompare(c: Compile, op: string, n: number): string {
  const hasDue = `+WoStatus IN (${DUE_STATUSES.join(', ')})`;
  switch (op) {
    case '<=':
      return dueBy(c, n);
    case '<':
      return dueBy(c, n - 1);
    case '>=':
      return `${hasDue} AND NOT ${dueBy(c, n - 1)}`;
    case '>':
      return `${hasDue} AND NOT ${dueBy(c, n)}`;
    case '=':
      return `${dueBy(c, n)} AND NOT ${dueBy(c, n - 1)}`;
    default:
      return `${hasDue} AND NOT (${dueBy(c, n)} AND NOT ${dueBy(c, n - 1)})`;
  }
}

/** The term-text value a leaf compares exactly (a term field without wildcards), else undefined. */
function termEquality(leaf: SearchNode, roles: FieldRoles): string | undefined {
  if (leaf.kind !== 'field' || leaf.value.wildcard) return undefined;
  return roleOfField(leaf.field, roles) === 'term' ? leaf.value.text.toLowerCase() : undefined;
}

/** An OR of exact term texts (asbplayer's `"Word:x" OR "Expression:x"`), or one: the texts. */
function termTexts(node: SearchNode, roles: FieldRoles): string[] | undefined {
  if (node.kind !== 'or') {
    const t = termEquality(node, roles);
    return t === undefined ? undefined : [t];
  }
  const texts = node.nodes.map((n) => termEquality(n, roles));
  return texts.every((t) => t !== undefined) ? [...new Set(texts as string[])] : undefined;
}

function param(c: Compile, value: unknown): string {
  const name = `p${Object.keys(c.params).length}`;
  c.params[name] = value;
  return `@${name}`;
}

const inList = (c: Compile, column: string, values: readonly (number | string)[]) =>
  values.length === 0
    ? '0'
    : values.length === 1
      ? `${column} = ${param(c, values[0])}`
      : `${column} IN (SELECT value FROM json_each(${param(c, JSON.stringify(values))}))`;

function compileLeaf(c: Compile, leaf: SearchLeaf): string {
  const bare = (column: string) => (c.driver === 'note' && column === 'WoNoteID') || (c.driver === 'text' && column === 'WoTextLC');
  const col = (column: string) => (bare(column) ? column : `+${column}`);
  switch (leaf.kind) {
    case 'deck':
      return inList(
        c,
        col('WoLgID'),
        languagesOfDeck(c.languages, leaf.name).map((l) => l.LgID),
      );
    case 'note':
      // Every term is a note of the one mapped type, whatever the tool calls its note type.
      return '1';
    case 'ids':
      return inList(c, col('WoNoteID'), leaf.ids);
    case 'added':
      // The note id is the creation time: Anki's added:N reads it the same way.
      return `${col('WoNoteID')} >= ${param(c, c.now - leaf.days * DAY_MS)}`;
    case 'edited':
      return `${col('WoModified')} >= ${param(c, c.now - leaf.days * DAY_MS)}`;
    case 'rated':
      return `${col('WoStatusChanged')} >= ${param(c, c.now - leaf.days * DAY_MS)}`;
    case 'is':
      return inList(c, col('WoStatus'), statusesWhere(STATE_TEST[leaf.state]));
    case 'prop':
      // Lectio keeps no FSRS stability a tool could compare (asbplayer then falls back to prop:ivl, as without FSRS).
      if (leaf.prop === 's') return '0';
      if (leaf.prop === 'due') return dueCompare(c, leaf.op, leaf.value);
      return inList(c, col('WoStatus'), statusesWhere(ivlPasses(leaf.op, leaf.value)));
    case 'field': {
      const role = roleOfField(leaf.field, c.roles);
      const column = role ? COLUMNS[role] : undefined;
      // A field Lectio keeps no text of (or does not know) holds nothing to find, as in Anki.
      if (!column) return '0';
      const lower = column.endsWith('LC');
      if (leaf.value.wildcard) return `${col(column)} LIKE ${param(c, lower ? leaf.value.pattern.toLowerCase() : leaf.value.pattern)} ESCAPE '\\'`;
      // Lower-case columns hold JS-lowered text; others compare as LIKE without wildcards (case-insensitive).
      return lower ? `${col(column)} = ${param(c, leaf.value.text.toLowerCase())}` : `${col(column)} LIKE ${param(c, leaf.value.pattern)} ESCAPE '\\'`;
    }
    case 'text': {
      const p = param(c, `%${leaf.value.pattern}%`);
      return `(${col('WoText')} LIKE ${p} ESCAPE '\\' OR ${col('WoTranslation')} LIKE ${p} ESCAPE '\\')`;
    }
  }
}

function compileNode(c: Compile, node: SearchNode): string {
  if (node.kind === 'and') return node.nodes.length ? node.nodes.map((n) => compileNode(c, n)).join(' AND ') : '1';
  if (node.kind === 'or') {
    const texts = termTexts(node, c.roles);
    if (texts) return inList(c, c.driver === 'text' ? 'WoTextLC' : '+WoTextLC', texts);
    return `(${node.nodes.map((n) => compileNode(c, n)).join(' OR ')})`;
  }
  // coalesce: a NULL column (a term without a lemma) is "not matching", so its negation matches.
  if (node.kind === 'not') return `NOT coalesce((${compileNode(c, node.node)}), 0)`;
  return `(${compileLeaf(c, node)})`;
}

/** The query's tree, or AnkiConnect's error naming what Lectio does not answer. */
function parse(query: string): SearchNode {
  try {
    return parseAnkiQuery(query);
  } catch (err) {
    if (err instanceof SearchSyntaxError) throw new AnkiConnectError(msg('ankiconnect.badSearch', { why: err.message }));
    throw err;
  }
}

/** A query compiled for one of the indexes, or for windows. */
export function compileSearch(ctx: Pick<HandlerContext, 'clock'>, query: string, languages: readonly LanguageDto[], roles: FieldRoles, day: SearchDay) {
  const tree = parse(query);
  const top = tree.kind === 'and' ? tree.nodes : [tree];
  // Note ids first (a handful), then a term's text (a seek per language), then added:N (a range of recent notes).
  const driver: Driver = top.some((n) => n.kind === 'ids')
    ? 'note'
    : top.some((n) => termTexts(n, roles) !== undefined)
      ? 'text'
      : top.some((n) => n.kind === 'added')
        ? 'note'
        : 'window';
  const c: Compile = { languages, roles, now: ctx.clock.now(), day, driver, params: {} };
  let where = compileNode(c, tree);
  // A term's text is found through the (language, text) key: in each of the caller's languages, even when the
  // query names no deck (Yomitan's collection-wide duplicate lookup), rather than by reading every term.
  if (driver === 'text')
    where = `${inList(
      c,
      'WoLgID',
      languages.map((l) => l.LgID),
    )} AND ${where}`;
  return { driver, search: { where, params: c.params } satisfies repo.CompiledSearch };
}

/**
 * The caller's note ids (= card ids) matching an Anki query, ascending. A query on note ids or a term's text is
 * one index seek; any other reads the library a window of term ids at a time, the event loop free between two.
 */
export async function findNoteIds(ctx: HandlerContext, query: string, languages: readonly LanguageDto[], roles: FieldRoles): Promise<number[]> {
  const { driver, search } = compileSearch(ctx, query, languages, roles, userToday(ctx));
  if (driver !== 'window') return repo.findNoteIds(ctx.sqlite, ctx.user, search, MAX_IDS);
  const found: number[] = [];
  const last = repo.maxTermId(ctx.sqlite);
  for (let after = 0; after < last && found.length < MAX_IDS; after += SEARCH_WINDOW_IDS) {
    if (after > 0) await yieldToEventLoop();
    found.push(...repo.findNoteIds(ctx.sqlite, ctx.user, search, MAX_IDS - found.length, { after, upTo: after + SEARCH_WINDOW_IDS }));
  }
  // Windows go by term id; a note id is a creation time, which a term moved in with an old date breaks the order of.
  return found.sort((a, b) => a - b);
}
