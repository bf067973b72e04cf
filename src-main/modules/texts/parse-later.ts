// Runs in: main. Texts stored unparsed (TxNeedsParse: a book's chapters, texts moved in from LWT or Lute, texts
// whose language's rules changed) get their parse here: when opened (ensureParsed), or right after their import
// (parseStoredTexts), a turn of the event loop at a time so requests are answered meanwhile (issue 34).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ParsedColumns } from '../../../src-shared/text/token-columns';
import type { HandlerContext } from '../../core/context';
import { transact, transactWithoutParentChecks } from '../../db/sql';
import { parseNow, prepareAnalyzer, type ParsingLanguage } from '../analysis';
import * as repo from './repo/texts';
import { orderOfWord, wordsUpTo } from './repo/occurrences';
import { owningLanguage } from './service';
import { storeParsedText } from './store';

/**
 * Parses a text marked TxNeedsParse, tokenizing in one turn of the event loop and storing in the next: a long text
 * holds the server for one of them, not both. The reading position stays on the same word: the n-th word of the
 * old parse is the n-th of the new one (the rules join a period to its word; only an exception such as "EE.UU."
 * joins two words into one, which moves the position by that word).
 */
export async function ensureParsed(ctx: HandlerContext, row: repo.TextRow): Promise<void> {
  if (!row.TxNeedsParse) return;
  const lang = owningLanguage(ctx, row.TxLgID);
  await prepareAnalyzer(lang);
  const parsed = parseNow(row.TxText, lang);
  if (!parsed) return;
  await yieldToEventLoop();
  transact(ctx, () => storeIfUnchanged(ctx, { row, lang, parsed }));
}

interface Tokenized {
  row: repo.TextRow;
  lang: ParsingLanguage;
  parsed: ParsedColumns;
}

/** Stores a text's parse, inside the caller's transaction, unless it was parsed, edited or deleted since it was read. */
function storeIfUnchanged(ctx: HandlerContext, { row, lang, parsed }: Tokenized): void {
  const current = repo.selectText(ctx.sqlite, ctx.user, row.TxID);
  // Meanwhile parsed by another caller (the reader opened it), edited (the edit stored its own parse) or deleted.
  if (!current?.TxNeedsParse || current.TxText !== row.TxText || current.TxLgID !== row.TxLgID) return;
  const nth = current.TxPosition > 0 ? wordsUpTo(ctx.sqlite, row.TxID, current.TxPosition) : 0;
  storeParsedText(ctx, row.TxID, lang, parsed);
  const position = nth > 0 ? orderOfWord(ctx.sqlite, row.TxID, nth) : undefined;
  repo.updateTextColumns(ctx.sqlite, ctx.user, row.TxID, position === undefined ? { TxNeedsParse: false } : { TxNeedsParse: false, TxPosition: position });
}

/** The time a turn of parseStoredTexts aims at: tokenizing and storing, the commit included. */
const PARSE_TURN_MS = 12;
/** Storing cost a token (µs, the commit included) assumed until a first batch is measured: a library of a million terms. */
const FIRST_STORE_MICROS_PER_TOKEN = 8;

/**
 * Parses texts stored unparsed (`ids`, in order), several a transaction: as many as the turn's time allows, one
 * commit for them all. A commit a text wrote the same index pages (occurrences by term) to the write-ahead log
 * again and again: half the time of a 200-chapter book's import on a library of a million terms. How many texts fit
 * is judged by the tokens tokenized and what storing a token cost in the turn before. A text that fails is given
 * to `onFailure` (parsing is derived data: it is parsed when opened) and the others go on; a text that needs an
 * analyzer that cannot load stays unparsed too.
 */
export async function parseStoredTexts(ctx: HandlerContext, ids: readonly number[], onFailure: (textId: number, err: unknown) => void): Promise<void> {
  const languages = new Map<number, Promise<ParsingLanguage>>();
  const languageOf = (id: number) => {
    let lang = languages.get(id);
    if (!lang) {
      const owned = owningLanguage(ctx, id);
      lang = prepareAnalyzer(owned).then(() => owned);
      languages.set(id, lang);
    }
    return lang;
  };
  let storeMicrosPerToken = FIRST_STORE_MICROS_PER_TOKEN;
  let next = 0;
  while (next < ids.length) {
    await yieldToEventLoop();
    const started = performance.now();
    const batch: Tokenized[] = [];
    let tokens = 0;
    while (next < ids.length && performance.now() - started < PARSE_TURN_MS / 2 && tokens * storeMicrosPerToken < PARSE_TURN_MS * 1000) {
      const id = ids[next++];
      try {
        const row = repo.selectText(ctx.sqlite, ctx.user, id);
        if (!row?.TxNeedsParse) continue;
        const lang = await languageOf(row.TxLgID);
        const parsed = parseNow(row.TxText, lang);
        if (!parsed) continue;
        batch.push({ row, lang, parsed });
        tokens += parsed.count;
      } catch (err) {
        onFailure(id, err);
      }
    }
    if (batch.length === 0) continue;
    // A long tokenizing (a long text, a chapter of Japanese) has had its turn: storing takes the next.
    if (performance.now() - started >= PARSE_TURN_MS / 2) await yieldToEventLoop();
    const storing = performance.now();
    transactWithoutParentChecks(ctx, () => {
      for (const text of batch) {
        try {
          // Each text in its own savepoint: one that fails leaves nothing half-stored, and the others are kept.
          ctx.sqlite.transaction(() => storeIfUnchanged(ctx, text))();
        } catch (err) {
          onFailure(text.row.TxID, err);
        }
      }
    });
    storeMicrosPerToken = ((performance.now() - storing) * 1000) / Math.max(1, tokens);
  }
}
