// Runs in: main. SQL for local dictionaries. Dictionaries are scoped by owner; entries are reached only
// through their owned dictionary. Hot paths (bulk insert, lookup) use cached prepared statements.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Sqlite } from '../../db/connection';
import { localDictionaries } from '../../db/schema';
import { ownedBy, ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import type { DictionaryEntryDto, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';

export type NewDictionaryRow = typeof localDictionaries.$inferInsert;

export function listDictionaries(db: Db, user: CurrentUser, languageId?: number): LocalDictionaryDto[] {
  const owned = ownedBy(localDictionaries.LdUsID, user);
  return db
    .select()
    .from(localDictionaries)
    .where(languageId === undefined ? owned : and(owned, eq(localDictionaries.LdLgID, languageId)))
    .orderBy(sql`${localDictionaries.LdPriority} DESC`, asc(localDictionaries.LdName), asc(localDictionaries.LdID))
    .all();
}

export function findOwnedDictionary(db: Db, user: CurrentUser, id: number): LocalDictionaryDto | undefined {
  return db
    .select()
    .from(localDictionaries)
    .where(and(eq(localDictionaries.LdID, id), ownedBy(localDictionaries.LdUsID, user)))
    .get();
}

export function insertDictionary(db: Db, row: NewDictionaryRow): LocalDictionaryDto {
  return db.insert(localDictionaries).values(row).returning().get();
}

export function updateDictionary(db: Db, user: CurrentUser, id: number, patch: Partial<NewDictionaryRow>): LocalDictionaryDto | undefined {
  return db
    .update(localDictionaries)
    .set(patch)
    .where(and(eq(localDictionaries.LdID, id), ownedBy(localDictionaries.LdUsID, user)))
    .returning()
    .get();
}

/** Entries go with it (ON DELETE CASCADE). */
export function deleteDictionary(db: Db, user: CurrentUser, id: number): number {
  return db
    .delete(localDictionaries)
    .where(and(eq(localDictionaries.LdID, id), ownedBy(localDictionaries.LdUsID, user)))
    .run().changes;
}

const statements = new WeakMap<Sqlite, ReturnType<typeof prepare>>();
function prepare(sqlite: Sqlite) {
  return {
    insertEntry: sqlite.prepare(
      'INSERT INTO local_dictionary_entries (LeLdID, LeTerm, LeTermLC, LeReading, LeDefinition, LePartOfSpeech, LeFrequencyRank) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    // The dictionary must belong to the owner: entries are only ever written under an owned parent.
    clearEntries: sqlite.prepare(`DELETE FROM local_dictionary_entries WHERE LeLdID = (SELECT LdID FROM local_dictionaries WHERE LdID = @id AND ${ownerSql('LdUsID')})`),
    lookup: sqlite.prepare(
      `SELECT e.LeID, e.LeLdID, d.LdName, e.LeTerm, e.LeReading, e.LeDefinition, e.LePartOfSpeech, e.LeFrequencyRank
         FROM local_dictionaries d
         JOIN local_dictionary_entries e ON e.LeLdID = d.LdID AND e.LeTermLC = @key
        WHERE d.LdLgID = @language AND ${ownerSql('d.LdUsID')} AND e.LeDefinition <> ''
        ORDER BY d.LdPriority DESC, d.LdID, e.LeID
        LIMIT @limit`,
    ),
    languageOwned: sqlite.prepare(`SELECT 1 FROM languages WHERE LgID = @language AND ${ownerSql('LgUsID')}`),
    storedLemma: sqlite.prepare(`SELECT WoLemma FROM words WHERE WoLgID = @language AND WoTextLC = @key AND ${ownerSql('WoUsID')} AND WoLemma IS NOT NULL AND WoLemma <> '' LIMIT 1`),
  };
}
const stmts = (sqlite: Sqlite) => {
  let s = statements.get(sqlite);
  if (!s) statements.set(sqlite, (s = prepare(sqlite)));
  return s;
};

/** Bulk writer for one import; call inside the import's transaction, after checking the dictionary is owned. */
export function entryWriter(sqlite: Sqlite, dictionaryId: number) {
  const insert = stmts(sqlite).insertEntry;
  return (term: string, key: string, reading: string, definition: string, partOfSpeech: string, rank: number | null) =>
    insert.run(dictionaryId, term, key, reading, definition, partOfSpeech, rank);
}

export function clearEntries(sqlite: Sqlite, user: CurrentUser, dictionaryId: number): number {
  return stmts(sqlite).clearEntries.run({ id: dictionaryId, owner: ownerOf(user) }).changes;
}

export function lookupEntries(sqlite: Sqlite, user: CurrentUser, languageId: number, key: string, limit: number): DictionaryEntryDto[] {
  return stmts(sqlite).lookup.all({ key, language: languageId, owner: ownerOf(user), limit }) as DictionaryEntryDto[];
}

/** The lookup's ownership check, as a prepared statement: it runs on every click in the reader. */
export function ownsLanguage(sqlite: Sqlite, user: CurrentUser, languageId: number): boolean {
  return stmts(sqlite).languageOwned.get({ language: languageId, owner: ownerOf(user) }) !== undefined;
}

/** WoLemma of the caller's stored term with this text, if it has one. */
export function storedLemma(sqlite: Sqlite, user: CurrentUser, languageId: number, key: string): string | null {
  const row = stmts(sqlite).storedLemma.get({ language: languageId, key, owner: ownerOf(user) }) as { WoLemma: string } | undefined;
  return row?.WoLemma ?? null;
}
