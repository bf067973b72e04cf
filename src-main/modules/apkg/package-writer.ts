// Runs in: main. Builds a Lectio .apkg in memory: a schema-11 collection (sql.js) holding one note and one card
// per term, zipped as collection.anki2 and collection.anki21 (the same database: old AnkiDroid reads the
// first, Anki 2.1+ prefers the second) plus an empty media map.
import type { SqlJsStatic } from 'sql.js';
import { collectionRow, languageDeckId, SCHEMA11_INDEXES, SCHEMA11_TABLES } from '../../../src-shared/anki/collection';
import { fieldChecksum, joinFields, sortFieldText } from '../../../src-shared/anki/fields';
import { zipEntries } from './zip-writer';
import { ankiTagsString, isSuspendedOnExport, LECTIO_NOTE_TYPE_ID, lectioGuid, NEW_CARD_TYPE, noteFieldsForTerm, SUSPENDED_QUEUE, tagForAnki, type ExportTerm } from '../../../src-shared/anki/mapping';

export interface PackageInput {
  languageId: number;
  languageName: string;
  /** Already in note order (sorted by WoText). */
  terms: readonly ExportTerm[];
  now: number;
}

/** The collection database bytes (exposed for tests that inspect it without unzipping). */
export function buildCollection(SQL: SqlJsStatic, input: PackageInput): Uint8Array {
  const db = new SQL.Database();
  try {
    // A throwaway in-memory database: no journal needed. Indexes are built after the rows, which is faster.
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
    db.exec(SCHEMA11_TABLES);
    const allTags = [...new Set(input.terms.flatMap((t) => t.tags.map(tagForAnki)).filter(Boolean))].sort();
    const col = collectionRow({ languageId: input.languageId, languageName: input.languageName, now: input.now, tags: allTags, noteCount: input.terms.length });
    db.run('INSERT INTO col VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', [col.id, col.crt, col.mod, col.scm, col.ver, col.dty, col.usn, col.ls, col.conf, col.models, col.decks, col.dconf, col.tags]);

    const deckId = languageDeckId(input.languageId);
    const modSecs = Math.floor(input.now / 1000);
    const insertNote = db.prepare('INSERT INTO notes VALUES (?,?,?,?,0,?,?,?,?,0,\'\')');
    const insertCard = db.prepare('INSERT INTO cards VALUES (?,?,?,0,?,0,?,?,?,0,0,0,0,0,0,0,0,\'\')');
    db.exec('BEGIN');
    input.terms.forEach((term, i) => {
      // Ids only need to be unique in this file: Anki matches notes by guid and renumbers on import.
      const id = input.now + i;
      const fields = noteFieldsForTerm(term);
      insertNote.run([id, lectioGuid(term.WoID), LECTIO_NOTE_TYPE_ID, modSecs, ankiTagsString(term.tags), joinFields(fields), sortFieldText(fields[0]), fieldChecksum(fields[0])]);
      // New card (type 0), due = position in the new queue; 98/99 are suspended (queue -1). No scheduling.
      insertCard.run([id, id, deckId, modSecs, NEW_CARD_TYPE, isSuspendedOnExport(term.WoStatus) ? SUSPENDED_QUEUE : 0, i + 1]);
    });
    db.exec('COMMIT');
    insertNote.free();
    insertCard.free();
    db.exec(SCHEMA11_INDEXES);
    return db.export();
  } finally {
    db.close();
  }
}

export function buildPackage(SQL: SqlJsStatic, input: PackageInput): Uint8Array {
  const collection = buildCollection(SQL, input);
  return zipEntries([
    { name: 'collection.anki2', data: collection },
    { name: 'collection.anki21', data: collection },
    { name: 'media', data: new TextEncoder().encode('{}') },
  ]);
}
