// Runs in: main. The reading items of a text: the text cut again by its language's parser (whitespace and
// punctuation are not stored), joined with the stored occurrences for term ids and statuses: one item per
// token for GET /words, columns for the reader's own payload.
import type { ReaderView, ReadingItem } from '../../../src-shared/contract/reader';
import { notFound } from '../../../src-shared/contract/errors';
import { createHash } from 'node:crypto';
import { tokenColumns, type TokenColumns } from '../../../src-shared/text/reader-text';
import type { HandlerContext } from '../../core/context';
import { ownerOf, ownerSql } from '../../db/scope';
import { parsingLanguage } from '../languages/service';
import { parseWithLanguage, type ParsingLanguage } from './parse';
import type { ParsedText } from '../../../src-shared/text/tokenize';
import { stmt } from '../../db/sql';
import { ensureParsed, getTextRow } from './service';
import type { TextRow } from './repo';

/** data_hex by lowercased form (node:crypto; src-shared/text/sha256 is the same function, tested to agree); bounded. */
const hexCache = new Map<string, string>();
function hexOf(lc: string): string {
  let h = hexCache.get(lc);
  if (h === undefined) {
    if (hexCache.size > 200_000) hexCache.clear();
    h = createHash('sha256').update(lc, 'utf8').digest('hex');
    hexCache.set(lc, h);
  }
  return h;
}

/**
 * A parse of a recently opened text, with what never changes between two opens precomputed: the reader
 * payload's token columns (each word's form, forms numbered by frequency), each form's data_hex, and for
 * GET /words the (frozen, shared) items of spaces, punctuation and line breaks.
 */
interface ParsedEntry {
  key: string;
  tokens: ParsedText['tokens'];
  columns: TokenColumns;
  formHex: string[];
  fixed?: (ReadingItem | undefined)[];
}

/** Parses of recently opened texts: reopening a chapter (or the next page of a client) skips the parse. */
const parseCache = new WeakMap<object, Map<number, ParsedEntry>>();
const PARSE_CACHE_TEXTS = 6;

async function parsedTextOf(ctx: HandlerContext, row: TextRow, lang: ParsingLanguage): Promise<ParsedEntry> {
  let byText = parseCache.get(ctx.sqlite);
  if (!byText) {
    byText = new Map();
    parseCache.set(ctx.sqlite, byText);
  }
  const key = JSON.stringify([row.TxModified, row.TxText.length, lang]);
  const hit = byText.get(row.TxID);
  if (hit && hit.key === key) {
    byText.delete(row.TxID);
    byText.set(row.TxID, hit);
    return hit;
  }
  const { tokens } = await parseWithLanguage(row.TxText, lang);
  const columns = tokenColumns(tokens);
  const entry: ParsedEntry = { key, tokens, columns, formHex: columns.formLC.map(hexOf) };
  byText.set(row.TxID, entry);
  if (byText.size > PARSE_CACHE_TEXTS) byText.delete(byText.keys().next().value!);
  return entry;
}

/** The items of the non-word tokens, built on the first GET /words of a parse. */
function fixedItems(entry: ParsedEntry): (ReadingItem | undefined)[] {
  if (entry.fixed) return entry.fixed;
  const fixed: (ReadingItem | undefined)[] = new Array(entry.tokens.length);
  entry.tokens.forEach((t, i) => {
    if (t.kind !== 'word') fixed[i] = Object.freeze({ Ti2Order: t.order, Ti2WordCount: 0, Ti2WoID: null, text: t.text, hex: '', status: 0, kind: t.kind, sentence: t.sentence });
  });
  return (entry.fixed = fixed);
}

type LinkedRow = [wordCount: number, order: number, termId: number, status: number, termLC: string | null, translation?: string | null, romanization?: string | null];

/**
 * The terms in a text, in one pass over its stored rows (the key prefix Ti2TxID) joined to words by primary
 * key: single words one row per form (the Ti2Order of its first occurrence names the form; every occurrence
 * of a form has the form's term, kept in step by terms.changed and the foreign key), multi-word rows one by
 * one (their text gives data_hex).
 */
const linkedTermsSql = (withHints: boolean) => `SELECT o.wc, o.ord, WoID, WoStatus, CASE WHEN o.wc > 1 THEN WoTextLC END
  ${withHints ? ", NULLIF(WoTranslation, ''), NULLIF(WoRomanization, '')" : ''} FROM (
    SELECT 1 AS wc, min(Ti2Order) AS ord, max(Ti2WoID) AS wo FROM word_occurrences
    WHERE Ti2TxID = @tx AND Ti2WordCount = 1 AND Ti2WoID IS NOT NULL GROUP BY Ti2TfID
    UNION ALL
    SELECT Ti2WordCount, Ti2Order, Ti2WoID FROM word_occurrences WHERE Ti2TxID = @tx AND Ti2WordCount > 1
  ) o CROSS JOIN words ON WoID = o.wo
  WHERE ${ownerSql('WoUsID')}`;
/** GET /words: ids and statuses; the reader also reads translations and romanizations (hover, hints). */
const LINKED_TERMS = linkedTermsSql(false);
const LINKED_TERMS_WITH_HINTS = linkedTermsSql(true);

/** Index of the token with Ti2Order `order` (orders increase along the tokens), or -1. */
function tokenAt(tokens: ParsedText['tokens'], order: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const o = tokens[mid].order;
    if (o === order) return mid;
    if (o < order) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

interface TextTerms {
  row: TextRow;
  entry: ParsedEntry;
  /** Per form: its term row, if it has one. */
  termOfForm: (LinkedRow | undefined)[];
  /** Multi-word occurrences with the token of their first word, in the order of the stored rows. */
  multi: { at: number; row: LinkedRow }[];
  /** Every term row (with translation and romanization when asked for). */
  linked: LinkedRow[];
}

async function textTerms(ctx: HandlerContext, textId: number, withHints: boolean): Promise<TextTerms> {
  let row = getTextRow(ctx, textId);
  if (row.TxNeedsParse) {
    await ensureParsed(ctx, row);
    row = getTextRow(ctx, textId);
  }
  const lang = parsingLanguage(ctx, row.TxLgID);
  if (!lang) throw notFound('Text not found');
  const entry = await parsedTextOf(ctx, row, lang);
  const { tokens, columns } = entry;
  // The text is the caller's (getTextRow): its rows are reached through it.
  const linked = stmt(ctx.sqlite, withHints ? LINKED_TERMS_WITH_HINTS : LINKED_TERMS).raw().all({ tx: textId, owner: ownerOf(ctx.user) }) as LinkedRow[];
  const termOfForm: (LinkedRow | undefined)[] = new Array(columns.formLC.length);
  const multi: { at: number; row: LinkedRow }[] = [];
  for (const r of linked) {
    const at = tokenAt(tokens, r[1]);
    if (at === -1 || columns.formOfToken[at] === -1) continue;
    if (r[0] === 1) termOfForm[columns.formOfToken[at]] = r;
    else multi.push({ at, row: r });
  }
  return { row, entry, termOfForm, multi, linked };
}

export async function readingItems(ctx: HandlerContext, textId: number): Promise<{ row: TextRow; items: ReadingItem[] }> {
  const { row, entry, termOfForm, multi } = await textTerms(ctx, textId, false);
  const { tokens, columns, formHex } = entry;
  const fixed = fixedItems(entry);
  const multiAt = new Map<number, LinkedRow[]>();
  for (const { at, row: r } of multi) {
    const list = multiAt.get(at);
    if (list) list.push(r);
    else multiAt.set(at, [r]);
  }
  const items: ReadingItem[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const shared = fixed[i];
    if (shared) {
      items.push(shared);
      continue;
    }
    const t = tokens[i];
    const form = columns.formOfToken[i];
    const term = termOfForm[form];
    const item: ReadingItem = {
      Ti2Order: t.order,
      Ti2WordCount: 1,
      Ti2WoID: term ? term[2] : null,
      text: t.text,
      hex: formHex[form],
      status: term ? term[3] : 0,
      kind: 'word',
      sentence: t.sentence,
    };
    if (t.reading) item.reading = t.reading;
    items.push(item);
    const starting = multiAt.get(i);
    if (starting === undefined) continue;
    for (const [count, , woId, status, termLC] of starting) {
      let text = '';
      let words = 0;
      for (let k = i; k < tokens.length && words < count; k++) {
        text += tokens[k].text;
        if (tokens[k].kind === 'word') words++;
      }
      items.push({ Ti2Order: t.order, Ti2WordCount: count, Ti2WoID: woId, text, hex: hexOf(termLC!), status, kind: 'word', sentence: t.sentence });
    }
  }
  return { row, items };
}

/** The reader payload's term-dependent columns: each form's status and term, the multi-word occurrences, hints. */
function termColumns({ entry, termOfForm, multi, linked }: TextTerms): Pick<ReaderView, 'forms' | 'multiwords' | 'terms'> {
  const formCount = entry.formHex.length;
  const status = new Array<number>(formCount).fill(0);
  const termId = new Array<number>(formCount).fill(0);
  termOfForm.forEach((r, f) => {
    if (!r) return;
    termId[f] = r[2];
    status[f] = r[3];
  });
  const sorted = [...multi].sort((a, b) => a.at - b.at);
  const terms: ReaderView['terms'] = { id: [], translation: [], romanization: [] };
  const seen = new Set<number>();
  for (const r of linked) {
    if ((!r[5] && !r[6]) || seen.has(r[2])) continue;
    seen.add(r[2]);
    terms.id.push(r[2]);
    terms.translation.push(r[5] ?? '');
    terms.romanization.push(r[6] ?? '');
  }
  return {
    terms,
    forms: { hex: entry.formHex, status, termId },
    multiwords: {
      start: sorted.map((m) => m.at),
      wordCount: sorted.map((m) => m.row[0]),
      hex: sorted.map((m) => hexOf(m.row[4]!)),
      status: sorted.map((m) => m.row[3]),
      termId: sorted.map((m) => m.row[2]),
    },
  };
}

export async function readerView(ctx: HandlerContext, textId: number): Promise<ReaderView> {
  const found = await textTerms(ctx, textId, true);
  const { row } = found;
  const owner = ownerOf(ctx.user);
  const language = stmt(
    ctx.sqlite,
    `SELECT LgID, LgName, LgIsoCode, LgRightToLeft, LgTextSize, LgShowRomanization, LgDict1URI, LgDict2URI, LgGoogleTranslateURI, LgParserType
     FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`,
  ).get({ id: row.TxLgID, owner }) as Omit<ReaderView['language'], 'LgRightToLeft' | 'LgShowRomanization'> & { LgRightToLeft: number; LgShowRomanization: number };
  const neighbour = (cmp: '<' | '>', dir: 'DESC' | 'ASC') =>
    (
      stmt(ctx.sqlite, `SELECT TxID FROM texts WHERE TxLgID = @lg AND TxArchived = 0 AND TxID ${cmp} @id AND ${ownerSql('TxUsID')} ORDER BY TxID ${dir} LIMIT 1`).get({
        lg: row.TxLgID,
        id: row.TxID,
        owner,
      }) as { TxID: number } | undefined
    )?.TxID ?? null;
  const { TxText: _text, TxNeedsParse: _np, ...text } = row;
  return {
    text: { ...text, TextTags: [] },
    language: { ...language, LgRightToLeft: language.LgRightToLeft === 1, LgShowRomanization: language.LgShowRomanization === 1 },
    tokens: found.entry.columns.tokens,
    ...termColumns(found),
    neighbours: { previous: neighbour('<', 'DESC'), next: neighbour('>', 'ASC') },
  };
}
