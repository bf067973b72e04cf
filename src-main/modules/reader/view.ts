// Runs in: main. The reading items of a text: the text cut again by its language's parser (whitespace and
// punctuation are not stored), joined with the stored occurrences for term ids and statuses.
import type { ReaderTerm, ReaderView, ReadingItem } from '../../../src-shared/contract/reader';
import { notFound } from '../../../src-shared/contract/errors';
import { lowerForm, sha256Hex } from '../../../src-shared/text/sha256';
import type { HandlerContext } from '../../app/context';
import { ownerOf, ownerSql } from '../../db/scope';
import { parsingLanguage } from '../texts/occurrences';
import { parseWithLanguage, type ParsingLanguage } from '../texts/parse';
import type { ParsedText } from '../../../src-shared/text/tokenize';
import { stmt } from '../texts/statements';
import { ensureParsed, getTextRow } from '../texts/service';
import type { TextRow } from '../texts/repo';

/** data_hex by lowercased form; bounded, as a long session reads many texts. */
const hexCache = new Map<string, string>();
function hexOf(lc: string): string {
  let h = hexCache.get(lc);
  if (h === undefined) {
    if (hexCache.size > 200_000) hexCache.clear();
    h = sha256Hex(lc);
    hexCache.set(lc, h);
  }
  return h;
}

/** Parses of recently opened texts: reopening a chapter (or the next page of a client) skips the parse. */
const parseCache = new WeakMap<object, Map<number, { key: string; parsed: ParsedText }>>();
const PARSE_CACHE_TEXTS = 6;

async function parsedTextOf(ctx: HandlerContext, row: TextRow, lang: ParsingLanguage): Promise<ParsedText> {
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
    return hit.parsed;
  }
  const parsed = await parseWithLanguage(row.TxText, lang);
  byText.set(row.TxID, { key, parsed });
  if (byText.size > PARSE_CACHE_TEXTS) byText.delete(byText.keys().next().value!);
  return parsed;
}

export async function readingItems(ctx: HandlerContext, textId: number): Promise<{ row: TextRow; items: ReadingItem[]; termIds: number[] }> {
  let row = getTextRow(ctx, textId);
  if (row.TxNeedsParse) {
    await ensureParsed(ctx, row);
    row = getTextRow(ctx, textId);
  }
  const lang = parsingLanguage(ctx.sqlite, ctx.user, row.TxLgID);
  if (!lang) throw notFound('Text not found');
  const parsed = await parsedTextOf(ctx, row, lang);
  // The text row is the caller's (getTextRow): its occurrences are reached through it. Raw arrays, no
  // join: 20,000 rows, while the distinct terms are a few thousand.
  const occ = stmt(ctx.sqlite, 'SELECT Ti2Order, Ti2WordCount, Ti2WoID FROM word_occurrences WHERE Ti2TxID = ?').raw().all(textId) as [number, number, number | null][];
  const ids = new Set<number>();
  for (const o of occ) if (o[2] !== null) ids.add(o[2]);
  const termRows = stmt(ctx.sqlite, `SELECT WoID, WoStatus, WoTextLC FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`)
    .raw()
    .all({ ids: JSON.stringify([...ids]), owner: ownerOf(ctx.user) }) as [number, number, string][];
  // A term deleted outside the terms service has no row here: its words show as unknown.
  const termOf = new Map(termRows.map((r) => [r[0], r]));
  const singleTerm = new Map<number, [number, number, string]>();
  const multi = new Map<number, { count: number; term: [number, number, string] }[]>();
  for (const [order, wordCount, woId] of occ) {
    const term = woId === null ? undefined : termOf.get(woId);
    if (!term) continue;
    if (wordCount === 1) singleTerm.set(order, term);
    else multi.set(order, [...(multi.get(order) ?? []), { count: wordCount, term }]);
  }

  const tokens = parsed.tokens;
  const items: ReadingItem[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word') {
      items.push({ Ti2Order: t.order, Ti2WordCount: 0, Ti2WoID: null, text: t.text, hex: '', status: 0, kind: t.kind, sentence: t.sentence });
      continue;
    }
    const term = singleTerm.get(t.order);
    const item: ReadingItem = {
      Ti2Order: t.order,
      Ti2WordCount: 1,
      Ti2WoID: term ? term[0] : null,
      text: t.text,
      hex: hexOf(lowerForm(t.text)),
      status: term ? term[1] : 0,
      kind: 'word',
      sentence: t.sentence,
    };
    if (t.reading) item.reading = t.reading;
    items.push(item);
    for (const m of multi.get(t.order) ?? []) {
      let text = '';
      let words = 0;
      for (let k = i; k < tokens.length && words < m.count; k++) {
        text += tokens[k].text;
        if (tokens[k].kind === 'word') words++;
      }
      items.push({ Ti2Order: t.order, Ti2WordCount: m.count, Ti2WoID: m.term[0], text, hex: hexOf(m.term[2]), status: m.term[1], kind: 'word', sentence: t.sentence });
    }
  }
  return { row, items, termIds: [...termOf.keys()] };
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
