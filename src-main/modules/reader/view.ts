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

/** Parses of recently opened texts: reopening a chapter (or the next page of a client) skips the parse. */
const parseCache = new WeakMap<object, Map<number, { key: string; parsed: ParsedText; lowered: (string | undefined)[] }>>();
const PARSE_CACHE_TEXTS = 6;

async function parsedTextOf(ctx: HandlerContext, row: TextRow, lang: ParsingLanguage): Promise<{ parsed: ParsedText; lowered: (string | undefined)[] }> {
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
  const parsed = await parseWithLanguage(row.TxText, lang);
  const lowered = parsed.tokens.map((t) => (t.kind === 'word' ? lowerForm(t.text) : undefined));
  const entry = { key, parsed, lowered };
  byText.set(row.TxID, entry);
  if (byText.size > PARSE_CACHE_TEXTS) byText.delete(byText.keys().next().value!);
  return entry;
}

export async function readingItems(ctx: HandlerContext, textId: number): Promise<{ row: TextRow; items: ReadingItem[]; termIds: number[] }> {
  let row = getTextRow(ctx, textId);
  if (row.TxNeedsParse) {
    await ensureParsed(ctx, row);
    row = getTextRow(ctx, textId);
  }
  const lang = parsingLanguage(ctx.sqlite, ctx.user, row.TxLgID);
  if (!lang) throw notFound('Text not found');
  const { parsed, lowered } = await parsedTextOf(ctx, row, lang);
  const tokens = parsed.tokens;
  // Single words: their term by form (Ti2WoID is kept equal to the term of the form), a few thousand rows
  // through the words_language_text index instead of materialising 20,000 occurrence rows.
  const forms = new Set<string>();
  for (const lc of lowered) if (lc !== undefined) forms.add(lc);
  const owner = ownerOf(ctx.user);
  const termByForm = new Map(
    (
      stmt(ctx.sqlite, `SELECT WoTextLC, WoID, WoStatus FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoTextLC IN (SELECT value FROM json_each(@forms))`)
        .raw()
        .all({ lg: row.TxLgID, owner, forms: JSON.stringify([...forms]) }) as [string, number, number][]
    ).map((r) => [r[0], r] as const),
  );
  // Multi-word occurrences: the stored rows of the text (reached through the owned text row).
  const multiRows = stmt(
    ctx.sqlite,
    `SELECT Ti2Order, Ti2WordCount, WoID, WoStatus, WoTextLC FROM word_occurrences JOIN words ON WoID = Ti2WoID
     WHERE Ti2TxID = @tx AND Ti2WordCount > 1 AND ${ownerSql('WoUsID')}`,
  )
    .raw()
    .all({ tx: textId, owner }) as [number, number, number, number, string][];
  const multi = new Map<number, [number, number, number, number, string][]>();
  for (const m of multiRows) multi.set(m[0], [...(multi.get(m[0]) ?? []), m]);
  const termIds = new Set<number>();

  const items: ReadingItem[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word') {
      items.push({ Ti2Order: t.order, Ti2WordCount: 0, Ti2WoID: null, text: t.text, hex: '', status: 0, kind: t.kind, sentence: t.sentence });
      continue;
    }
    const lc = lowered[i]!;
    const term = termByForm.get(lc);
    if (term) termIds.add(term[1]);
    const item: ReadingItem = {
      Ti2Order: t.order,
      Ti2WordCount: 1,
      Ti2WoID: term ? term[1] : null,
      text: t.text,
      hex: hexOf(lc),
      status: term ? term[2] : 0,
      kind: 'word',
      sentence: t.sentence,
    };
    if (t.reading) item.reading = t.reading;
    items.push(item);
    for (const [, count, woId, status, termLC] of multi.get(t.order) ?? []) {
      termIds.add(woId);
      let text = '';
      let words = 0;
      for (let k = i; k < tokens.length && words < count; k++) {
        text += tokens[k].text;
        if (tokens[k].kind === 'word') words++;
      }
      items.push({ Ti2Order: t.order, Ti2WordCount: count, Ti2WoID: woId, text, hex: hexOf(termLC), status, kind: 'word', sentence: t.sentence });
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
