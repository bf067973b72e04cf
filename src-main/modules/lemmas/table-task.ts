// Runs in: a worker thread (src-main/workers/tasks.ts 'lemmas.hunspell'). A Hunspell dictionary's headword table,
// built from the package's .aff and .dic files and written to the data folder's cache, all off the main thread:
// reading a dictionary of several MB, serializing its table and indexing it held requests 20-160 ms each (issue 34).
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { buildTable, packTable, type HunspellTable } from '../../../src-shared/lemmas/headword-table';
import type { WorkerTaskContext } from '../../workers/tasks';

export interface TableTaskInput {
  affFile: string;
  dicFiles: string[];
  /** Where the table is cached under `key` (the format and package versions), or null for no cache. */
  cacheFile: string | null;
  key: string;
}

export async function buildTableFileTask(input: TableTaskInput, ctx: WorkerTaskContext): Promise<HunspellTable> {
  const aff = await fs.promises.readFile(input.affFile, 'utf8');
  const dics = await Promise.all(input.dicFiles.map((f) => fs.promises.readFile(f, 'utf8')));
  const table = buildTable({ aff, dics }, (done) => ctx.progress(done, 'reading'));
  // Packed here, not where it is used: the main thread then holds a few buffers instead of a string per headword.
  table.packed = packTable(table);
  if (input.cacheFile) await writeCachedTable(input.cacheFile, input.key, table);
  return table;
}

async function writeCachedTable(file: string, key: string, table: HunspellTable): Promise<void> {
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.promises.writeFile(tmp, v8.serialize({ key, table }));
    await fs.promises.rename(tmp, file);
  } catch {
    // A cache that cannot be written only costs a rebuild next start.
  }
}
