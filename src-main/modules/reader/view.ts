// Runs in: main. The reading items of a text: the text cut again by its language's parser (whitespace and
// punctuation are not stored), joined with the stored occurrences for term ids and statuses.
import type { ReaderTerm, ReaderView, ReadingItem } from '../../../src-shared/contract/reader';
import { notFound } from '../../../src-shared/contract/errors';
import { createHash } from 'node:crypto';
import { lowerForm } from '../../../src-shared/text/sha256';
import type { HandlerContext } from '../../app/context';
import { ownerOf, ownerSql } from '../../db/scope';
import { parsingLanguage } from '../texts/occurrences';
import { parseWithLanguage, type ParsingLanguage } from '../texts/parse';
import type { ParsedText } from '../../../src-shared/text/tokenize';
import { stmt } from '../texts/statements';
import { ensureParsed, getTextRow } from '../texts/service';
import type { TextRow } from '../texts/repo';

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
 * A parse of a recently opened text, with what never changes between two opens precomputed: each word's
 * form (numbered per text) and data_hex, and the (frozen, shared) items of spaces, punctuation and line breaks.
 */
interface ParsedEntry {
  key: string;
  tokens: ParsedText['tokens'];
  /** Per token: the number of its lowercased form in this text, -1 for non-words. */
  formOf: Int32Array;
  formCount: number;
  hexes: string[];
  fixed: (ReadingItem | undefined)[];
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
  const formOf = new Int32Array(tokens.length).fill(-1);
  const formNumbers = new Map<string, number>();
  const hexes: string[] = new Array(tokens.length);
  const fixed: (ReadingItem | undefined)[] = new Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'word') {
      const lc = lowerForm(t.text);
      let n = formNumbers.get(lc);
      if (n === undefined) formNumbers.set(lc, (n = formNumbers.size));
      formOf[i] = n;
      hexes[i] = hexOf(lc);
    } else {
      fixed[i] = Object.freeze({ Ti2Order: t.order, Ti2WordCount: 0, Ti2WoID: null, text: t.text, hex: '', status: 0, kind: t.kind, sentence: t.sentence });
    }
  }
  const entry = { key, tokens, formOf, formCount: formNumbers.size, hexes, fixed };
  byText.set(row.TxID, entry);
  if (byText.size > PARSE_CACHE_TEXTS) byText.delete(byText.keys().next().value!);
  return entry;
}

type LinkedRow = [wordCount: number, order: number, termId: number, status: number, termLC: string | null];

/**
 * The terms in a text, in one pass over its stored rows (the key prefix Ti2TxID) joined to words by primary
 * key: single words one row per form (the Ti2Order of its first occurrence names the form; every occurrence
 * of a form has the form's term, kept in step by terms.changed and the foreign key), multi-word rows one by
 * one (their text gives data_hex).
 */
const LINKED_TERMS = `SELECT o.wc, o.ord, WoID, WoStatus, CASE WHEN o.wc > 1 THEN WoTextLC END FROM (
    SELECT 1 AS wc, min(Ti2Order) AS ord, max(Ti2WoID) AS wo FROM word_occurrences
    WHERE Ti2TxID = @tx AND Ti2WordCount = 1 AND Ti2WoID IS NOT NULL GROUP BY Ti2TfID
    UNION ALL
    SELECT Ti2WordCount, Ti2Order, Ti2WoID FROM word_occurrences WHERE Ti2TxID = @tx AND Ti2WordCount > 1
  ) o CROSS JOIN words ON WoID = o.wo
  WHERE ${ownerSql('WoUsID')}`;

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

export async function readingItems(ctx: HandlerContext, textId: number): Promise<{ row: TextRow; items: ReadingItem[]; termIds: number[] }> {
  let row = getTextRow(ctx, textId);
  if (row.TxNeedsParse) {
    await ensureParsed(ctx, row);
    row = getTextRow(ctx, textId);
  }
  const lang = parsingLanguage(ctx.sqlite, ctx.user, row.TxLgID);
  if (!lang) throw notFound('Text not found');
  const { tokens, formOf, formCount, hexes, fixed } = await parsedTextOf(ctx, row, lang);
  // The text is the caller's (getTextRow): its rows are reached through it.
  const linked = stmt(ctx.sqlite, LINKED_TERMS).raw().all({ tx: textId, owner: ownerOf(ctx.user) }) as LinkedRow[];
  const termOfForm: (LinkedRow | undefined)[] = new Array(formCount);
  const multi = new Map<number, LinkedRow[]>();
  const termIds = new Set<number>();
  for (const r of linked) {
    termIds.add(r[2]);
    if (r[0] === 1) {
      const at = tokenAt(tokens, r[1]);
      if (at !== -1 && formOf[at] !== -1) termOfForm[formOf[at]] = r;
    } else {
      const at = multi.get(r[1]);
      if (at) at.push(r);
      else multi.set(r[1], [r]);
    }
  }

  const items: ReadingItem[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const shared = fixed[i];
    if (shared) {
      items.push(shared);
      continue;
    }
    const t = tokens[i];
    const term = termOfForm[formOf[i]];
    const item: ReadingItem = {
      Ti2Order: t.order,
      Ti2WordCount: 1,
      Ti2WoID: term ? term[2] : null,
      text: t.text,
      hex: hexes[i],
      status: term ? term[3] : 0,
      kind: 'word',
      sentence: t.sentence,
    };
    if (t.reading) item.reading = t.reading;
    items.push(item);
    const starting = multi.get(t.order);
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
  return { row, items, termIds: [...termIds] };
}

export async function readerView(ctx: HandlerContext, textId: number): Promise<ReaderView> {
  const { row, items, termIds } = await readingItems(ctx, textId);
  const owner = ownerOf(ctx.user);
  const language = stmt(
    ctx.sqlite,
    `SELECT LgID, LgName, LgIsoCode, LgRightToLeft, LgTextSize, LgShowRomanization, LgDict1URI, LgDict2URI, LgGoogleTranslateURI, LgParserType
     FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`,
  ).get({ id: row.TxLgID, owner }) as Omit<ReaderView['language'], 'LgRightToLeft' | 'LgShowRomanization'> & { LgRightToLeft: number; LgShowRomanization: number };
  const terms = stmt(
    ctx.sqlite,
    `SELECT WoID, WoText, WoTextLC, WoStatus, WoTranslation, WoRomanization, WoLemma, WoWordCount FROM words
     WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`,
  ).all({ ids: JSON.stringify(termIds), owner }) as ReaderTerm[];
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
    items,
    terms: Object.fromEntries(terms.map((t) => [t.WoID, t])),
    neighbours: { previous: neighbour('<', 'DESC'), next: neighbour('>', 'ASC') },
  };
}
