// Runs in: a worker thread (task 'apkg.read', see read-task.ts). Opens any .apkg generation in memory: collection.anki2 / collection.anki21 (schema 11: note
// types as JSON in col.models) and collection.anki21b (zstd-compressed, schema 18: notetypes and fields
// tables). The newest collection present wins; the older ones in a modern package are stubs.
import { Decompress } from 'fzstd';
import type { Database, SqlJsStatic } from 'sql.js';
import { badRequest, payloadTooLarge } from '../../../src-shared/contract/errors';
import { splitFields } from '../../../src-shared/anki/fields';
import type { CardState } from '../../../src-shared/anki/mapping';
import { inflateRaw } from '../../core/file-access';
import { APKG_MAX_FILE_BYTES } from '../../../src-shared/contract/apkg';
import { openZip, type RandomAccess, type ZipLimits, type ZipWords } from '../../../src-shared/zip/random-access';
import { type MessageParam, msg } from '../../../src-shared/contract/messages';

export type CollectionGeneration = 'collection.anki21b' | 'collection.anki21' | 'collection.anki2';
/** Newest first. */
const GENERATIONS: CollectionGeneration[] = ['collection.anki21b', 'collection.anki21', 'collection.anki2'];

/** A decompressed collection larger than this is refused before it is inflated. */
export const MAX_COLLECTION_BYTES = 256 * 1024 * 1024;

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

const notAPackage = (why: MessageParam) => badRequest(msg('apkg.notAPackage', { why }));

/**
 * What a package's collection may unpack to (docs/security.md): 100 times the upload, at least 64 MB, at
 * most 256 MB. Checked from the zip listing and the zstd frame header before anything is inflated, then
 * enforced while inflating.
 */
export const collectionCap = (uploadBytes: number) => Math.min(MAX_COLLECTION_BYTES, Math.max(64 * 1024 * 1024, uploadBytes * 100));
const MiB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const tooLarge = (cap: number) => payloadTooLarge(msg('apkg.collectionTooLarge', { size: MiB(cap), max: MiB(MAX_COLLECTION_BYTES) }));

/** The package zip: media files are listed, never inflated; a lying entry stops at its declared size. */
const APKG_ZIP_LIMITS: ZipLimits = {
  maxFileBytes: APKG_MAX_FILE_BYTES,
  maxEntries: 100_000,
  // Media entries are listed, never inflated: their declared sizes only have to be sane.
  maxTotalBytes: 4 * APKG_MAX_FILE_BYTES,
  maxEntryBytes: APKG_MAX_FILE_BYTES,
  maxRatio: 100,
  ratioFloorBytes: 8 * 1024 * 1024,
};

/** Reads a zstd frame header: its declared content size (null when absent) and window size. */
export function zstdFrameSizes(dat: Uint8Array): { contentSize: number | null; windowSize: number } | null {
  if (dat.length < 6 || dat[0] !== 0x28 || dat[1] !== 0xb5 || dat[2] !== 0x2f || dat[3] !== 0xfd) return null;
  const flg = dat[4];
  const singleSegment = (flg >> 5) & 1;
  const dictBytes = [0, 1, 2, 4][flg & 3];
  const fcf = flg >> 6;
  let pos = 5 + (singleSegment ? 0 : 1) + dictBytes;
  const fsBytes = fcf ? 1 << fcf : singleSegment;
  let contentSize: number | null = null;
  if (fsBytes) {
    if (pos + fsBytes > dat.length) return null;
    let v = 0;
    for (let i = fsBytes - 1; i >= 0; i--) v = v * 256 + dat[pos + i];
    contentSize = fsBytes === 2 ? v + 256 : v;
    pos += fsBytes;
  }
  let windowSize = contentSize ?? 0;
  if (!singleSegment) {
    const wd = dat[5];
    const base = 2 ** (10 + (wd >> 3));
    windowSize = base + (base / 8) * (wd & 7);
  }
  return { contentSize, windowSize };
}

/** zstd with a hard output cap: refused from the header when it declares more, stopped while streaming otherwise. */
export function zstdCapped(dat: Uint8Array, cap: number): Uint8Array {
  const sizes = zstdFrameSizes(dat);
  if (!sizes) throw notAPackage(msg('apkg.notZstd'));
  if ((sizes.contentSize ?? 0) > cap || sizes.windowSize > cap) throw tooLarge(cap);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > cap) throw tooLarge(cap);
    chunks.push(chunk);
  });
  try {
    // Fed in slices so the cap is checked between them.
    for (let i = 0; i < dat.length; i += 64 * 1024) stream.push(dat.subarray(i, Math.min(dat.length, i + 64 * 1024)), i + 64 * 1024 >= dat.length);
  } catch (err) {
    if ((err as { status?: number }).status) throw err;
    throw notAPackage(msg('apkg.notZstd'));
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The zip reader's refusals, said of an Anki package. */
const APKG_WORDS: ZipWords = {
  notZip: () => notAPackage(msg('apkg.notZip')),
  tooLarge: (_size, max) => payloadTooLarge(msg('import.fileLargerThan', { mb: Math.round(max / 1024 / 1024) })),
  tooManyEntries: (count, max) => notAPackage(msg('archive.tooManyEntries', { count, max })),
  moreThanEntries: (max) => notAPackage(msg('archive.moreThanEntries', { max })),
  encrypted: () => notAPackage(msg('archive.encrypted')),
  entryTooLarge: () =>
    notAPackage(msg('archive.bomb', { what: msg('archive.theArchive'), ratio: APKG_ZIP_LIMITS.maxRatio, limit: MiB(APKG_ZIP_LIMITS.maxEntryBytes) })),
  bomb: () => notAPackage(msg('archive.bomb', { what: msg('archive.theArchive'), ratio: APKG_ZIP_LIMITS.maxRatio, limit: MiB(APKG_ZIP_LIMITS.maxTotalBytes) })),
  unpacksTooLarge: () =>
    notAPackage(msg('archive.bomb', { what: msg('archive.theArchive'), ratio: APKG_ZIP_LIMITS.maxRatio, limit: MiB(APKG_ZIP_LIMITS.maxTotalBytes) })),
  damaged: (why) => notAPackage(why === 'no central directory' ? msg('apkg.notZip') : msg('archive.zipCut')),
  lacks: () => notAPackage(msg('apkg.noCollection')),
  entryDamaged: (path, why) => notAPackage(msg('apkg.cannotUnpack', { generation: path, why })),
};

/** The collection's bytes, read from the package through random access: media entries are listed, never read. */
async function readCollectionBytes(source: Uint8Array | RandomAccess): Promise<{ generation: CollectionGeneration; bytes: Uint8Array }> {
  const cap = collectionCap(source instanceof Uint8Array ? source.length : source.size);
  const archive = await openZip(source, inflateRaw, APKG_ZIP_LIMITS, APKG_WORDS);
  for (const generation of GENERATIONS) {
    const size = archive.sizeOf(generation);
    if (size === undefined) continue;
    // The listing's declared size, before inflating anything; a lying entry stops at it.
    if (size > cap) throw tooLarge(cap);
    let bytes = await archive.read(generation);
    if (generation === 'collection.anki21b') bytes = zstdCapped(bytes, cap);
    return { generation, bytes };
  }
  throw notAPackage(msg('apkg.noCollection'));
}

/**
 * The collection's schema, checked before any query: the tables read must be plain tables (a view can run
 * an endless recursive query; a virtual table runs a module), and triggers are refused outright.
 */
export function checkCollectionSchema(db: Database, generation: string): void {
  const rows = all<{ type: string; name: string; sql: string | null }>(db, 'SELECT type, name, sql FROM sqlite_master');
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
  if (rows.some((r) => r.type === 'trigger')) throw notAPackage(msg('apkg.triggers', { generation }));
  for (const name of ['col', 'notes', 'cards', 'notetypes', 'fields']) {
    const row = byName.get(name);
    if (!row) {
      if (name === 'col' || name === 'notes' || name === 'cards') throw notAPackage(msg('apkg.noTable', { generation, name }));
      continue;
    }
    if (row.type !== 'table' || /^\s*create\s+virtual\b/i.test(row.sql ?? '')) {
      throw notAPackage(msg(row.type === 'view' ? 'apkg.viewNotTable' : 'apkg.virtualNotTable', { generation, name }));
    }
  }
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
  db.exec(
    "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql = replace(replace(sql, 'COLLATE unicase', ''), 'collate unicase', '') WHERE sql LIKE '%collate unicase%'; PRAGMA writable_schema=OFF;",
  );
  const reopened = new SQL.Database(db.export());
  db.close();
  return reopened;
}

function readNoteTypes(db: Database, schemaVersion: number): Map<number, PackageNoteType> {
  const out = new Map<number, PackageNoteType>();
  if (schemaVersion >= 15) {
    for (const nt of all<{ id: number; name: string }>(db, 'SELECT id, name FROM notetypes')) out.set(nt.id, { id: nt.id, name: nt.name, fields: [] });
    for (const f of all<{ ntid: number; ord: number; name: string }>(db, 'SELECT ntid, ord, name FROM fields ORDER BY ntid, ord'))
      out.get(f.ntid)?.fields.push(f.name);
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
export async function openPackage(SQL: SqlJsStatic, source: Uint8Array | RandomAccess): Promise<OpenedPackage> {
  const { generation, bytes } = await readCollectionBytes(source);
  let db: Database | null = null;
  try {
    db = new SQL.Database(bytes);
    checkCollectionSchema(db, generation);
    const schemaVersion = Number(all<{ ver: number }>(db, 'SELECT ver FROM col')[0]?.ver ?? 0);
    if (!schemaVersion) throw notAPackage(msg('apkg.noCollectionRow', { generation }));
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
    if (err instanceof Error && !('status' in err)) throw notAPackage(msg('apkg.unreadableCollection', { generation, why: err.message }));
    throw err;
  }
}
