// Runs in: main. Texts stored unparsed (TxNeedsParse: a book's chapters, texts moved in from LWT or Lute, texts
// whose language's rules changed) get their parse here: when opened (ensureParsed), or right after their import or
// the change (parseStoredTexts; parseInBackground enqueues a job the core's runner runs after the change's commit),
// a slice of the event loop at a time so requests are answered meanwhile (issue 34).
import type { ParsedColumns } from '../../../src-shared/text/token-columns';
import type { HandlerContext } from '../../core/context';
import { enqueueJob, type JobContext, type JobHandler } from '../../core/jobs';
import { slicer, SLICE_MS } from '../../core/slices';
import { transact, transactWithoutParentChecks } from '../../db/sql';
import { parseNow, prepareAnalyzer, type ParsingLanguage } from '../analysis';
import { parsingLanguage } from '../languages';
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
  await slicer().yield(true);
  transact(ctx, () => storeIfUnchanged(ctx, { row, lang, parsed }));
}

interface Tokenized {
  row: repo.TextRow;
  lang: ParsingLanguage;
  parsed: ParsedColumns;
}

/**
 * The same parsing rules: a parse made with `a` is the parse `b` would make. Both objects' keys count: a language
 * without word corrections has no `wordCorrections` key, and a parse made before the last one was removed is stale.
 */
export function sameRules(a: ParsingLanguage, b: ParsingLanguage): boolean {
  return (Object.keys({ ...a, ...b }) as (keyof ParsingLanguage)[]).every((k) => a[k] === b[k]);
}

/**
 * Stores a text's parse, inside the caller's transaction, unless since it was read the text was parsed, edited or
 * deleted, or its language's rules changed (the parse is then another's to make: the change asked for it again).
 */
function storeIfUnchanged(ctx: HandlerContext, { row, lang, parsed }: Tokenized): void {
  const current = repo.selectText(ctx.sqlite, ctx.user, row.TxID);
  // Meanwhile parsed by another caller (the reader opened it), edited (the edit stored its own parse) or deleted.
  if (!current?.TxNeedsParse || current.TxText !== row.TxText || current.TxLgID !== row.TxLgID) return;
  const rules = parsingLanguage(ctx, row.TxLgID);
  if (!rules || !sameRules(rules, lang)) return;
  const nth = current.TxPosition > 0 ? wordsUpTo(ctx.sqlite, row.TxID, current.TxPosition) : 0;
  storeParsedText(ctx, row.TxID, lang, parsed);
  const position = nth > 0 ? orderOfWord(ctx.sqlite, row.TxID, nth) : undefined;
  repo.updateTextColumns(ctx.sqlite, ctx.user, row.TxID, position === undefined ? { TxNeedsParse: false } : { TxNeedsParse: false, TxPosition: position });
}

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
  // Closed or swapped meanwhile (a restore, a shutdown): what is left stays marked and is parsed when opened.
  const job = (ctx as Partial<JobContext>).job;
  const slices = slicer(SLICE_MS, () => ctx.sqlite.open && (job?.current() ?? true));
  let next = 0;
  while (next < ids.length) {
    if (!(await slices.yield(true))) return;
    const started = performance.now();
    const batch: Tokenized[] = [];
    let tokens = 0;
    while (next < ids.length && performance.now() - started < SLICE_MS / 2 && tokens * storeMicrosPerToken < SLICE_MS * 1000) {
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
    if (performance.now() - started >= SLICE_MS / 2 && !(await slices.yield(true))) return;
    const storing = performance.now();
    transactWithoutParentChecks(ctx, () => {
      for (const text of batch) {
        try {
          // Each text in its own savepoint: one that fails leaves nothing half-stored, and the others are kept.
          transact(ctx, () => storeIfUnchanged(ctx, text));
        } catch (err) {
          onFailure(text.row.TxID, err);
        }
      }
    });
    storeMicrosPerToken = ((performance.now() - storing) * 1000) / Math.max(1, tokens);
  }
}

/**
 * Parses these texts after the current transaction has committed: a job (core/jobs.ts) written in it, so a rolled
 * back change parses nothing, and texts flagged before a crash are parsed at the next start. Jobs waiting join.
 */
export function parseInBackground(ctx: HandlerContext, ids: readonly number[]): void {
  if (ids.length === 0) return;
  enqueueJob(ctx, 'texts.parse', { ids: [...ids] });
}

/** The job: parseStoredTexts; a text that fails is parsed when it is opened. */
export const parseTextsJob: JobHandler<'texts.parse'> = {
  run: (ctx, { ids }) => parseStoredTexts(ctx, ids, (id, err) => ctx.log.warn(`Text ${id} is parsed when it is opened`, err)),
  merge: (waiting, next) => ({ ids: [...new Set([...waiting.ids, ...next.ids])] }),
};

/** Resolves when no background parse is running or due (tests and benches wait on it). */
export async function backgroundParsesIdle(ctx: Pick<HandlerContext, 'services'>): Promise<void> {
  await ctx.services.jobs?.idle('texts.parse');
}
