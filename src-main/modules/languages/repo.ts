// Runs in: main. SQL for languages; every query scoped to the owner.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { languages } from '../../db/schema';
import { ownedBy, type CurrentUser } from '../../db/scope';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql } from '../../db/scope';
import { stmt } from '../../db/sql';

export type LanguageRow = typeof languages.$inferSelect;
export type NewLanguageRow = typeof languages.$inferInsert;

export function listLanguages(db: Db, user: CurrentUser): LanguageDto[] {
  return db.select().from(languages).where(ownedBy(languages.LgUsID, user)).orderBy(asc(languages.LgName)).all();
}

/** The language if the user owns it; undefined for missing and foreign alike. */
export function findOwnedLanguage(db: Db, user: CurrentUser, id: number): LanguageDto | undefined {
  return db
    .select()
    .from(languages)
    .where(and(eq(languages.LgID, id), ownedBy(languages.LgUsID, user)))
    .get();
}

export function findLanguageByName(db: Db, user: CurrentUser, name: string): LanguageDto | undefined {
  return db
    .select()
    .from(languages)
    .where(and(eq(languages.LgName, name), ownedBy(languages.LgUsID, user)))
    .get();
}

export function insertLanguage(db: Db, row: NewLanguageRow): LanguageDto {
  return db.insert(languages).values(row).returning().get();
}

export function updateLanguage(db: Db, user: CurrentUser, id: number, patch: Partial<NewLanguageRow>): LanguageDto | undefined {
  return db
    .update(languages)
    .set(patch)
    .where(and(eq(languages.LgID, id), ownedBy(languages.LgUsID, user)))
    .returning()
    .get();
}

export function deleteLanguage(db: Db, user: CurrentUser, id: number): number {
  return db
    .delete(languages)
    .where(and(eq(languages.LgID, id), ownedBy(languages.LgUsID, user)))
    .run().changes;
}

const PARSING_COLUMNS =
  'LgID, LgParserType, LgIsoCode, LgRegexpWordCharacters, LgRegexpSplitSentences, LgExceptionsSplitSentences, LgCharacterSubstitutions, LgRemoveSpaces, LgSplitEachChar';

export type ParsingLanguageRow = Pick<
  LanguageDto,
  'LgID' | 'LgParserType' | 'LgIsoCode' | 'LgRegexpWordCharacters' | 'LgRegexpSplitSentences' | 'LgExceptionsSplitSentences' | 'LgCharacterSubstitutions'
> & { LgRemoveSpaces: number; LgSplitEachChar: number };

/** The columns a parser needs, for the owner's language (hot path: the reader and every term change). */
export function parsingColumns(sqlite: Sqlite, user: CurrentUser, languageId: number): ParsingLanguageRow | undefined {
  return stmt(sqlite, `SELECT ${PARSING_COLUMNS} FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`).get({ id: languageId, owner: ownerOf(user) }) as
    | ParsingLanguageRow
    | undefined;
}
