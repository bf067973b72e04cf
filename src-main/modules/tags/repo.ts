// Runs in: main. SQL for term tags (tags) and their links to terms (word_tag_map, reached through owned terms and tags).
import type { Sqlite } from '../../db/connection';
import { insertMany, ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';
import type { TagDto } from '../../../src-shared/contract/tags';

const TAG_SELECT = `SELECT TgID, TgText, TgComment,
  (SELECT count(*) FROM word_tag_map JOIN words ON WoID = WtWoID WHERE WtTgID = TgID AND ${ownerSql('WoUsID')}) AS TermCount FROM tags`;

export function listTags(sqlite: Sqlite, user: CurrentUser, q?: string): TagDto[] {
  const like = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
  return stmt(sqlite, `${TAG_SELECT} WHERE ${ownerSql('TgUsID')} AND (@like IS NULL OR TgText LIKE @like ESCAPE '\\') ORDER BY TgText COLLATE NOCASE`).all({
    owner: ownerOf(user),
    like,
  }) as TagDto[];
}

export function findTag(sqlite: Sqlite, user: CurrentUser, id: number): TagDto | undefined {
  return stmt(sqlite, `${TAG_SELECT} WHERE TgID = @id AND ${ownerSql('TgUsID')}`).get({ id, owner: ownerOf(user) }) as TagDto | undefined;
}

export function findTagByText(sqlite: Sqlite, user: CurrentUser, text: string): TagDto | undefined {
  return stmt(sqlite, `${TAG_SELECT} WHERE TgText = @text AND ${ownerSql('TgUsID')}`).get({ text, owner: ownerOf(user) }) as TagDto | undefined;
}

export function insertTag(sqlite: Sqlite, user: CurrentUser, text: string, comment: string): number {
  return Number(
    stmt(sqlite, 'INSERT INTO tags (TgUsID, TgText, TgComment) VALUES (@owner, @text, @comment)').run({ owner: ownerOf(user), text, comment }).lastInsertRowid,
  );
}

export function updateTag(sqlite: Sqlite, user: CurrentUser, id: number, patch: { TgText?: string; TgComment?: string }): number {
  return stmt(
    sqlite,
    `UPDATE tags SET TgText = coalesce(@text, TgText), TgComment = coalesce(@comment, TgComment) WHERE TgID = @id AND ${ownerSql('TgUsID')}`,
  ).run({ id, owner: ownerOf(user), text: patch.TgText ?? null, comment: patch.TgComment ?? null }).changes;
}

export function deleteTag(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM tags WHERE TgID = @id AND ${ownerSql('TgUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

/** Ids of the named tags, creating the missing ones for the owner. */
export function ensureTags(sqlite: Sqlite, user: CurrentUser, names: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (names.length === 0) return out;
  const insert = stmt(sqlite, "INSERT OR IGNORE INTO tags (TgUsID, TgText, TgComment) VALUES (@owner, @text, '')");
  for (const text of names) insert.run({ owner: ownerOf(user), text });
  const rows = stmt(sqlite, `SELECT TgID, TgText FROM tags WHERE TgText IN (SELECT value FROM json_each(@names)) AND ${ownerSql('TgUsID')}`).all({
    names: JSON.stringify(names),
    owner: ownerOf(user),
  }) as { TgID: number; TgText: string }[];
  for (const r of rows) out.set(r.TgText, r.TgID);
  return out;
}

/**
 * Links tags to terms. Only the owner's terms and the owner's tags are joined (SPEC rule 8), so a
 * foreign id on either side links nothing.
 */
export function linkTags(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[], tagIds: readonly number[]): number {
  if (termIds.length === 0 || tagIds.length === 0) return 0;
  return stmt(
    sqlite,
    `INSERT OR IGNORE INTO word_tag_map (WtWoID, WtTgID)
       SELECT WoID, TgID FROM words, tags
       WHERE WoID IN (SELECT value FROM json_each(@terms)) AND ${ownerSql('WoUsID')}
         AND TgID IN (SELECT value FROM json_each(@tags)) AND TgUsID IS @owner`,
  ).run({ terms: JSON.stringify(termIds), tags: JSON.stringify(tagIds), owner: ownerOf(user) }).changes;
}

/** Removes links of the given tags (or all tags when `tagIds` is null) from the owner's terms. */
export function unlinkTags(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[], tagIds: readonly number[] | null): number {
  if (termIds.length === 0) return 0;
  return stmt(
    sqlite,
    `DELETE FROM word_tag_map WHERE WtWoID IN (SELECT WoID FROM words WHERE WoID IN (SELECT value FROM json_each(@terms)) AND ${ownerSql('WoUsID')})
       AND (@all = 1 OR WtTgID IN (SELECT value FROM json_each(@tags)))`,
  ).run({ terms: JSON.stringify(termIds), tags: JSON.stringify(tagIds ?? []), all: tagIds === null ? 1 : 0, owner: ownerOf(user) }).changes;
}

/**
 * Replaces each listed term's tags with the given texts, creating tags the caller does not have yet (the Anki
 * re-import). Call inside a transaction.
 */
export function replaceTermTags(sqlite: Sqlite, user: CurrentUser, changes: readonly { id: number; tags: readonly string[] }[]): void {
  if (changes.length === 0) return;
  const owner = ownerOf(user);
  const known = new Map<string, number>();
  for (const t of stmt(sqlite, `SELECT TgID, TgText FROM tags WHERE ${ownerSql('TgUsID')}`).all({ owner }) as { TgID: number; TgText: string }[]) {
    if (!known.has(t.TgText)) known.set(t.TgText, t.TgID);
  }
  const createTag = stmt(sqlite, 'INSERT INTO tags (TgUsID, TgText) VALUES (@owner, @text)');
  // The term is reached through its owner, so a foreign term id clears and gains nothing.
  const clear = stmt(sqlite, `DELETE FROM word_tag_map WHERE WtWoID IN (SELECT WoID FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')})`);
  const link = stmt(sqlite, `INSERT OR IGNORE INTO word_tag_map (WtWoID, WtTgID) SELECT WoID, @tagId FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')}`);
  for (const change of changes) {
    clear.run({ id: change.id, owner });
    for (const text of change.tags) {
      let tagId = known.get(text);
      if (tagId === undefined) {
        tagId = Number(createTag.run({ owner, text }).lastInsertRowid);
        known.set(text, tagId);
      }
      link.run({ id: change.id, tagId, owner });
    }
  }
}

/** Takes every tag off these terms (ids the bulk import just resolved as the caller's). */
export function clearTermTagLinks(sqlite: Sqlite, termIds: readonly number[]): void {
  const clear = stmt(sqlite, 'DELETE FROM word_tag_map WHERE WtWoID = ?');
  for (const id of termIds) clear.run(id);
}

/** Links [term id, tag id] pairs (ids the bulk import just resolved as the caller's). */
export function insertTermTagLinks(sqlite: Sqlite, links: readonly (readonly [termId: number, tagId: number])[]): void {
  insertMany(sqlite, 'INSERT OR IGNORE INTO word_tag_map (WtWoID, WtTgID)', 2, links);
}
