// Runs in: main. SQL of imports from other tools: what already exists (languages by name, texts, feeds). The rows
// themselves are stored by their owners (texts, text-tags, feeds). Every statement is owner-scoped.
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

export function feedExists(sqlite: Sqlite, user: CurrentUser, languageId: number, uri: string): boolean {
  return !!stmt(sqlite, `SELECT 1 FROM news_feeds WHERE NfLgID = @languageId AND NfSourceURI = @uri AND ${ownerSql('NfUsID')} LIMIT 1`).get({
    languageId,
    uri,
    owner: ownerOf(user),
  });
}
