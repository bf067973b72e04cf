// Helpers for the Anki package tests: terms inserted with plain SQL into the real store (the vocabulary
// module's API is not needed for that), and sql.js/jszip access to the packages the server produces.
import { createRequire } from 'node:module';
import JSZip from 'jszip';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import type { Core } from '../../src-main/app/core';

let sqlJs: Promise<SqlJsStatic> | undefined;
export function testSqlJs(): Promise<SqlJsStatic> {
  const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  return (sqlJs ??= initSqlJs({ locateFile: () => wasm }));
}

export interface SeedTerm {
  text: string;
  status?: number;
  translation?: string;
  romanization?: string;
  notes?: string;
  sentence?: string;
  tags?: string[];
  owner?: number | null;
}

export function insertTerm(core: Core, languageId: number, t: SeedTerm): number {
  const id = Number(
    core.sqlite
      .prepare(
        `INSERT INTO words (WoLgID, WoUsID, WoText, WoTextLC, WoStatus, WoTranslation, WoRomanization, WoNotes, WoSentence, WoCreated, WoModified, WoStatusChanged)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 1)`,
      )
      .run(languageId, t.owner ?? null, t.text, t.text.toLowerCase(), t.status ?? 1, t.translation ?? '', t.romanization ?? '', t.notes ?? '', t.sentence ?? '')
      .lastInsertRowid,
  );
  for (const tag of t.tags ?? []) {
    const existing = core.sqlite
      .prepare('SELECT TgID FROM tags WHERE TgText = ? AND TgUsID IS ?')
      .pluck()
      .get(tag, t.owner ?? null) as number | undefined;
    const tagId = existing ?? Number(core.sqlite.prepare('INSERT INTO tags (TgUsID, TgText) VALUES (?, ?)').run(t.owner ?? null, tag).lastInsertRowid);
    core.sqlite.prepare('INSERT INTO word_tag_map (WtWoID, WtTgID) VALUES (?, ?)').run(id, tagId);
  }
  return id;
}

export function termRow(core: Core, id: number) {
  return core.sqlite.prepare('SELECT * FROM words WHERE WoID = ?').get(id) as Record<string, any> | undefined;
}

export function termTags(core: Core, id: number): string[] {
  return core.sqlite
    .prepare('SELECT t.TgText FROM word_tag_map m JOIN tags t ON t.TgID = m.WtTgID WHERE m.WtWoID = ? ORDER BY t.TgText')
    .pluck()
    .all(id) as string[];
}

export async function unzip(data: Uint8Array): Promise<JSZip> {
  return JSZip.loadAsync(data);
}

/** The collection database of a package (collection.anki21 unless told otherwise). */
export async function openCollection(data: Uint8Array, name = 'collection.anki21'): Promise<Database> {
  const SQL = await testSqlJs();
  const zip = await unzip(data);
  const bytes = await zip.file(name)!.async('uint8array');
  return new SQL.Database(bytes);
}

export function rows<T = Record<string, any>>(db: Database, sql: string, params: (string | number | null)[] = []): T[] {
  const stmt = db.prepare(sql);
  stmt.bind(params);
  const out: T[] = [];
  while (stmt.step()) out.push(stmt.getAsObject() as T);
  stmt.free();
  return out;
}

/** Zips a collection as Anki's own "Anki Deck Package" export would (collection.anki21 + media). */
export async function zipCollection(db: Database, name = 'collection.anki21'): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(name, db.export());
  zip.file('media', '{}');
  return zip.generateAsync({ type: 'uint8array' });
}

/**
 * A valid zstd frame holding `data` in raw (stored) blocks: enough to build collection.anki21b test packages
 * without a zstd compressor (fzstd only decompresses).
 */
export function zstdStored(data: Uint8Array): Uint8Array {
  const BLOCK = 128 * 1024;
  const parts: Buffer[] = [];
  const header = Buffer.alloc(13);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = 0xe0; // 8-byte content size, single segment
  header.writeBigUInt64LE(BigInt(data.length), 5);
  parts.push(header);
  for (let at = 0; at === 0 || at < data.length; at += BLOCK) {
    const chunk = data.subarray(at, Math.min(at + BLOCK, data.length));
    const last = at + BLOCK >= data.length ? 1 : 0;
    const blockHeader = (chunk.length << 3) | (0 << 1) | last; // type 0 = raw
    parts.push(Buffer.from([blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff]), Buffer.from(chunk));
  }
  return Buffer.concat(parts);
}
