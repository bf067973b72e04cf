// Runs in: main. Builds a Lectio .apkg in memory: a schema-11 collection (sql.js) holding one note and one card
// per term as collection.anki21, the one Anki 2.1+ and AnkiDroid read; a one-note schema-11 collection.anki2
// asking clients too old for anki21 to update (what Anki's own legacy export writes); an empty media map.
import JSZip from 'jszip';
import type { SqlJsStatic } from 'sql.js';
import { collectionRow, languageDeckId, SCHEMA11_INDEXES, SCHEMA11_TABLES } from '../../../src-shared/anki/collection';
import { joinFields, sortFieldText } from '../../../src-shared/anki/fields';
import type { Sha1First32 } from './checksum';
import { nodeSha1First32 } from './checksum';
import {
  ankiTagsString,
  isSuspendedOnExport,
  LECTIO_NOTE_TYPE_ID,
  lectioGuid,
  NEW_CARD_TYPE,
  noteFieldsForTerm,
  SUSPENDED_QUEUE,
  tagForAnki,
  type ExportTerm,
} from '../../../src-shared/anki/mapping';

/** Rows per INSERT: fewer crossings into WebAssembly, well under SQLite's bound-parameter limit. */
const NOTES_PER_STATEMENT = 250;
/** Bound values per note row: id, guid, tags, flds, sfld, csum. */
const VALUES_PER_NOTE = 6;

export interface PackageInput {
  languageId: number;
  languageName: string;
  /** Already in note order (sorted by WoText). */
  terms: readonly ExportTerm[];
  now: number;
}

/** The collection database bytes (exposed for tests that inspect it without unzipping). notes.csum comes from
 * noteChecksum: node's native SHA-1 here; the pure src-shared one gives the same numbers. */
export function buildCollection(SQL: SqlJsStatic, input: PackageInput, noteChecksum: Sha1First32 = nodeSha1First32): Uint8Array {
  const db = new SQL.Database();
  try {
    // A throwaway in-memory database: no journal needed. Indexes are built after the rows, which is faster.
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
    db.exec(SCHEMA11_TABLES);
    const allTags = [...new Set(input.terms.flatMap((t) => t.tags.map(tagForAnki)).filter(Boolean))].sort();
    const col = collectionRow({ languageId: input.languageId, languageName: input.languageName, now: input.now, tags: allTags, noteCount: input.terms.length });
    db.run('INSERT INTO col VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', [
      col.id,
      col.crt,
      col.mod,
      col.scm,
      col.ver,
      col.dty,
      col.usn,
      col.ls,
      col.conf,
      col.models,
      col.decks,
      col.dconf,
      col.tags,
    ]);

    const deckId = languageDeckId(input.languageId);
    const modSecs = Math.floor(input.now / 1000);
    // sql.js crosses into WebAssembly per statement, so notes go in many rows per statement (one reused
    // statement, one reused parameter array), and cards are derived from the notes in one statement (one new
    // card per note, suspended for 98/99, due = position).
    const noteRow = `(?,?,${LECTIO_NOTE_TYPE_ID},${modSecs},0,?,?,?,?,0,'')`;
    const insertNotes = (count: number) => db.prepare(`INSERT INTO notes VALUES ${Array(count).fill(noteRow).join(',')}`);
    const suspended: number[] = [];
    const batch: (string | number)[] = [];
    db.exec('BEGIN');
    const full = insertNotes(NOTES_PER_STATEMENT);
    input.terms.forEach((term, i) => {
      // Ids only need to be unique in this file: Anki matches notes by guid and renumbers on import.
      const id = input.now + i;
      const fields = noteFieldsForTerm(term);
      const sortText = sortFieldText(fields[0]);
      batch.push(id, lectioGuid(term.WoID), ankiTagsString(term.tags), joinFields(fields), sortText, noteChecksum(sortText));
      if (isSuspendedOnExport(term.WoStatus)) suspended.push(id);
      if (batch.length === NOTES_PER_STATEMENT * VALUES_PER_NOTE) {
        full.run(batch);
        batch.length = 0;
      }
    });
    full.free();
    if (batch.length) {
      const rest = insertNotes(batch.length / VALUES_PER_NOTE);
      rest.run(batch);
      rest.free();
    }
    db.run(
      `INSERT INTO cards SELECT id, id, ?, 0, mod, 0, ${NEW_CARD_TYPE},
         CASE WHEN id IN (SELECT value FROM json_each(?)) THEN ${SUSPENDED_QUEUE} ELSE 0 END, id - ? + 1, 0, 0, 0, 0, 0, 0, 0, 0, '' FROM notes`,
      [deckId, JSON.stringify(suspended), input.now],
    );
    db.exec('COMMIT');
    db.exec(SCHEMA11_INDEXES);
    return db.export();
  } finally {
    db.close();
  }
}

/** The collection.anki2 that only clients without anki21 support read: Anki's own exports carry such a stub too. */
export const LEGACY_STUB_TEXT = 'This package needs a newer version of Anki or AnkiDroid: please update, then import it again.';

function legacyStubCollection(SQL: SqlJsStatic, input: PackageInput): Uint8Array {
  // WoID 0 is no term: should this note ever come back in a re-import, it counts as "no Lectio id".
  const notice: ExportTerm = { WoID: 0, WoText: LEGACY_STUB_TEXT, WoTranslation: '', WoRomanization: '', WoNotes: '', WoSentence: '', WoStatus: 1, tags: [] };
  return buildCollection(SQL, { ...input, terms: [notice] });
}

export async function buildPackage(SQL: SqlJsStatic, input: PackageInput): Promise<Uint8Array> {
  const zip = new JSZip();
  const date = new Date(input.now);
  // Only the full collection is deflated, at level 1: jszip deflates in JavaScript, and level 1 is about 2.5
  // times faster than the default for a package 3% larger. The stub and the media map are stored, as Anki
  // stores them. The collection is deflated once: a second full copy as collection.anki2 doubled the time.
  zip.file('collection.anki21', buildCollection(SQL, input), { date, compression: 'DEFLATE', compressionOptions: { level: 1 } });
  zip.file('collection.anki2', legacyStubCollection(SQL, input), { date, compression: 'STORE' });
  zip.file('media', '{}', { date, compression: 'STORE' });
  return zip.generateAsync({ type: 'nodebuffer' });
}
