// Runs in: main. The reading items of a text: the text cut again by its language's parser (whitespace and
// punctuation are not stored), joined with the stored occurrences for term ids and statuses. Here: the cached
// parse both views start from, and the reader's own payload (columns); GET /words is words-payload.ts.
import type { ReaderView } from '../../../src-shared/contract/reader';
import { jsonText } from '../../../src-shared/contract/endpoint';
import { notFound } from '../../../src-shared/contract/errors';
import { hash } from 'node:crypto';
import { tokenColumns, type TokenColumns } from '../../../src-shared/text/reader-text';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import { parsingLanguage } from '../languages';
import { chineseReadings, parseColumnsWithLanguage, type ParsingLanguage } from '../analysis';
import { isCantonese, usesChineseSegmenter } from '../../../src-shared/text/zh/languages';
import type { TokenKind } from '../../../src-shared/text/tokenize';
import { linkedTerms, neighbourText, readerLanguage, selectTextReadings, type LinkedRow } from './repo';
import { termsVersion } from './changes';
import { familyColumn } from './families';
import { ensureParsed, getTextRow, type TextRow } from '../texts';
import { picturesOfText } from '../books';
import { msg } from '../../../src-shared/contract/messages';

/**
 * data_hex by lowercased form (node:crypto; src-shared/text/sha256 is the same function, tested to agree). The
 * one-shot hash is ~5x a Hash object's cost; the bounded cache spares the forms of texts opened again. It is a
 * memo of a pure function (a form's hash holds nothing of the database), so unlike the caches below it is not
 * a slot of the services: a restore cannot make it wrong.
 */
const hexCache = new Map<string, string>();
export function hexOf(lc: string): string {
  let h = hexCache.get(lc);
  if (h === undefined) {
    if (hexCache.size > 50_000) hexCache.clear();
    h = hash('sha256', lc, 'hex');
    hexCache.set(lc, h);
  }
  return h;
}

/**
 * A parse of a recently opened text, with what never changes between two opens precomputed: the reader
 * payload's token columns (each word's form, forms numbered by frequency), each form's data_hex, and for
 * the full GET /words view the fixed JSON around each token's term id and status.
 */
export interface ParsedEntry {
  key: string;
  /**
   * Per token: its Ti2Order and sentence. Its text, kind and reading are in `columns.tokens` (tokenText etc.):
   * a 20,000-word chapter kept as 46,000 token objects would hold megabytes more for every cached text.
   */
  order: Int32Array;
  sentence: Int32Array;
  columns: TokenColumns;
  formHex: string[];
  full?: { pre: string[]; mid: string[]; post: string[] };
}

/**
 * Parses of recently opened texts by TxID: reopening a chapter (or the next page of a client) skips the parse.
 * Like every cache of the reader, a slot of the core's services: a database replacement clears it.
 */
const parsedTextsSlot = cacheSlot<Map<number, ParsedEntry>>('reader.parsedTexts');
const PARSE_CACHE_TEXTS = 6;

export async function parsedTextOf(ctx: HandlerContext, row: TextRow, lang: ParsingLanguage): Promise<ParsedEntry> {
  const byText = parsedTextsSlot.get(ctx.services) ?? parsedTextsSlot.set(ctx.services, new Map());
  const key = JSON.stringify([row.TxModified, row.TxText.length, lang]);
  const hit = byText.get(row.TxID);
  if (hit && hit.key === key) {
    byText.delete(row.TxID);
    byText.set(row.TxID, hit);
    return hit;
  }
  const parsed = await parseColumnsWithLanguage(row.TxText, lang);
  const columns = tokenColumns(parsed);
  // Chinese words' readings (pinyin, jyutping), shown above them like furigana: once per parse, a word once.
  if (usesChineseSegmenter(lang)) columns.tokens.readings = chineseReadings(columns.tokens.text, columns.tokens.kinds, isCantonese(lang));
  const order = parsed.order.slice(0, parsed.count);
  const sentence = parsed.sentence.slice(0, parsed.count);
  const entry: ParsedEntry = { key, order, sentence, columns, formHex: columns.formLC.map(hexOf) };
  byText.set(row.TxID, entry);
  if (byText.size > PARSE_CACHE_TEXTS) byText.delete(byText.keys().next().value!);
  return entry;
}

const KIND_OF_LETTER: Record<string, TokenKind> = { w: 'word', s: 'space', p: 'punct', n: 'number', b: 'break' };
export const tokenText = (e: ParsedEntry, i: number): string => e.columns.tokens.text[i];
export const tokenKind = (e: ParsedEntry, i: number): TokenKind => KIND_OF_LETTER[e.columns.tokens.kinds[i]];
/** The token's kana reading (Japanese), or undefined. */
export const tokenReading = (e: ParsedEntry, i: number): string | undefined => e.columns.tokens.readings?.[i] || undefined;

/** Index of the token with Ti2Order `order` (orders increase along the tokens), or -1. */
export function tokenAt(orders: Int32Array, order: number): number {
  let lo = 0;
  let hi = orders.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const o = orders[mid];
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
  if (!lang) throw notFound(msg('text.notFound'));
  const entry = await parsedTextOf(ctx, row, lang);
  const { columns } = entry;
  // The text is the caller's (getTextRow): its rows are reached through it.
  const linked = linkedTerms(ctx.sqlite, ctx.user, textId, withHints);
  const termOfForm: (LinkedRow | undefined)[] = new Array(columns.formLC.length);
  const multi: { at: number; row: LinkedRow }[] = [];
  for (const r of linked) {
    const at = tokenAt(entry.order, r[1]);
    if (at === -1 || columns.formOfToken[at] === -1) continue;
    if (r[0] === 1) termOfForm[columns.formOfToken[at]] = r;
    else multi.push({ at, row: r });
  }
  return { row, entry, termOfForm, multi, linked };
}

/**
 * Serialised reader payloads of recently read texts. A payload depends on the text (TxModified), its
 * language's parsing settings and the caller's terms: every term change (terms.changed, review answers)
 * moves termsVersion(), which is part of the key, so a cached payload is never older than the terms.
 */
const viewPayloadsSlot = cacheSlot<Map<string, string>>('reader.viewPayloads');
const PAYLOAD_CACHE_ENTRIES = 8;

async function cachedPayload(ctx: HandlerContext, textId: number, build: (found: TextTerms) => string): Promise<string> {
  const byKey = viewPayloadsSlot.get(ctx.services) ?? viewPayloadsSlot.set(ctx.services, new Map());
  // The row read is the ownership check too: a foreign text is not found before any cache is consulted.
  const row = getTextRow(ctx, textId);
  const lang = row.TxNeedsParse ? null : parsingLanguage(ctx, row.TxLgID);
  const key = lang && JSON.stringify([ctx.user.id, row.TxID, row.TxModified, row.TxText.length, lang, termsVersion(ctx.services)]);
  const hit = key ? byKey.get(key) : undefined;
  if (hit !== undefined) {
    byKey.delete(key!);
    byKey.set(key!, hit);
    return hit;
  }
  const version = termsVersion(ctx.services);
  const json = build(await textTerms(ctx, textId, true));
  // Store only when no term changed while this was built (textTerms may await the analyzer).
  if (key && version === termsVersion(ctx.services)) {
    byKey.set(key, json);
    if (byKey.size > PAYLOAD_CACHE_ENTRIES) byKey.delete(byKey.keys().next().value!);
  }
  return json;
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
  const columns = await cachedPayload(ctx, textId, (found) =>
    JSON.stringify({
      tokens: found.entry.columns.tokens,
      ...termColumns(found),
      // Issue 17 (media): forms without a term whose lemma is a term, with its status ("family known").
      families: familyColumn(ctx, found.row.TxLgID, found.entry.columns.formLC, (f) => found.termOfForm[f] !== undefined),
    } satisfies Pick<ReaderView, 'tokens' | 'forms' | 'multiwords' | 'terms' | 'families'>),
  );
  const head = JSON.stringify(readerHead(ctx, getTextRow(ctx, textId)));
  return jsonText<ReaderView>(`${head.slice(0, -1)},${columns.slice(1)}`);
}

/** The reader payload's small, always-fresh part. */
function readerHead(ctx: HandlerContext, row: TextRow): Pick<ReaderView, 'text' | 'language' | 'neighbours' | 'rubyReadings' | 'pictures'> {
  const language = readerLanguage(ctx.sqlite, ctx.user, row.TxLgID)!;
  const { TxText: _text, TxNeedsParse: _np, ...text } = row;
  const rubyReadings = selectTextReadings(ctx.sqlite, row.TxID);
  // A book chapter's pictures sit between paragraphs, outside the tokens: words and positions are the text's alone.
  const pictures = picturesOfText(ctx, row.TxID);
  return {
    text: { ...text, TextTags: [] },
    ...(rubyReadings ? { rubyReadings } : {}),
    ...(pictures.length ? { pictures } : {}),
    language: {
      ...language,
      LgRightToLeft: language.LgRightToLeft === 1,
      LgShowRomanization: language.LgShowRomanization === 1,
      LgSplitEachChar: language.LgSplitEachChar === 1,
    },
    neighbours: {
      previous: neighbourText(ctx.sqlite, ctx.user, row.TxLgID, row.TxID, '<'),
      next: neighbourText(ctx.sqlite, ctx.user, row.TxLgID, row.TxID, '>'),
    },
  };
}
