// Runs in: main and worker threads. SQL for local dictionaries. Dictionaries are scoped by owner; entries are reached only
// through their owned dictionary. Every statement goes through the shared cache (db/sql.ts stmt).
import type { Sqlite } from '../../db/connection';
import { columnParams, insertSql, ownerOf, ownerSql, setSql, stmt, type CurrentUser } from '../../db/sql';
import type { DictionaryEntryDto, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';

export type NewDictionaryRow = Pick<LocalDictionaryDto, 'LdLgID' | 'LdName' | 'LdCreated'> & Partial<Omit<LocalDictionaryDto, 'LdID'>>;

/** Every column but the id: the only names insert/update ever put into SQL. */
const COLUMNS = [
  'LdLgID',
  'LdUsID',
  'LdName',
  'LdDescription',
  'LdSourceFormat',
  'LdSourceURI',
  'LdLicense',
  'LdEntryCount',
  'LdPriority',
  'LdCreated',
] as const satisfies readonly (keyof LocalDictionaryDto)[];

/** What a dictionary row answers with (LdImporting is internal). */
const SELECTED = `LdID, ${COLUMNS.join(', ')}`;
/** Rows an import is still writing are invisible to every read, with their entries. */
const VISIBLE = 'LdImporting = 0';

export function listDictionaries(sqlite: Sqlite, user: CurrentUser, languageId?: number): LocalDictionaryDto[] {
  const byLanguage = languageId === undefined ? '' : ' AND LdLgID = @language';
  return stmt(
    sqlite,
    `SELECT ${SELECTED} FROM local_dictionaries WHERE ${VISIBLE} AND ${ownerSql('LdUsID')}${byLanguage} ORDER BY LdPriority DESC, LdName, LdID`,
  ).all({
    owner: ownerOf(user),
    ...(languageId === undefined ? {} : { language: languageId }),
  }) as LocalDictionaryDto[];
}

export function findOwnedDictionary(sqlite: Sqlite, user: CurrentUser, id: number): LocalDictionaryDto | undefined {
  return stmt(sqlite, `SELECT ${SELECTED} FROM local_dictionaries WHERE LdID = @id AND ${VISIBLE} AND ${ownerSql('LdUsID')}`).get({
    id,
    owner: ownerOf(user),
  }) as LocalDictionaryDto | undefined;
}

/** Columns left out take their table defaults. */
export function insertDictionary(sqlite: Sqlite, row: NewDictionaryRow): LocalDictionaryDto {
  const { names, values } = columnParams(COLUMNS, row);
  return stmt(sqlite, `${insertSql('local_dictionaries', names)} RETURNING ${SELECTED}`).get(values) as LocalDictionaryDto;
}

export function updateDictionary(sqlite: Sqlite, user: CurrentUser, id: number, patch: Partial<LocalDictionaryDto>): LocalDictionaryDto | undefined {
  const { names, values } = columnParams(COLUMNS, patch);
  if (names.length === 0) return findOwnedDictionary(sqlite, user, id);
  return stmt(sqlite, `UPDATE local_dictionaries SET ${setSql(names)} WHERE LdID = @id AND ${VISIBLE} AND ${ownerSql('LdUsID')} RETURNING ${SELECTED}`).get({
    ...values,
    id,
    owner: ownerOf(user),
  }) as LocalDictionaryDto | undefined;
}

/** Entries go with it (ON DELETE CASCADE). */
export function deleteDictionary(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM local_dictionaries WHERE LdID = @id AND ${VISIBLE} AND ${ownerSql('LdUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

const SQL = {
  insertEntry:
    'INSERT INTO local_dictionary_entries (LeLdID, LeTerm, LeTermLC, LeReading, LeDefinition, LePartOfSpeech, LeFrequencyRank) VALUES (?, ?, ?, ?, ?, ?, ?)',
  // The dictionary must belong to the owner: entries are only ever written under an owned parent.
  clearEntries: `DELETE FROM local_dictionary_entries WHERE LeLdID = (SELECT LdID FROM local_dictionaries WHERE LdID = @id AND ${ownerSql('LdUsID')})`,
  moveEntries: 'UPDATE local_dictionary_entries SET LeLdID = @to WHERE LeLdID = @from',
  deleteEntrySlice: 'DELETE FROM local_dictionary_entries WHERE LeID IN (SELECT LeID FROM local_dictionary_entries WHERE LeLdID = ? LIMIT ?)',
  importingByToken: 'SELECT LdID FROM local_dictionaries WHERE LdImporting = ?',
  staleImports: 'SELECT LdID FROM local_dictionaries WHERE LdImporting <> 0 AND LdImporting < ?',
  deleteImportingRow: 'DELETE FROM local_dictionaries WHERE LdID = ? AND LdImporting <> 0',
  finishImport: 'UPDATE local_dictionaries SET LdImporting = 0 WHERE LdID = ? AND LdImporting = ?',
  lookup: `SELECT e.LeID, e.LeLdID, d.LdName, e.LeTerm, e.LeReading, e.LeDefinition, e.LePartOfSpeech, e.LeFrequencyRank
             FROM local_dictionaries d
             JOIN local_dictionary_entries e ON e.LeLdID = d.LdID AND e.LeTermLC = @key
            WHERE d.LdLgID = @language AND d.LdImporting = 0 AND ${ownerSql('d.LdUsID')} AND e.LeDefinition <> ''
            ORDER BY d.LdPriority DESC, d.LdID, e.LeID
            LIMIT @limit`,
  languageOwned: `SELECT 1 FROM languages WHERE LgID = @language AND ${ownerSql('LgUsID')}`,
  storedLemma: `SELECT WoLemma FROM words WHERE WoLgID = @language AND WoTextLC = @key AND ${ownerSql('WoUsID')} AND WoLemma IS NOT NULL AND WoLemma <> '' LIMIT 1`,
};

/** Bulk writer for one import; call inside the import's transaction, after checking the dictionary is owned. */
export function entryWriter(sqlite: Sqlite, dictionaryId: number) {
  const insert = stmt(sqlite, SQL.insertEntry);
  return (term: string, key: string, reading: string, definition: string, partOfSpeech: string, rank: number | null) =>
    insert.run(dictionaryId, term, key, reading, definition, partOfSpeech, rank);
}

export function clearEntries(sqlite: Sqlite, user: CurrentUser, dictionaryId: number): number {
  return stmt(sqlite, SQL.clearEntries).run({ id: dictionaryId, owner: ownerOf(user) }).changes;
}

export function lookupEntries(sqlite: Sqlite, user: CurrentUser, languageId: number, key: string, limit: number): DictionaryEntryDto[] {
  return stmt(sqlite, SQL.lookup).all({ key, language: languageId, owner: ownerOf(user), limit }) as DictionaryEntryDto[];
}

/** The lookup's ownership check, as a prepared statement: it runs on every click in the reader. */
export function ownsLanguage(sqlite: Sqlite, user: CurrentUser, languageId: number): boolean {
  return stmt(sqlite, SQL.languageOwned).get({ language: languageId, owner: ownerOf(user) }) !== undefined;
}

/** WoLemma of the caller's stored term with this text, if it has one. */
export function storedLemma(sqlite: Sqlite, user: CurrentUser, languageId: number, key: string): string | null {
  const row = stmt(sqlite, SQL.storedLemma).get({ language: languageId, key, owner: ownerOf(user) }) as { WoLemma: string } | undefined;
  return row?.WoLemma ?? null;
}

// ---- Imports in slices: a hidden row (LdImporting = the import's token) collects the entries ----------------

/** The hidden dictionary an import writes into; visible only after finishImport. */
export function insertImportingDictionary(sqlite: Sqlite, row: NewDictionaryRow, token: number): number {
  const { names, values } = columnParams(COLUMNS, row);
  return Number(
    stmt(sqlite, `${insertSql('local_dictionaries', [...names, 'LdImporting'])} RETURNING LdID`)
      .pluck()
      .get({ ...values, LdImporting: token }),
  );
}

/** Makes the import's dictionary visible; false when it is gone (deleted with its language meanwhile). */
export function finishImport(sqlite: Sqlite, id: number, token: number): boolean {
  return stmt(sqlite, SQL.finishImport).run(id, token).changes === 1;
}

/** Moves a finished import's entries into the dictionary it was imported into. */
export function moveEntries(sqlite: Sqlite, from: number, to: number): number {
  return stmt(sqlite, SQL.moveEntries).run({ from, to }).changes;
}

/** Deletes up to `limit` entries of a dictionary: a large one is removed in short transactions. */
export function deleteEntrySlice(sqlite: Sqlite, dictionaryId: number, limit: number): number {
  return stmt(sqlite, SQL.deleteEntrySlice).run(dictionaryId, limit).changes;
}

export function importingDictionaryIds(sqlite: Sqlite, token: number): number[] {
  return stmt(sqlite, SQL.importingByToken).pluck().all(token) as number[];
}

/** Hidden rows of imports that started before `before` (epoch ms): killed imports. */
export function staleImportIds(sqlite: Sqlite, before: number): number[] {
  return stmt(sqlite, SQL.staleImports).pluck().all(before) as number[];
}

export function deleteImportingRow(sqlite: Sqlite, id: number): void {
  stmt(sqlite, SQL.deleteImportingRow).run(id);
}

// Frequency lists (issue 50, ./frequency.ts): usable dictionaries of a language holding ranked words.
export interface FrequencyList {
  LdID: number;
  LdName: string;
  /** Distinct ranked words. */
  words: number;
}

export interface RankedWord {
  /** As the list spells it. */
  word: string;
  /** Lowercased (the terms' WoTextLC). */
  key: string;
  rank: number;
}

const FREQUENCY_SQL = {
  lists: `SELECT d.LdID, d.LdName, (SELECT count(DISTINCT e.LeTermLC) FROM local_dictionary_entries e
                                     WHERE e.LeLdID = d.LdID AND e.LeFrequencyRank IS NOT NULL) AS words
            FROM local_dictionaries d
           WHERE d.LdLgID = @language AND d.LdImporting = 0 AND ${ownerSql('d.LdUsID')}
             AND EXISTS (SELECT 1 FROM local_dictionary_entries e WHERE e.LeLdID = d.LdID AND e.LeFrequencyRank IS NOT NULL)
           ORDER BY d.LdPriority DESC, d.LdID`,
  // Ties of rank keep the list's own order (its first row).
  ranked: `SELECT min(e.LeTerm) AS word, e.LeTermLC AS key, min(e.LeFrequencyRank) AS rank
             FROM local_dictionaries d JOIN local_dictionary_entries e ON e.LeLdID = d.LdID
            WHERE d.LdID = @id AND d.LdLgID = @language AND d.LdImporting = 0 AND ${ownerSql('d.LdUsID')}
              AND e.LeFrequencyRank IS NOT NULL AND e.LeTermLC <> ''
            GROUP BY e.LeTermLC
            ORDER BY rank, min(e.LeID)`,
};

export function frequencyLists(sqlite: Sqlite, owner: number | null, languageId: number): FrequencyList[] {
  return stmt(sqlite, FREQUENCY_SQL.lists).all({ language: languageId, owner }) as FrequencyList[];
}

export function rankedWords(sqlite: Sqlite, owner: number | null, languageId: number, dictionaryId: number): RankedWord[] {
  return stmt(sqlite, FREQUENCY_SQL.ranked).all({ id: dictionaryId, language: languageId, owner }) as RankedWord[];
}
