// Runs in: main. SQL of imports from other tools: finding languages by name, storing texts (parsed later by the
// texts module, TxNeedsParse) with their tags, and feeds (the feeds module has no service yet to take them).
// Every statement is owner-scoped.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

export function languageByName(sqlite: Sqlite, user: CurrentUser, name: string): { LgID: number; LgName: string } | undefined {
  return stmt(
    sqlite,
    `SELECT LgID, LgName FROM languages WHERE lower(LgName) = lower(@name) AND ${ownerSql('LgUsID')} ORDER BY LgName = @name DESC LIMIT 1`,
  ).get({
    name,
    owner: ownerOf(user),
  }) as { LgID: number; LgName: string } | undefined;
}

export function textExists(sqlite: Sqlite, user: CurrentUser, languageId: number, title: string, text: string): boolean {
  return !!stmt(sqlite, `SELECT 1 FROM texts WHERE TxLgID = @languageId AND TxTitle = @title AND TxText = @text AND ${ownerSql('TxUsID')} LIMIT 1`).get({
    languageId,
    title,
    text,
    owner: ownerOf(user),
  });
}

export interface NewImportedText {
  TxLgID: number;
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
  TxArchived: boolean;
  /** The source's dates where it kept them (else the import's moment) and when it was read to the end. */
  TxCreated: number;
  TxFinishedAt: number | null;
}

/** Inserts a text marked for parsing (TxNeedsParse): the texts module parses it after the import's transaction. */
export function insertText(sqlite: Sqlite, user: CurrentUser, row: NewImportedText, now: number): number {
  return Number(
    stmt(
      sqlite,
      `INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxAudioURI, TxSourceURI, TxArchived, TxNeedsParse, TxCreated, TxModified, TxFinishedAt)
       VALUES (@TxLgID, @owner, @TxTitle, @TxText, @TxAudioURI, @TxSourceURI, @archived, 1, @TxCreated, @now, @TxFinishedAt)`,
    ).run({ ...row, archived: row.TxArchived ? 1 : 0, owner: ownerOf(user), now }).lastInsertRowid,
  );
}

export function tagText(sqlite: Sqlite, user: CurrentUser, textId: number, names: readonly string[]): void {
  const owner = ownerOf(user);
  for (const name of names) {
    let tag = stmt(sqlite, `SELECT T2ID FROM text_tags WHERE T2Text = @name AND ${ownerSql('T2UsID')}`).get({ name, owner }) as { T2ID: number } | undefined;
    tag ??= { T2ID: Number(stmt(sqlite, 'INSERT INTO text_tags (T2UsID, T2Text) VALUES (?, ?)').run(owner, name).lastInsertRowid) };
    stmt(sqlite, 'INSERT OR IGNORE INTO text_tag_map (TtTxID, TtT2ID) VALUES (?, ?)').run(textId, tag.T2ID);
  }
}

export function feedExists(sqlite: Sqlite, user: CurrentUser, languageId: number, uri: string): boolean {
  return !!stmt(sqlite, `SELECT 1 FROM news_feeds WHERE NfLgID = @languageId AND NfSourceURI = @uri AND ${ownerSql('NfUsID')} LIMIT 1`).get({
    languageId,
    uri,
    owner: ownerOf(user),
  });
}

export interface NewImportedFeed {
  NfLgID: number;
  NfName: string;
  NfSourceURI: string;
  NfArticleSectionTags: string;
  NfFilterTags: string;
  NfOptions: string;
}

export function insertFeed(sqlite: Sqlite, user: CurrentUser, row: NewImportedFeed): number {
  return Number(
    stmt(
      sqlite,
      `INSERT INTO news_feeds (NfLgID, NfUsID, NfName, NfSourceURI, NfArticleSectionTags, NfFilterTags, NfOptions)
       VALUES (@NfLgID, @owner, @NfName, @NfSourceURI, @NfArticleSectionTags, @NfFilterTags, @NfOptions)`,
    ).run({ ...row, owner: ownerOf(user) }).lastInsertRowid,
  );
}
