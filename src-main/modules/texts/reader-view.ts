// Runs in: main. The reading items of a text: the text cut again by its language's parser (whitespace and
// punctuation are not stored), joined with the stored occurrences for term ids and statuses: one item per
// token for GET /words, columns for the reader's own payload.
import type { CompactReadingItems, ReaderView, ReadingItem } from '../../../src-shared/contract/reader';
import { jsonText } from '../../../src-shared/contract/endpoint';
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
  /** Each token's text as JSON, built on the first full GET /words of a parse. */
  textJson?: string[];
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
    if (t.kind !== 'word')
      fixed[i] = Object.freeze({ Ti2Order: t.order, Ti2WordCount: 0, Ti2WoID: null, text: t.text, hex: '', status: 0, kind: t.kind, sentence: t.sentence });
  });
  return (entry.fixed = fixed);
}

type LinkedRow = [
  wordCount: number,
  order: number,
  termId: number,
  status: number,
  termLC: string | null,
  translation?: string | null,
  romanization?: string | null,
];

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
  const linked = stmt(ctx.sqlite, withHints ? LINKED_TERMS_WITH_HINTS : LINKED_TERMS)
    .raw()
    .all({ tx: textId, owner: ownerOf(ctx.user) }) as LinkedRow[];
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

/** Multi-word occurrences by the token they start at. */
function multiByToken(multi: TextTerms['multi']): Map<number, LinkedRow[]> {
  const multiAt = new Map<number, LinkedRow[]>();
  for (const { at, row: r } of multi) {
    const list = multiAt.get(at);
    if (list) list.push(r);
    else multiAt.set(at, [r]);
  }
  return multiAt;
}

/** Every reading item in order: tokens, each multi-word occurrence right after the token it starts at. */
function eachItem({ entry, termOfForm, multi }: TextTerms, emit: (item: ReadingItem, token: number) => void): void {
  const { tokens, columns, formHex } = entry;
  const fixed = fixedItems(entry);
  const multiAt = multiByToken(multi);
  for (let i = 0; i < tokens.length; i++) {
    const shared = fixed[i];
    if (shared) {
      emit(shared, i);
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
    emit(item, i);
    const starting = multiAt.get(i);
    if (starting === undefined) continue;
    for (const [count, , woId, status, termLC] of starting) {
      let text = '';
      let words = 0;
      for (let k = i; k < tokens.length && words < count; k++) {
        text += tokens[k].text;
        if (tokens[k].kind === 'word') words++;
      }
      emit({ Ti2Order: t.order, Ti2WordCount: count, Ti2WoID: woId, text, hex: hexOf(termLC!), status, kind: 'word', sentence: t.sentence }, i);
    }
  }
}

/**
 * GET /words as JSON text, written item by item from pieces that never change between two requests (each
 * token's text as JSON, each form's data_hex): JSON.stringify over 20,000 fresh objects costs several times more.
 * The field order is the one JSON.stringify gives a ReadingItem, so both forms read the same.
 */
function fullJson(found: TextTerms): string {
  const { row, entry } = found;
  const textJson = (entry.textJson ??= entry.tokens.map((t) => JSON.stringify(t.text)));
  const parts: string[] = [`{"TxID":${row.TxID},"TxLgID":${row.TxLgID},"items":[`];
  let first = true;
  eachItem(found, (item, token) => {
    const text = item.Ti2WordCount > 1 ? JSON.stringify(item.text) : textJson[token];
    const reading = item.reading === undefined ? '' : `,"reading":${JSON.stringify(item.reading)}`;
    parts.push(
      `${first ? '' : ','}{"Ti2Order":${item.Ti2Order},"Ti2WordCount":${item.Ti2WordCount},"Ti2WoID":${item.Ti2WoID},"text":${text},"hex":"${item.hex}","status":${item.status},"kind":"${item.kind}","sentence":${item.sentence}${reading}}`,
    );
    first = false;
  });
  parts.push(']}');
  return parts.join('');
}

/** The compact view: each distinct token text once, items as parallel arrays (docs/api.md). */
function compactJson(found: TextTerms): string {
  const formIndex = new Map<string, number>();
  const forms: CompactReadingItems['forms'] = [];
  const items: CompactReadingItems['items'] = { order: [], wordCount: [], termId: [], status: [], form: [], sentence: [] };
  let readings: Record<number, string> | undefined;
  eachItem(found, (item) => {
    const key = `${item.kind}\u0000${item.text}`;
    let f = formIndex.get(key);
    if (f === undefined) {
      formIndex.set(key, (f = forms.length));
      forms.push([item.text, item.hex, item.kind]);
    }
    if (item.reading !== undefined) (readings ??= {})[items.order.length] = item.reading;
    items.order.push(item.Ti2Order);
    items.wordCount.push(item.Ti2WordCount);
    items.termId.push(item.Ti2WoID ?? 0);
    items.status.push(item.status);
    items.form.push(f);
    items.sentence.push(item.sentence);
  });
  const view: CompactReadingItems = { TxID: found.row.TxID, TxLgID: found.row.TxLgID, forms, items };
  if (readings) view.readings = readings;
  return JSON.stringify(view);
}

/**
 * Serialised reading payloads of recently read texts. A payload depends on the text (TxModified), its
 * language's parsing settings and the caller's terms: every term change (terms.changed, review answers)
 * bumps `termsVersion`, which is part of the key, so a cached payload is never older than the terms.
 */
let termsVersion = 0;
/** Listener of terms.changed and review.answered (texts/index.ts). */
export const readingTermsChanged = (): void => void termsVersion++;

const payloadCache = new WeakMap<object, Map<string, string>>();
const PAYLOAD_CACHE_ENTRIES = 8;

async function cachedPayload(ctx: HandlerContext, textId: number, view: string, build: (found: TextTerms) => string): Promise<string> {
  let byKey = payloadCache.get(ctx.sqlite);
  if (!byKey) payloadCache.set(ctx.sqlite, (byKey = new Map()));
  // The row read is the ownership check too: a foreign text is not found before any cache is consulted.
  const row = getTextRow(ctx, textId);
  const lang = row.TxNeedsParse ? null : parsingLanguage(ctx, row.TxLgID);
  const key = lang && JSON.stringify([view, ctx.user.id, row.TxID, row.TxModified, row.TxText.length, lang, termsVersion]);
  const hit = key ? byKey.get(key) : undefined;
  if (hit !== undefined) {
    byKey.delete(key!);
    byKey.set(key!, hit);
    return hit;
  }
  const version = termsVersion;
  const json = build(await textTerms(ctx, textId, view === 'reader'));
  // Store only when no term changed while this was built (textTerms may await the analyzer).
  if (key && version === termsVersion) {
    byKey.set(key, json);
    if (byKey.size > PAYLOAD_CACHE_ENTRIES) byKey.delete(byKey.keys().next().value!);
  }
  return json;
}

/** GET /api/v1/texts/{id}/words in either view, as JSON text. */
export async function readingItemsPayload<T>(ctx: HandlerContext, textId: number, view: 'full' | 'compact'): Promise<T> {
  return jsonText<T>(await cachedPayload(ctx, textId, view, view === 'compact' ? compactJson : fullJson));
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
  // The parse- and term-dependent columns are the bulk and come from the cache; the text's row (audio and
  // reading position), its language's settings and its neighbours are read fresh on every open.
  const columns = await cachedPayload(ctx, textId, 'reader', (found) =>
    JSON.stringify({ tokens: found.entry.columns.tokens, ...termColumns(found) } satisfies Pick<ReaderView, 'tokens' | 'forms' | 'multiwords' | 'terms'>),
  );
  const head = JSON.stringify(readerHead(ctx, getTextRow(ctx, textId)));
  return jsonText<ReaderView>(`${head.slice(0, -1)},${columns.slice(1)}`);
}

/** The reader payload's small, always-fresh part. */
function readerHead(ctx: HandlerContext, row: TextRow): Pick<ReaderView, 'text' | 'language' | 'neighbours'> {
  const owner = ownerOf(ctx.user);
  const language = stmt(
    ctx.sqlite,
    `SELECT LgID, LgName, LgIsoCode, LgRightToLeft, LgTextSize, LgShowRomanization, LgDict1URI, LgDict2URI, LgGoogleTranslateURI, LgParserType
     FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`,
  ).get({ id: row.TxLgID, owner }) as Omit<ReaderView['language'], 'LgRightToLeft' | 'LgShowRomanization'> & {
    LgRightToLeft: number;
    LgShowRomanization: number;
  };
  const neighbour = (cmp: '<' | '>', dir: 'DESC' | 'ASC') =>
    (
      stmt(
        ctx.sqlite,
        `SELECT TxID FROM texts WHERE TxLgID = @lg AND TxArchived = 0 AND TxID ${cmp} @id AND ${ownerSql('TxUsID')} ORDER BY TxID ${dir} LIMIT 1`,
      ).get({
        lg: row.TxLgID,
        id: row.TxID,
        owner,
      }) as { TxID: number } | undefined
    )?.TxID ?? null;
  const { TxText: _text, TxNeedsParse: _np, ...text } = row;
  return {
    text: { ...text, TextTags: [] },
    language: { ...language, LgRightToLeft: language.LgRightToLeft === 1, LgShowRomanization: language.LgShowRomanization === 1 },
    neighbours: { previous: neighbour('<', 'DESC'), next: neighbour('>', 'ASC') },
  };
}
