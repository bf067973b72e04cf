// Runs in: main. SQL for text tags; scoped to the owner, counts through owned texts.
import type { TextTagDto } from '../../../src-shared/contract/texts';
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

const SELECT = `SELECT T2ID, T2Text, T2Comment,
  (SELECT count(*) FROM text_tag_map JOIN texts ON TxID = TtTxID WHERE TtT2ID = T2ID AND ${ownerSql('TxUsID')}) AS textCount
  FROM text_tags`;

export function listTextTags(sqlite: Sqlite, user: CurrentUser): TextTagDto[] {
  return stmt(sqlite, `${SELECT} WHERE ${ownerSql('T2UsID')} ORDER BY T2Text COLLATE NOCASE`).all({ owner: ownerOf(user) }) as TextTagDto[];
}

export function findTextTag(sqlite: Sqlite, user: CurrentUser, id: number): TextTagDto | undefined {
  return stmt(sqlite, `${SELECT} WHERE T2ID = @id AND ${ownerSql('T2UsID')}`).get({ id, owner: ownerOf(user) }) as TextTagDto | undefined;
}

export function findTextTagByText(sqlite: Sqlite, user: CurrentUser, text: string): TextTagDto | undefined {
  return stmt(sqlite, `${SELECT} WHERE T2Text = @text AND ${ownerSql('T2UsID')}`).get({ text, owner: ownerOf(user) }) as TextTagDto | undefined;
}

export function insertTextTag(sqlite: Sqlite, user: CurrentUser, text: string, comment: string): number {
  return Number(stmt(sqlite, 'INSERT INTO text_tags (T2UsID, T2Text, T2Comment) VALUES (?, ?, ?)').run(ownerOf(user), text, comment).lastInsertRowid);
}

export function updateTextTag(sqlite: Sqlite, user: CurrentUser, id: number, patch: { T2Text?: string; T2Comment?: string }): number {
  return stmt(
    sqlite,
    `UPDATE text_tags SET T2Text = coalesce(@text, T2Text), T2Comment = coalesce(@comment, T2Comment) WHERE T2ID = @id AND ${ownerSql('T2UsID')}`,
  ).run({ id, text: patch.T2Text ?? null, comment: patch.T2Comment ?? null, owner: ownerOf(user) }).changes;
}

export function deleteTextTag(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM text_tags WHERE T2ID = @id AND ${ownerSql('T2UsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

/** The text's tags become exactly `names`; missing tags are created for the owner. A foreign text keeps its links. */
export function setTextTags(sqlite: Sqlite, user: CurrentUser, textId: number, names: readonly string[]): void {
  const owner = ownerOf(user);
  stmt(sqlite, `DELETE FROM text_tag_map WHERE TtTxID = (SELECT TxID FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')})`).run({ id: textId, owner });
  for (const name of names) {
    let tag = stmt(sqlite, `SELECT T2ID FROM text_tags WHERE T2Text = @name AND ${ownerSql('T2UsID')}`).get({ name, owner }) as { T2ID: number } | undefined;
    tag ??= { T2ID: Number(stmt(sqlite, 'INSERT INTO text_tags (T2UsID, T2Text) VALUES (?, ?)').run(owner, name).lastInsertRowid) };
    stmt(sqlite, 'INSERT OR IGNORE INTO text_tag_map (TtTxID, TtT2ID) VALUES (?, ?)').run(textId, tag.T2ID);
  }
}
