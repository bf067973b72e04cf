// Runs in: main and worker threads. sql.js (SQLite compiled to WebAssembly) with the wasm that ships in its package,
// found through node's resolver from the app root; imported lazily, so a missing package only affects its readers.
// Readers of other programs' SQLite files use it: Anki packages (modules/apkg/sqljs.ts, which lets tests replace
// it per core) and e-readers' word lists (modules/terms/import-ereader.ts). Our own store never uses it.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { appRoot } from './paths';

export async function loadSqlJs(): Promise<SqlJsStatic> {
  const wasmPath = createRequire(path.join(appRoot(), 'package.json')).resolve('sql.js/dist/sql-wasm.wasm');
  const { default: initSqlJs } = await import('sql.js');
  return initSqlJs({ locateFile: () => wasmPath });
}
