// Runs in: main. Opens any .apkg generation in memory: collection.anki2 / collection.anki21 (schema 11: note
// types as JSON in col.models) and collection.anki21b (zstd-compressed, schema 18: notetypes and fields
// tables). The newest collection present wins; the older ones in a modern package are stubs.
import { decompress } from 'fzstd';
import JSZip from 'jszip';
import type { Database, SqlJsStatic } from 'sql.js';
import { badRequest, payloadTooLarge } from '../../../src-shared/contract/errors';
import { splitFields } from '../../../src-shared/anki/fields';
import type { CardState } from '../../../src-shared/anki/mapping';

export type CollectionGeneration = 'collection.anki21b' | 'collection.anki21' | 'collection.anki2';
/** Newest first. */
const GENERATIONS: CollectionGeneration[] = ['collection.anki21b', 'collection.anki21', 'collection.anki2'];

/** A decompressed collection larger than this is refused before it is inflated. */
export const MAX_COLLECTION_BYTES = 512 * 1024 * 1024;

export interface PackageNoteType {
  id: number;
  name: string;
  /** Field names in ord order. */
  fields: string[];
}

export interface PackageNote {
  id: number;
  guid: string;
  noteTypeId: number;
  fields: string[];
  tags: string;
  cards: CardState[];
}

export interface OpenedPackage {
  generation: CollectionGeneration;
  schemaVersion: number;
  noteTypes: Map<number, PackageNoteType>;
  noteCount: number;
  /** Notes in id order, with their cards. */
  notes(): Generator<PackageNote>;
  close(): void;
}

const notAPackage = (why: string) => badRequest(`Not an Anki package (.apkg): ${why}`);

async function readCollectionBytes(data: Uint8Array): Promise<{ generation: CollectionGeneration; bytes: Uint8Array }> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw notAPackage('the file is not a zip archive');
  }
  for (const generation of GENERATIONS) {
    const entry = zip.file(generation);
    if (!entry) continue;
    // jszip knows the declared size from the central directory before inflating anything.
    const declared = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
    if (declared > MAX_COLLECTION_BYTES) throw payloadTooLarge(`The package's collection is too large (limit ${MAX_COLLECTION_BYTES / 1024 / 1024} MB)`);
    let bytes: Uint8Array;
    try {
      bytes = await entry.async('uint8array');
    } catch {
      throw notAPackage(`${generation} cannot be unpacked`);
    }
    if (generation === 'collection.anki21b') {
      try {
        bytes = decompress(bytes);
      } catch {
        throw notAPackage('collection.anki21b is not valid zstd data');
      }
      if (bytes.length > MAX_COLLECTION_BYTES) throw payloadTooLarge(`The package's collection is too large (limit ${MAX_COLLECTION_BYTES / 1024 / 1024} MB)`);
    }
    return { generation, bytes };
  }
  throw notAPackage('it holds no collection.anki2, collection.anki21 or collection.anki21b');
}

function all<T>(db: Database, sql: string, params: (string | number)[] = []): T[] {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    const rows: T[] = [];
    while (stmt.step()) rows.push(stmt.getAsObject() as T);
    return rows;
  } finally {
    stmt.free();
  }
}

/**
 * Schema 18 declares its name columns COLLATE unicase, a collation only Anki registers; sql.js cannot plan
 * queries on those tables without it. This copy is ours alone, so the collation is dropped from its schema.
 */
function withoutUnicase(SQL: SqlJsStatic, db: Database): Database {
  const uses = all<{ n: number }>(db, "SELECT count(*) AS n FROM sqlite_master WHERE sql LIKE '%collate unicase%'")[0].n;
  if (uses === 0) return db;
  db.exec("PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql = replace(replace(sql, 'COLLATE unicase', ''), 'collate unicase', '') WHERE sql LIKE '%collate unicase%'; PRAGMA writable_schema=OFF;");
  const reopened = new SQL.Database(db.export());
  db.close();
  return reopened;
}

function readNoteTypes(db: Database, schemaVersion: number): Map<number, PackageNoteType> {
  const out = new Map<number, PackageNoteType>();
  if (schemaVersion >= 15) {
    for (const nt of all<{ id: number; name: string }>(db, 'SELECT id, name FROM notetypes')) out.set(nt.id, { id: nt.id, name: nt.name, fields: [] });
    for (const f of all<{ ntid: number; ord: number; name: string }>(db, 'SELECT ntid, ord, name FROM fields ORDER BY ntid, ord')) out.get(f.ntid)?.fields.push(f.name);
    return out;
  }
  const modelsJson = all<{ models: string }>(db, 'SELECT models FROM col')[0]?.models ?? '{}';
  const models = JSON.parse(modelsJson) as Record<string, { id?: number | string; name?: string; flds?: { name: string; ord: number }[] }>;
  for (const [key, model] of Object.entries(models)) {
    const id = Number(model.id ?? key);
    const fields = [...(model.flds ?? [])].sort((a, b) => a.ord - b.ord).map((f) => String(f.name));
    out.set(id, { id, name: String(model.name ?? `Note type ${id}`), fields });
  }
  return out;
}

/** Opens the package's newest collection. Throws a 400 for anything that is not a readable Anki package. */
export async function openPackage(SQL: SqlJsStatic, data: Uint8Array): Promise<OpenedPackage> {
  const { generation, bytes } = await readCollectionBytes(data);
  let db: Database | null = null;
  try {
    db = new SQL.Database(bytes);
    const schemaVersion = Number(all<{ ver: number }>(db, 'SELECT ver FROM col')[0]?.ver ?? 0);
    if (!schemaVersion) throw notAPackage(`${generation} has no collection row`);
    db = withoutUnicase(SQL, db);
    const noteTypes = readNoteTypes(db, schemaVersion);
    const noteCount = all<{ n: number }>(db, 'SELECT count(*) AS n FROM notes')[0].n;
    const opened = db;
    return {
      generation,
      schemaVersion,
      noteTypes,
      noteCount,
      *notes() {
        const cards = new Map<number, CardState[]>();
        const cardStmt = opened.prepare('SELECT nid, type, queue, ivl FROM cards');
        while (cardStmt.step()) {
          const [nid, type, queue, ivl] = cardStmt.get() as number[];
          const list = cards.get(nid);
          if (list) list.push({ type, queue, ivl });
          else cards.set(nid, [{ type, queue, ivl }]);
        }
        cardStmt.free();
        const noteStmt = opened.prepare('SELECT id, guid, mid, flds, tags FROM notes ORDER BY id');
        try {
          while (noteStmt.step()) {
            const [id, guid, mid, flds, tags] = noteStmt.get() as [number, string, number, string, string];
            yield { id, guid: String(guid), noteTypeId: mid, fields: splitFields(String(flds)), tags: String(tags ?? ''), cards: cards.get(id) ?? [] };
          }
        } finally {
          noteStmt.free();
        }
      },
      close: () => opened.close(),
    };
  } catch (err) {
    db?.close();
    if (err instanceof Error && !('status' in err)) throw notAPackage(`${generation} is not a readable Anki collection (${err.message})`);
    throw err;
  }
}
