// Runs in: main. SQL for languages; every query scoped to the owner. Flags are 0/1 in SQLite, booleans in the DTO.
import type { Sqlite } from '../../db/connection';
import { columnParams, insertSql, ownerOf, ownerSql, setSql, stmt, type CurrentUser } from '../../db/sql';
import type { LanguageDto } from '../../../src-shared/contract/languages';

export type NewLanguageRow = Pick<LanguageDto, 'LgName' | 'LgCreated'> & Partial<Omit<LanguageDto, 'LgID'>>;

/** Every column but the id, in table order: the only names insert/update ever put into SQL. */
const COLUMNS = [
  'LgUsID',
  'LgName',
  'LgIsoCode',
  'LgParserType',
  'LgLemmatizerType',
  'LgRegexpWordCharacters',
  'LgRegexpSplitSentences',
  'LgExceptionsSplitSentences',
  'LgCharacterSubstitutions',
  'LgRemoveSpaces',
  'LgSplitEachChar',
  'LgRightToLeft',
  'LgShowRomanization',
  'LgTextSize',
  'LgDict1URI',
  'LgDict2URI',
  'LgGoogleTranslateURI',
  'LgCreated',
] as const satisfies readonly (keyof LanguageDto)[];
const FLAGS = ['LgRemoveSpaces', 'LgSplitEachChar', 'LgRightToLeft', 'LgShowRomanization'] as const;

type LanguageRow = Omit<LanguageDto, (typeof FLAGS)[number]> & Record<(typeof FLAGS)[number], number>;

function toDto(row: LanguageRow): LanguageDto;
function toDto(row: LanguageRow | undefined): LanguageDto | undefined;
function toDto(row: LanguageRow | undefined): LanguageDto | undefined {
  if (!row) return undefined;
  const dto = { ...row } as unknown as LanguageDto;
  for (const f of FLAGS) dto[f] = row[f] === 1;
  return dto;
}

export function listLanguages(sqlite: Sqlite, user: CurrentUser): LanguageDto[] {
  return (stmt(sqlite, `SELECT * FROM languages WHERE ${ownerSql('LgUsID')} ORDER BY LgName`).all({ owner: ownerOf(user) }) as LanguageRow[]).map((r) =>
    toDto(r),
  );
}

/** The language if the user owns it; undefined for missing and foreign alike. */
export function findOwnedLanguage(sqlite: Sqlite, user: CurrentUser, id: number): LanguageDto | undefined {
  return toDto(stmt(sqlite, `SELECT * FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`).get({ id, owner: ownerOf(user) }) as LanguageRow | undefined);
}

export function findLanguageByName(sqlite: Sqlite, user: CurrentUser, name: string): LanguageDto | undefined {
  return toDto(
    stmt(sqlite, `SELECT * FROM languages WHERE LgName = @name AND ${ownerSql('LgUsID')}`).get({ name, owner: ownerOf(user) }) as LanguageRow | undefined,
  );
}

/** Columns left out take their table defaults. */
export function insertLanguage(sqlite: Sqlite, row: NewLanguageRow): LanguageDto {
  const { names, values } = columnParams(COLUMNS, row);
  return toDto(stmt(sqlite, `${insertSql('languages', names)} RETURNING *`).get(values) as LanguageRow);
}

export function updateLanguage(sqlite: Sqlite, user: CurrentUser, id: number, patch: Partial<LanguageDto>): LanguageDto | undefined {
  const { names, values } = columnParams(COLUMNS, patch);
  if (names.length === 0) return findOwnedLanguage(sqlite, user, id);
  return toDto(
    stmt(sqlite, `UPDATE languages SET ${setSql(names)} WHERE LgID = @id AND ${ownerSql('LgUsID')} RETURNING *`).get({
      ...values,
      id,
      owner: ownerOf(user),
    }) as LanguageRow | undefined,
  );
}

export function deleteLanguage(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

/** Fields whose change alters how texts are split, so texts of the language must be parsed again. */
export const PARSING_FIELDS = [
  'LgParserType',
  'LgRegexpWordCharacters',
  'LgRegexpSplitSentences',
  'LgExceptionsSplitSentences',
  'LgCharacterSubstitutions',
  'LgRemoveSpaces',
  'LgSplitEachChar',
] as const satisfies readonly (keyof LanguageDto)[];

const PARSING_COLUMNS = ['LgID', 'LgIsoCode', ...PARSING_FIELDS].join(', ');

export type ParsingLanguageRow = Omit<Pick<LanguageDto, 'LgID' | 'LgIsoCode' | (typeof PARSING_FIELDS)[number]>, 'LgRemoveSpaces' | 'LgSplitEachChar'> & {
  LgRemoveSpaces: number;
  LgSplitEachChar: number;
};

/** The columns a parser needs, for the owner's language (hot path: the reader and every term change). */
export function parsingColumns(sqlite: Sqlite, user: CurrentUser, languageId: number): ParsingLanguageRow | undefined {
  return stmt(sqlite, `SELECT ${PARSING_COLUMNS} FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`).get({ id: languageId, owner: ownerOf(user) }) as
    ParsingLanguageRow | undefined;
}

export interface WordCorrectionRow {
  WcID: number;
  WcLgID: number;
  WcText: string;
  /** Tab-separated parts. */
  WcParts: string;
  WcCreated: number;
}

/** The owner's corrections of a language, by string. */
export function wordCorrections(sqlite: Sqlite, user: CurrentUser, languageId: number): WordCorrectionRow[] {
  return stmt(sqlite, `SELECT WcID, WcLgID, WcText, WcParts, WcCreated FROM word_corrections WHERE WcLgID = @lg AND ${ownerSql('WcUsID')} ORDER BY WcText`).all(
    {
      lg: languageId,
      owner: ownerOf(user),
    },
  ) as WordCorrectionRow[];
}

/** Stores a correction of the owner's language (checked by the caller); a correction of the same string is replaced. */
export function upsertWordCorrection(sqlite: Sqlite, user: CurrentUser, row: Omit<WordCorrectionRow, 'WcID'>): WordCorrectionRow {
  return stmt(
    sqlite,
    `INSERT INTO word_corrections (WcUsID, WcLgID, WcText, WcParts, WcCreated) VALUES (@owner, @WcLgID, @WcText, @WcParts, @WcCreated)
     ON CONFLICT (WcLgID, WcText) DO UPDATE SET WcParts = excluded.WcParts, WcCreated = excluded.WcCreated
     RETURNING WcID, WcLgID, WcText, WcParts, WcCreated`,
  ).get({ ...row, owner: ownerOf(user) }) as WordCorrectionRow;
}

/** Deletes the owner's correction of a language: its string, or undefined when missing or foreign. */
export function deleteWordCorrection(sqlite: Sqlite, user: CurrentUser, languageId: number, id: number): string | undefined {
  const row = stmt(sqlite, `DELETE FROM word_corrections WHERE WcID = @id AND WcLgID = @lg AND ${ownerSql('WcUsID')} RETURNING WcText`).get({
    id,
    lg: languageId,
    owner: ownerOf(user),
  }) as { WcText: string } | undefined;
  return row?.WcText;
}
