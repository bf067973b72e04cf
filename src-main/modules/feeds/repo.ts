// Runs in: main. SQL for news feeds and their articles. Feeds are scoped by owner (NfUsID); articles
// (feed_links) have no owner column and are always reached through their owned feed.
import type { FeedDto } from '../../../src-shared/contract/feeds';
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

/** A feed as stored: the DTO's columns without the parsed options, plus the HTTP cache validators. */
export type FeedRow = Omit<FeedDto, 'options'> & { NfEtag: string; NfLastModified: string };

export interface ArticleRow {
  FlID: number;
  FlNfID: number;
  FlTitle: string;
  FlLink: string;
  FlDescription: string;
  FlDate: number | null;
  FlAudio: string;
  FlText: string;
  FlError: string;
  FlTxID: number | null;
  FlNew: number;
}

const FEED_SELECT = `SELECT f.NfID, f.NfLgID, f.NfUsID, l.LgName, f.NfName, f.NfSourceURI, f.NfArticleSectionTags, f.NfFilterTags, f.NfOptions,
  f.NfUpdate, f.NfEtag, f.NfLastModified, f.NfLastError,
  (SELECT COUNT(*) FROM feed_links a WHERE a.FlNfID = f.NfID) AS article_count,
  (SELECT COUNT(*) FROM feed_links a WHERE a.FlNfID = f.NfID AND a.FlNew = 1) AS new_count,
  (SELECT COUNT(*) FROM feed_links a WHERE a.FlNfID = f.NfID AND a.FlTxID IS NOT NULL) AS imported_count
  FROM news_feeds f JOIN languages l ON l.LgID = f.NfLgID`;

export function listFeeds(sqlite: Sqlite, user: CurrentUser, languageId?: number): FeedRow[] {
  if (languageId !== undefined)
    return stmt(sqlite, `${FEED_SELECT} WHERE ${ownerSql('f.NfUsID')} AND f.NfLgID = @lg ORDER BY f.NfName COLLATE NOCASE, f.NfID`).all({
      owner: ownerOf(user),
      lg: languageId,
    }) as FeedRow[];
  return stmt(sqlite, `${FEED_SELECT} WHERE ${ownerSql('f.NfUsID')} ORDER BY l.LgName COLLATE NOCASE, f.NfName COLLATE NOCASE, f.NfID`).all({
    owner: ownerOf(user),
  }) as FeedRow[];
}

export function findFeed(sqlite: Sqlite, user: CurrentUser, id: number): FeedRow | undefined {
  return stmt(sqlite, `${FEED_SELECT} WHERE f.NfID = @id AND ${ownerSql('f.NfUsID')}`).get({ id, owner: ownerOf(user) }) as FeedRow | undefined;
}

/** Every feed of every owner (the autoupdate scheduler), id and options only. */
export function allFeedSchedules(sqlite: Sqlite): { NfID: number; NfUsID: number | null; NfOptions: string; NfUpdate: number | null }[] {
  return stmt(sqlite, `SELECT NfID, NfUsID, NfOptions, NfUpdate FROM news_feeds WHERE NfOptions LIKE '%autoupdate=%'`).all() as {
    NfID: number;
    NfUsID: number | null;
    NfOptions: string;
    NfUpdate: number | null;
  }[];
}

export interface FeedWrite {
  NfLgID: number;
  NfName: string;
  NfSourceURI: string;
  NfArticleSectionTags: string;
  NfFilterTags: string;
  NfOptions: string;
}

export function insertFeed(sqlite: Sqlite, user: CurrentUser, f: FeedWrite): number {
  return Number(
    stmt(
      sqlite,
      `INSERT INTO news_feeds (NfLgID, NfUsID, NfName, NfSourceURI, NfArticleSectionTags, NfFilterTags, NfOptions) VALUES (@NfLgID, @owner, @NfName, @NfSourceURI, @NfArticleSectionTags, @NfFilterTags, @NfOptions)`,
    ).run({ ...f, owner: ownerOf(user) }).lastInsertRowid,
  );
}

export function updateFeed(sqlite: Sqlite, user: CurrentUser, id: number, f: FeedWrite, sourceChanged: boolean): number {
  return stmt(
    sqlite,
    `UPDATE news_feeds SET NfLgID = @NfLgID, NfName = @NfName, NfSourceURI = @NfSourceURI, NfArticleSectionTags = @NfArticleSectionTags, NfFilterTags = @NfFilterTags, NfOptions = @NfOptions,
       NfEtag = CASE WHEN @changed THEN '' ELSE NfEtag END, NfLastModified = CASE WHEN @changed THEN '' ELSE NfLastModified END
     WHERE NfID = @id AND ${ownerSql('NfUsID')}`,
  ).run({ ...f, id, owner: ownerOf(user), changed: sourceChanged ? 1 : 0 }).changes;
}

export function deleteFeed(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM news_feeds WHERE NfID = @id AND ${ownerSql('NfUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

export function setFetchState(sqlite: Sqlite, id: number, s: { NfUpdate: number; NfEtag?: string; NfLastModified?: string; NfLastError: string }): void {
  stmt(
    sqlite,
    `UPDATE news_feeds SET NfUpdate = @NfUpdate, NfEtag = COALESCE(@NfEtag, NfEtag), NfLastModified = COALESCE(@NfLastModified, NfLastModified), NfLastError = @NfLastError WHERE NfID = @id`,
  ).run({
    id,
    NfUpdate: s.NfUpdate,
    NfEtag: s.NfEtag ?? null,
    NfLastModified: s.NfLastModified ?? null,
    NfLastError: s.NfLastError,
  });
}

/** Articles of a feed the caller owns (the feed's ownership is checked by the caller first). */
export function listArticles(sqlite: Sqlite, feedId: number, limit: number, offset: number, q?: string): { rows: ArticleRow[]; total: number } {
  const like = q ? `%${q.replace(/[%_\\]/g, (c) => '\\' + c)}%` : null;
  const where = `FlNfID = @feed${like ? ` AND (FlTitle LIKE @like ESCAPE '\\' OR FlDescription LIKE @like ESCAPE '\\')` : ''}`;
  const rows = stmt(sqlite, `SELECT * FROM feed_links WHERE ${where} ORDER BY COALESCE(FlDate, 0) DESC, FlID DESC LIMIT @limit OFFSET @offset`).all({
    feed: feedId,
    like,
    limit,
    offset,
  }) as ArticleRow[];
  const total = (stmt(sqlite, `SELECT COUNT(*) AS n FROM feed_links WHERE ${where}`).get({ feed: feedId, like }) as { n: number }).n;
  return { rows, total };
}

export function markSeen(sqlite: Sqlite, feedId: number): void {
  stmt(sqlite, `UPDATE feed_links SET FlNew = 0 WHERE FlNfID = @feed AND FlNew = 1`).run({ feed: feedId });
}

/** Links and lower-cased titles already stored for a feed (uniqueness per feed by link and by title). */
export function existingKeys(sqlite: Sqlite, feedId: number): { links: Set<string>; titles: Set<string> } {
  const rows = stmt(sqlite, `SELECT FlLink, FlTitle FROM feed_links WHERE FlNfID = @feed`).all({ feed: feedId }) as { FlLink: string; FlTitle: string }[];
  return { links: new Set(rows.map((r) => r.FlLink).filter(Boolean)), titles: new Set(rows.map((r) => r.FlTitle.toLowerCase()).filter(Boolean)) };
}

export interface NewArticle {
  FlTitle: string;
  FlLink: string;
  FlDescription: string;
  FlDate: number | null;
  FlAudio: string;
  FlText: string;
}

export function insertArticle(sqlite: Sqlite, feedId: number, a: NewArticle): void {
  stmt(
    sqlite,
    `INSERT INTO feed_links (FlNfID, FlTitle, FlLink, FlDescription, FlDate, FlAudio, FlText, FlNew) VALUES (@feed, @FlTitle, @FlLink, @FlDescription, @FlDate, @FlAudio, @FlText, 1)`,
  ).run({ feed: feedId, ...a });
}

/** Drops the oldest articles beyond `keep` (imported ones last). */
export function trimArticles(sqlite: Sqlite, feedId: number, keep: number): number {
  return stmt(
    sqlite,
    `DELETE FROM feed_links WHERE FlNfID = @feed AND FlID NOT IN (SELECT FlID FROM feed_links WHERE FlNfID = @feed ORDER BY COALESCE(FlDate, 0) DESC, FlID DESC LIMIT @keep)`,
  ).run({ feed: feedId, keep }).changes;
}

/** Articles by id, each with its feed, restricted to feeds the caller owns. */
export function ownedArticles(sqlite: Sqlite, user: CurrentUser, ids: readonly number[]): ArticleRow[] {
  if (ids.length === 0) return [];
  return stmt(
    sqlite,
    `SELECT a.* FROM feed_links a JOIN news_feeds f ON f.NfID = a.FlNfID WHERE a.FlID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('f.NfUsID')} ORDER BY a.FlID`,
  ).all({
    ids: JSON.stringify(ids),
    owner: ownerOf(user),
  }) as ArticleRow[];
}

export function deleteArticles(sqlite: Sqlite, feedId: number, ids: readonly number[] | undefined): number {
  if (!ids) return stmt(sqlite, `DELETE FROM feed_links WHERE FlNfID = @feed`).run({ feed: feedId }).changes;
  return stmt(sqlite, `DELETE FROM feed_links WHERE FlNfID = @feed AND FlID IN (SELECT value FROM json_each(@ids))`).run({
    feed: feedId,
    ids: JSON.stringify(ids),
  }).changes;
}

export function setArticleResult(sqlite: Sqlite, id: number, r: { FlTxID?: number | null; FlError: string; FlText?: string }): void {
  stmt(sqlite, `UPDATE feed_links SET FlTxID = COALESCE(@tx, FlTxID), FlError = @err, FlText = COALESCE(@text, FlText), FlNew = 0 WHERE FlID = @id`).run({
    id,
    tx: r.FlTxID ?? null,
    err: r.FlError,
    text: r.FlText ?? null,
  });
}

export function countArticles(sqlite: Sqlite, feedId: number): number {
  return (stmt(sqlite, `SELECT COUNT(*) AS n FROM feed_links WHERE FlNfID = @feed`).get({ feed: feedId }) as { n: number }).n;
}
