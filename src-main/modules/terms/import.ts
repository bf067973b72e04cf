// Runs in: main. Term import from a pasted or uploaded CSV/TSV/JSON (or an e-reader's word list, or Kindle's
// highlights, whose passages become texts: import-clippings.ts). Reading, decoding, splitting, mapping and
// validating run in a worker (import-parse.ts; inputs under 64 KB right here): nothing is written unless every row
// is valid. The valid rows come back in slices of IMPORT_SLICE_ROWS (250) and are stored here (store-rows.ts) in
// slices of as many (importTermsInSlices), each prepared in one turn and written in one short transaction the next, so
// requests (and in the desktop app, every IPC call) keep answering during a 100k-row import. The slices share one
// import batch. A slice that fails (a disk error; the rows are already valid) deletes the terms the earlier
// slices created; rows updated by 'overwrite' keep their new values.
import { yieldToEventLoop } from '../../core/slices';
import { UploadedTempFile } from '../../../src-shared/contract/endpoint';
import type { TermFields, TermImportPreview, TermImportResult } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { runInWorker } from '../../core/worker';
import { getLanguage } from '../languages';
import { IMPORT_SLICE_ROWS, type ParsedTermImport, type TermImportJob } from './import-parse';
import { parseTextImport, type ClippingsText, type ParsedClippings } from './import-clippings';
import { createText, deleteText } from '../texts';
import { firstDefinitions } from '../dictionaries';
import { transact } from '../../db/sql';
import { sourceHead, type TermImportTaskJob } from './import-parse-task';
import { isSqlite } from './import-ereader';
import * as repo from './repo';
import { deleteTerms } from './service';
import { prepareTerms, storePreparedTerms, type ImportOptions } from './store-rows';

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_SLICE_ROWS } from './import-parse';

/** Parsing and validating 500k rows takes seconds on a busy machine; a file that needs more is refused. */
const PARSE_LIMITS = { maxHeapMb: 1024, timeoutMs: 120_000 } as const;

export interface ImportSource {
  language_id: number;
  file?: UploadedTempFile | { filename: string; data: Uint8Array };
  text?: string;
  delimiter?: TermImportJob['delimiter'];
  has_header?: boolean;
  columns?: TermImportJob['columns'];
  duplicates?: 'skip' | 'overwrite';
  clippings_books?: number[];
}

function jobOf(ctx: HandlerContext, src: ImportSource, mode: TermImportJob['mode']): TermImportTaskJob {
  const { file, text, language_id, delimiter, has_header, columns, duplicates, clippings_books } = src;
  // An e-reader's word list keeps the words of this language only (import-ereader.ts).
  const language_code = getLanguage(ctx, language_id).LgIsoCode ?? '';
  const source: TermImportJob['source'] = !file
    ? { text: text ?? '' }
    : file instanceof UploadedTempFile
      ? { path: file.path, filename: file.filename, size: file.size }
      : { data: file.data, filename: file.filename };
  return { mode, language_id, language_code, source, delimiter, has_header, columns, duplicates, clippings_books };
}

/** Below this a file or pasted text is parsed here: a few milliseconds, less than starting a worker (the preview runs as the user edits). */
const INLINE_BYTES = 64 * 1024;

function parse<T>(job: TermImportTaskJob): Promise<T> {
  const size = 'text' in job.source ? job.source.text.length * 3 : 'path' in job.source ? job.source.size : job.source.data.byteLength;
  // An SQLite file (an e-reader's word list) is always read in the worker: sql.js is never loaded in main.
  const sqlite = !('text' in job.source) && isSqlite(sourceHead(job.source) ?? new Uint8Array());
  if (size <= INLINE_BYTES && !sqlite) return Promise.resolve().then(() => parseTextImport(job) as T);
  return runInWorker<T>('terms.parseImport', job, PARSE_LIMITS);
}

/** What the import page shows before importing: delimiter, header, guessed roles and the first rows. */
export async function previewImport(ctx: HandlerContext, src: ImportSource): Promise<TermImportPreview> {
  getLanguage(ctx, src.language_id);
  const preview = await parse<TermImportPreview & { ereader?: { terms?: string[] } }>(jobOf(ctx, src, 'preview'));
  if (!preview.ereader?.terms) return preview;
  // How many of the e-reader's words are terms already (they keep their status): the worker sends their texts.
  const { terms, ...ereader } = preview.ereader as NonNullable<TermImportPreview['ereader']> & { terms: string[] };
  let existing = 0;
  for (let i = 0; i < terms.length; i += 500) existing += repo.selectTermsByTextLC(ctx.sqlite, ctx.user, src.language_id, terms.slice(i, i + 500)).length;
  return { ...preview, ereader: { ...ereader, existing, new: ereader.words - existing } };
}

export async function importFromSource(ctx: HandlerContext, src: ImportSource): Promise<TermImportResult> {
  getLanguage(ctx, src.language_id);
  const parsed = await parse<ParsedTermImport & Pick<ParsedClippings, 'clippingTexts'>>(jobOf(ctx, src, 'import'));
  const duplicates = src.duplicates ?? 'skip';
  const rowsOf = (i: number) => JSON.parse(parsed.slices[i]) as TermFields[];
  const withTranslations = (i: number) => translated(ctx, src.language_id, rowsOf(i));
  const stored = await importTermsInSlices(ctx, src.language_id, parsed.slices.length, parsed.fromReader ? withTranslations : rowsOf, { duplicates });
  const { created, updated, batch } = stored;
  const skipped = parsed.repeated + stored.skipped;
  const texts = parsed.clippingTexts ? await storeClippingTexts(ctx, src.language_id, parsed.clippingTexts, created) : undefined;
  ctx.services.database?.afterLargeImport();
  return { success: true, created: created.length, updated, skipped, total: parsed.total, batch, ...(texts ? { texts } : {}) };
}

/**
 * Words from an e-reader: each without a translation gets the first definition the learner's local dictionaries of
 * the language hold for it (else for its lemma, Kindle's stem), as the book page's words to learn do.
 */
function translated(ctx: HandlerContext, languageId: number, rows: TermFields[]): TermFields[] {
  const keys = rows.flatMap((r) => (r.WoTranslation ? [] : [r.WoText, ...(r.WoLemma ? [r.WoLemma] : [])]));
  if (keys.length === 0) return rows;
  const found = firstDefinitions(ctx, languageId, keys);
  return rows.map((r) => {
    if (r.WoTranslation) return r;
    const definition = found.get(r.WoText.toLowerCase()) ?? (r.WoLemma ? found.get(r.WoLemma.toLowerCase()) : undefined);
    return definition ? { ...r, WoTranslation: definition } : r;
  });
}

/**
 * Kindle highlights: one text per book, tagged "kindle-highlights". When one fails, the texts made before it and
 * the terms this import created are removed again (nothing half-stored).
 */
async function storeClippingTexts(ctx: HandlerContext, languageId: number, books: ClippingsText[], createdTerms: number[]) {
  const made: { id: number; title: string }[] = [];
  try {
    for (const b of books) {
      const text = await createText(ctx, { TxLgID: languageId, TxTitle: b.title, TxText: b.text, TextTags: { TagList: 'kindle-highlights' } });
      made.push({ id: text.TxID, title: text.TxTitle });
    }
  } catch (err) {
    for (const t of made) transact(ctx, () => deleteText(ctx, t.id));
    await discardCreatedTerms(ctx, createdTerms);
    throw err;
  }
  return made;
}

type ImportRows = Parameters<typeof prepareTerms>[2];

/** What importTermsInSlices stored: the ids of the terms it created, counts, and the one import batch. */
export interface SlicedImport {
  created: number[];
  updated: number;
  skipped: number;
  batch: number;
}

/**
 * Stores the rows of `slices` source slices (`rowsOf(i)`) in slices of IMPORT_SLICE_ROWS, each prepared in a turn
 * and written in one transaction the next (store-rows.ts), with the event loop free in between, under one import batch. (Slices sized by time — fewer rows
 * on a busy machine — were tried and measured worse: a 100k-row import took twice as long and its p99 rose, most
 * likely from what every slice costs whatever its size: the terms.changed listeners, the lemma job it schedules.)
 * A slice that fails deletes the terms the earlier slices created (rows updated by 'overwrite' or 'fill' keep their
 * new values) and the error is thrown. A text repeated in two slices meets its own first row in the second: callers pass each text once.
 */
export async function importTermsInSlices(
  ctx: HandlerContext,
  languageId: number,
  slices: number,
  rowsOf: (i: number) => ImportRows,
  opts: ImportOptions,
): Promise<SlicedImport> {
  const created: number[] = [];
  let updated = 0;
  let skipped = 0;
  let batch = 0;
  let nextSource = 0;
  let pending: ImportRows = [];
  const take = (n: number): ImportRows => {
    while (pending.length < n && nextSource < slices) pending = pending.concat(rowsOf(nextSource++));
    const rows = pending.slice(0, n);
    pending = pending.slice(n);
    return rows;
  };
  try {
    for (let rows = take(IMPORT_SLICE_ROWS), first = true; rows.length > 0; rows = take(IMPORT_SLICE_ROWS), first = false) {
      if (!first) await yieldToEventLoop();
      // Validation, word counts and lemmas in one turn, the transaction in the next: each turn is shorter.
      const prepared = prepareTerms(ctx, languageId, rows, opts);
      await yieldToEventLoop();
      const slice = storePreparedTerms(ctx, prepared, opts);
      // The first slice numbers the import; the others join its batch (GET /api/v1/terms/imported lists it whole).
      if (first) batch = slice.batch;
      else repo.renumberImportBatch(ctx.sqlite, ctx.user, slice.batch, batch);
      created.push(...slice.ids.slice(0, slice.created));
      updated += slice.updated;
      skipped += slice.skipped;
    }
  } catch (err) {
    await discardCreatedTerms(ctx, created);
    throw err;
  }
  return { created, updated, skipped, batch };
}

/** Deletes terms an import created (its undo), a slice per transaction with the event loop free in between. */
export async function discardCreatedTerms(ctx: HandlerContext, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IMPORT_SLICE_ROWS) {
    deleteTerms(ctx, ids.slice(start, start + IMPORT_SLICE_ROWS));
    await yieldToEventLoop();
  }
}
