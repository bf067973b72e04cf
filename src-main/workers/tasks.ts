// Runs in: a worker thread (src-main/workers/entry.ts). The parsers of untrusted input that run off the main
// thread, by name. Each task is a plain function: structured-cloneable input in, structured-cloneable result out
// (or a Promise of it). Register one line per task; call it through runInWorker (src-main/core/worker.ts).

export interface WorkerTaskContext {
  /** Reports progress (0..1) and an optional stage label to the caller's onProgress. */
  progress(done: number, stage?: string): void;
}

type Task = (input: any, ctx: WorkerTaskContext) => unknown;

/** Loaded lazily so a worker only pays for the parser it runs. */
export const WORKER_TASKS: Record<string, () => Promise<Task>> = {
  /** EPUB bytes → metadata, cover bytes and chapters (src-shared/epub, used by src-main/modules/books). */
  'books.parseEpub': async () => (await import('../modules/books/parse-task')).parseEpubTask as Task,
  /** PDF bytes → metadata and chapters of reading text (src-shared/pdf, used by src-main/modules/books). */
  'books.parsePdf': async () => (await import('../modules/books/parse-pdf-task')).parsePdfTask as Task,
  /** FB2 / FB2.zip bytes → metadata, cover, chapters and checked pictures (src-shared/fb2). */
  'books.parseFb2': async () => (await import('../modules/books/parse-fb2-task')).parseFb2Task as Task,
  /** MOBI / AZW3 bytes without DRM → metadata, cover, chapters and checked pictures (@lingo-reader/mobi-parser). */
  'books.parseKindle': async () => (await import('../modules/books/parse-kindle-task')).parseKindleTask as Task,
  /** Restore: check, migrate and rebuild the prepared database beside the live one (src-main/modules/backup/prepare.ts). */
  'backup.prepareRestore': async () => (await import('../modules/backup/prepare')).prepareRestoreTask as Task,
  /** Backup: the library's copy on a read-only connection of the worker's own (src-main/modules/backup/snapshot-task.ts). */
  'backup.snapshot': async () => (await import('../modules/backup/snapshot-task')).snapshotTask as Task,
  /** Dictionary upload: parse, check and store on the worker's own connection (src-main/modules/dictionaries). */
  'dictionaries.import': async () => (await import('../modules/dictionaries/import-job')).runDictionaryImport as Task,
  /** Feed bytes → items, or the feeds an HTML page announces (src-main/modules/feeds). */
  'feeds.parse': async () => (await import('../modules/feeds/extract')).parseFeedBytes as Task,
  /** Article page bytes → its text (picked section or Readability). */
  'feeds.extract': async () => (await import('../modules/feeds/extract')).extractTask as Task,
  /** Article page bytes → sanitised preview HTML plus what the selector extracts (feed wizard). */
  'feeds.preview': async () => (await import('../modules/feeds/extract')).previewTask as Task,
  /** .apkg upload: open the collection with sql.js and return plain notes (src-main/modules/apkg). */
  'apkg.read': async () => (await import('../modules/apkg/read-task')).readPackageTask as Task,
  /** Hunspell .aff + .dic files → headword table for automatic lemmas, cached (src-main/modules/lemmas/table-task.ts). */
  'lemmas.hunspell': async () => (await import('../modules/lemmas/table-task')).buildTableFileTask as Task,
  /** LWT backup (gzipped MySQL dump) → ImportPlan (src-main/modules/migrate). */
  'migrate.lwt': async () => (await import('../modules/migrate/parse-worker')).parseLwtFile,
  /** Lute v3 database (.db or .db.gz) → ImportPlan. */
  'migrate.lute': async () => (await import('../modules/migrate/parse-worker')).parseLuteFile,
  /** Term import upload or pasted text → preview, or every row validated (src-main/modules/terms/import.ts). */
  'terms.parseImport': async () => (await import('../modules/terms/import-parse-task')).parseTermImportTask as Task,
  /** SRT/VTT bytes → joined text and cue spans (src-main/modules/transcription, issue 16). */
  'subtitles.parse': async () => (await import('../../src-shared/subtitles/task')).parseSubtitleFile as Task,
  /** The live database's WAL checkpoints on a connection of their own, until closed (src-main/db/wal-checkpoints.ts). */
  'db.checkpointer': async () => (await import('../db/checkpoint-task')).runCheckpointer as Task,
  /** Self-test of the harness (tests/unit/worker.test.ts). */
  'selftest.echo': async () => (input: unknown) => input,
  'selftest.spin': async () => () => {
    for (;;);
  },
  'selftest.allocate': async () => () => {
    const keep: unknown[] = [];
    for (;;) keep.push(new Array(1e6).fill({ x: Math.random() }));
  },
  'selftest.fail': async () => (input: { message: string }) => {
    throw new Error(input.message);
  },
  'selftest.progress': async () => (input: { steps: number }, ctx: WorkerTaskContext) => {
    for (let i = 1; i <= input.steps; i++) ctx.progress(i / input.steps, 'step');
    return input.steps;
  },
};

export type WorkerTaskName = keyof typeof WORKER_TASKS;
