// Runs in: a worker thread (task 'terms.parseImport'). The term import's parse: an e-reader's SQLite database
// (Kindle's vocab.db, Kobo's KoboReader.sqlite) is first read into rows with sql.js (import-ereader.ts), then goes
// the way of every other file (import-parse.ts): validated, deduplicated, sliced.
import fs from 'node:fs';
import { badRequest, payloadTooLarge } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { TermImportPreview } from '../../../src-shared/contract/terms';
import { loadSqlJs } from '../../core/sqljs-loader';
import { isSqlite, readEReaderWords } from './import-ereader';
import { IMPORT_MAX_BYTES, parseTermImport, type ParsedTermImport, type TermImportJob } from './import-parse';
import { parseTextImport, type ParsedClippings } from './import-clippings';

export type TermImportTaskJob = TermImportJob & {
  /** The import language's ISO code: only its words are kept. */
  language_code?: string;
  /** Kindle's My Clippings.txt: the books kept (preview indexes); all when absent. */
  clippings_books?: number[];
};

export function sourceHead(source: TermImportJob['source']): Uint8Array | null {
  if ('text' in source) return null;
  if ('data' in source) return source.data.subarray(0, 16);
  const fd = fs.openSync(source.path, 'r');
  try {
    const head = Buffer.alloc(16);
    const n = fs.readSync(fd, head, 0, 16, 0);
    return head.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

export async function parseTermImportTask(job: TermImportTaskJob): Promise<TermImportPreview | ParsedTermImport | ParsedClippings> {
  const head = sourceHead(job.source);
  if (!head || !isSqlite(head) || 'text' in job.source) return parseTextImport(job);
  const size = 'path' in job.source ? job.source.size : job.source.data.byteLength;
  if (size > IMPORT_MAX_BYTES) throw payloadTooLarge(msg('import.fileLargerThan', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
  const bytes = 'path' in job.source ? new Uint8Array(fs.readFileSync(job.source.path)) : job.source.data;
  const words = readEReaderWords(await loadSqlJs(), bytes, job.language_code ?? '');
  if (words.rows.length === 0) {
    const found = Object.entries(words.languages).map(([code, n]) => `${code || '?'}: ${n}`);
    throw badRequest(msg('import.noEReaderWords', { languages: found.join(', ') || '—' }));
  }
  // The rows go the way of a pasted JSON list (header from the keys: term, lemma, status, sentence, notes).
  const rows = { ...job, source: { text: JSON.stringify(words.rows) }, delimiter: undefined, has_header: undefined, columns: undefined };
  const parsed = parseTermImport(rows);
  const unique = new Set(words.rows.map((r) => r.term.toLowerCase()));
  // Words an e-reader kept carry no translation: main fills one from the learner's dictionaries (import.ts).
  if (job.mode !== 'preview') return { ...(parsed as ParsedTermImport), fromReader: true };
  // The words' texts go to main, which counts the ones that are terms already (import.ts previewImport).
  const ereader = { kind: words.kind, languages: words.languages, words: unique.size, terms: [...unique] };
  return { ...(parsed as TermImportPreview), ereader };
}
