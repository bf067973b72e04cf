// Runs in: main. Feed rules: ownership (a foreign or missing feed is {success:false, error:"Feed not found"}),
// refresh through the safe fetcher with conditional requests and parsing in a worker, articles unique per
// feed by link and by title, import of articles as texts (full feed content, else the linked page's picked
// section, else Readability) with errors as plain text lines.
import fs from 'node:fs';
import path from 'node:path';
import type { HandlerContext } from '../../core/context';
import { runInWorker } from '../../core/worker';
import { resourcesDir } from '../../core/paths';
import { download } from '../../net/download';
import { yieldToEventLoop } from '../../core/slices';
import { transact } from '../../db/sql';
import { AppError, badRequest, notFound } from '../../../src-shared/contract/errors';
import type {
  ArticleDto,
  ArticlePreview,
  CuratedFeedDto,
  FeedDto,
  FeedFields,
  ImportResult,
  ProbeResult,
  RefreshResult,
} from '../../../src-shared/contract/feeds';
import type { FileResult, UploadedFile } from '../../../src-shared/contract/endpoint';
import { formatFeedOptions, parseFeedOptions } from '../../../src-shared/feeds/options';
import { decodeEntities } from '../../../src-shared/html/entities';
import { storableUrl } from '../../../src-shared/contract/safe-url';
import { getLanguage } from '../languages';
import { createText } from '../texts';
import * as repo from './repo';
import type { DownloadedDoc, ExtractedArticle, ExtractOptions, FeedParseResult, PreviewResult } from './extract';
import { type Message, messageText, msg } from '../../../src-shared/contract/messages';

/** A feed document larger than this is refused (after decompression). */
export const FEED_MAX_BYTES = 20 * 1024 * 1024;
/** An article page larger than this is refused. */
export const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const FEED_NOT_FOUND = () => notFound(msg('feed.notFound'), { success: false });
const WORKER_LIMITS = { maxHeapMb: 256, timeoutMs: 20_000, tooComplexMessage: msg('feed.tooComplex') };
/**
 * Documents up to this size are parsed in-process (milliseconds; feedsmith does not expand DTD entities), larger
 * ones in a worker thread with a heap cap and a deadline. Starting a worker costs more than parsing a typical feed.
 */
export const IN_PROCESS_MAX_BYTES = 256 * 1024;

type TaskName = 'feeds.parse' | 'feeds.extract' | 'feeds.preview';
/** The in-process parsers, loaded on first use: their packages (linkedom, Readability, feedsmith) are not needed to start. */
async function localParser(task: TaskName): Promise<(input: never) => unknown> {
  const { extractTask, parseFeedBytes, previewTask } = await import('./extract');
  return { 'feeds.parse': parseFeedBytes, 'feeds.extract': extractTask, 'feeds.preview': previewTask }[task];
}

/** Runs a parser on downloaded bytes: in-process when small, else in a worker (the bytes are moved, not copied). */
async function runParser<T>(task: TaskName, input: unknown, doc: DownloadedDoc): Promise<T> {
  if (doc.bytes.byteLength <= IN_PROCESS_MAX_BYTES) return ((await localParser(task)) as (i: unknown) => T)(input);
  return runInWorker<T>(task, input, { ...WORKER_LIMITS, transfer: [doc.bytes.buffer as ArrayBuffer] });
}

export function toFeedDto(row: repo.FeedRow): FeedDto {
  const { NfEtag: _e, NfLastModified: _l, ...rest } = row;
  return { ...rest, options: parseFeedOptions(row.NfOptions) };
}

export function toArticleDto(row: repo.ArticleRow): ArticleDto {
  const { FlText, FlNew, ...rest } = row;
  return { ...rest, has_text: FlText.trim().length > 0, FlNew: FlNew === 1 };
}

export function ownedFeed(ctx: HandlerContext, id: number): repo.FeedRow {
  const row = repo.findFeed(ctx.sqlite, ctx.user, id);
  if (!row) throw FEED_NOT_FOUND();
  return row;
}

function checkLanguage(ctx: HandlerContext, languageId: number): void {
  try {
    getLanguage(ctx, languageId);
  } catch {
    throw notFound(msg('language.denied'), { success: false });
  }
}

/** Splits the filter field (" | " or newlines) into selectors. */
export const filtersOf = (raw: string): string[] =>
  raw
    .split(/\s*\|\s*|\n/)
    .map((s) => s.trim())
    .filter(Boolean);

export const listFeeds = (ctx: HandlerContext, languageId?: number): FeedDto[] => repo.listFeeds(ctx.sqlite, ctx.user, languageId).map(toFeedDto);
export const getFeed = (ctx: HandlerContext, id: number): FeedDto => toFeedDto(ownedFeed(ctx, id));

const normaliseOptions = (raw: string | undefined) => formatFeedOptions(parseFeedOptions(raw ?? ''));

export function createFeed(ctx: HandlerContext, f: FeedFields): FeedDto {
  checkLanguage(ctx, f.NfLgID);
  const id = repo.insertFeed(ctx.sqlite, ctx.user, {
    NfLgID: f.NfLgID,
    NfName: f.NfName,
    NfSourceURI: f.NfSourceURI,
    NfArticleSectionTags: f.NfArticleSectionTags ?? '',
    NfFilterTags: f.NfFilterTags ?? '',
    NfOptions: normaliseOptions(f.NfOptions),
  });
  return getFeed(ctx, id);
}

/**
 * Feeds moved in from another tool, in the caller's transaction (the language ids are the caller's, resolved by the
 * import). Their options are kept as the tool wrote them: parseFeedOptions reads what it knows and ignores the rest.
 */
export function addImportedFeeds(ctx: HandlerContext, rows: readonly repo.FeedWrite[]): number[] {
  return rows.map((row) => repo.insertFeed(ctx.sqlite, ctx.user, row));
}

export function updateFeed(ctx: HandlerContext, id: number, patch: Partial<FeedFields>): FeedDto {
  const before = ownedFeed(ctx, id);
  // Ownership of the language is checked only when it changes (spec).
  if (patch.NfLgID !== undefined && patch.NfLgID !== before.NfLgID) checkLanguage(ctx, patch.NfLgID);
  const next = {
    NfLgID: patch.NfLgID ?? before.NfLgID,
    NfName: patch.NfName ?? before.NfName,
    NfSourceURI: patch.NfSourceURI ?? before.NfSourceURI,
    NfArticleSectionTags: patch.NfArticleSectionTags ?? before.NfArticleSectionTags,
    NfFilterTags: patch.NfFilterTags ?? before.NfFilterTags,
    NfOptions: patch.NfOptions !== undefined ? normaliseOptions(patch.NfOptions) : before.NfOptions,
  };
  if (!repo.updateFeed(ctx.sqlite, ctx.user, id, next, next.NfSourceURI !== before.NfSourceURI)) throw FEED_NOT_FOUND();
  return getFeed(ctx, id);
}

export function deleteFeed(ctx: HandlerContext, id: number): { success: true; deleted: number; articles: number } {
  const feed = ownedFeed(ctx, id);
  return transact(ctx, () => {
    const articles = repo.deleteArticles(ctx.sqlite, feed.NfID, undefined);
    return { success: true as const, deleted: repo.deleteFeed(ctx.sqlite, ctx.user, id), articles };
  });
}

export function listArticles(ctx: HandlerContext, id: number, page = 1, perPage = 50, q?: string) {
  const feed = ownedFeed(ctx, id);
  const { rows, total } = repo.listArticles(ctx.sqlite, feed.NfID, perPage, (page - 1) * perPage, q);
  const articles = rows.map(toArticleDto);
  // Opening the list is "seeing" the new articles: the badge clears, this answer still shows them as new.
  if (feed.new_count > 0) repo.markSeen(ctx.sqlite, feed.NfID);
  return { feed: toFeedDto(feed), articles, total, page, perPage };
}

export function deleteArticles(ctx: HandlerContext, feedId: number, ids?: number[]): { success: true; deleted: number } {
  const feed = ownedFeed(ctx, feedId);
  return { success: true, deleted: repo.deleteArticles(ctx.sqlite, feed.NfID, ids) };
}

async function fetchAndParse(ctx: HandlerContext, url: string, charset: string, validators?: { etag: string; lastModified: string }) {
  const doc = await download(ctx.services, url, {
    maxBytes: FEED_MAX_BYTES,
    headers: { accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5' },
    etag: validators?.etag || undefined,
    lastModified: validators?.lastModified || undefined,
  });
  if (doc.notModified) return { doc, parsed: null };
  const input: DownloadedDoc = { bytes: doc.bytes, contentType: doc.contentType, charset: charset || null, url: doc.url };
  const parsed = await runParser<FeedParseResult>('feeds.parse', input, input);
  return { doc, parsed };
}

const plain = (html: string, max: number) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** Fetches the feed and stores the new articles. Errors are remembered on the feed (NfLastError) and thrown. */
export async function refreshFeed(ctx: HandlerContext, id: number): Promise<RefreshResult> {
  const feed = ownedFeed(ctx, id);
  const options = parseFeedOptions(feed.NfOptions);
  const now = ctx.clock.now();
  let result: Awaited<ReturnType<typeof fetchAndParse>>;
  try {
    result = await fetchAndParse(ctx, feed.NfSourceURI, options.charset, { etag: feed.NfEtag, lastModified: feed.NfLastModified });
  } catch (err) {
    repo.setFetchState(ctx.sqlite, feed.NfID, { NfUpdate: now, NfLastError: (err as Error).message });
    throw err;
  }
  const { doc, parsed } = result;
  if (!parsed) {
    repo.setFetchState(ctx.sqlite, feed.NfID, { NfUpdate: now, NfLastError: '' });
    return { success: true, added: 0, total: repo.countArticles(ctx.sqlite, feed.NfID), not_modified: true };
  }
  if (parsed.kind === 'page') {
    const message = parsed.feeds.length ? msg('feed.pageWithFeedsListed', { urls: parsed.feeds.map((f) => f.url).join(', ') }) : msg('feed.pageNoFeed');
    const error = new AppError(422, message, { feeds: parsed.feeds });
    repo.setFetchState(ctx.sqlite, feed.NfID, { NfUpdate: now, NfLastError: error.message });
    throw error;
  }
  if (parsed.feed.items.length === 0) {
    repo.setFetchState(ctx.sqlite, feed.NfID, { NfUpdate: now, NfLastError: 'The feed has no articles' });
    throw new AppError(422, msg('feed.noArticles'));
  }
  const added = transact(ctx, () => {
    const seen = repo.existingKeys(ctx.sqlite, feed.NfID);
    let n = 0;
    for (const item of parsed.feed.items) {
      const title = (item.title || plain(item.description, 120) || item.link).slice(0, 500);
      const key = title.toLowerCase();
      if ((item.link && seen.links.has(item.link)) || seen.titles.has(key)) continue;
      seen.links.add(item.link);
      seen.titles.add(key);
      repo.insertArticle(ctx.sqlite, feed.NfID, {
        FlTitle: title,
        FlLink: item.link,
        FlDescription: plain(item.description, 2000),
        FlDate: item.date,
        // The API's URL rule, after resolving against the feed's address: `//host/a.mp3` never reaches a text as is.
        FlAudio: storableUrl(item.audio, feed.NfSourceURI),
        FlText: options.article_source === 'page' ? '' : item.content,
      });
      n++;
    }
    if (options.max_links) repo.trimArticles(ctx.sqlite, feed.NfID, options.max_links);
    repo.setFetchState(ctx.sqlite, feed.NfID, { NfUpdate: now, NfEtag: doc.etag, NfLastModified: doc.lastModified, NfLastError: '' });
    return n;
  });
  return { success: true, added, total: repo.countArticles(ctx.sqlite, feed.NfID), not_modified: false };
}

/** Downloads a page and extracts its article in a worker. */
export async function extractFromUrl(
  ctx: HandlerContext,
  url: string,
  opts: ExtractOptions & { charset?: string },
): Promise<ExtractedArticle & { url: string }> {
  const doc = await download(ctx.services, url, { maxBytes: PAGE_MAX_BYTES, headers: { accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5' } });
  const page: DownloadedDoc = { bytes: doc.bytes, contentType: doc.contentType, charset: opts.charset || null, url: doc.url };
  const article = await runParser<ExtractedArticle>('feeds.extract', { doc: page, opts: { selector: opts.selector, filters: opts.filters } }, page);
  return { ...article, url: doc.url };
}

/** One line of the import's error text: plain, no markup, no line breaks inside. */
const errorLine = (title: string, message: string) =>
  `${title.replace(/\s+/g, ' ').slice(0, 120)}: ${message
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()}`;

export async function importArticles(ctx: HandlerContext, ids: number[]): Promise<ImportResult> {
  const unique = [...new Set(ids)];
  const articles = repo.ownedArticles(ctx.sqlite, ctx.user, unique);
  if (articles.length !== unique.length) throw FEED_NOT_FOUND();
  const feeds = new Map<number, repo.FeedRow>();
  const created: { TxID: number; TxTitle: string }[] = [];
  const errors: string[] = [];
  const coded: Message[] = [];
  const perFeed = new Map<number, number>();
  for (const a of articles) {
    // An article stored from its feed text never awaits anything: a turn of the event loop between articles keeps
    // requests answered while many become texts (issue 34).
    await yieldToEventLoop();
    const feed = feeds.get(a.FlNfID) ?? ownedFeed(ctx, a.FlNfID);
    feeds.set(a.FlNfID, feed);
    const options = parseFeedOptions(feed.NfOptions);
    if (options.max_texts && (perFeed.get(feed.NfID) ?? 0) >= options.max_texts) {
      const why = msg('feed.maxTexts', { max: options.max_texts });
      errors.push(errorLine(a.FlTitle, messageText(why)));
      coded.push(msg('feed.articleLine', { title: a.FlTitle, why }));
      continue;
    }
    try {
      let text = options.article_source !== 'page' ? a.FlText.trim() : '';
      if (!text) {
        if (!a.FlLink) throw new AppError(422, msg('feed.noLink'));
        const extracted = await extractFromUrl(ctx, a.FlLink, {
          selector: feed.NfArticleSectionTags,
          filters: filtersOf(feed.NfFilterTags),
          charset: options.charset,
        });
        text = extracted.text;
      }
      const title = (a.FlTitle || 'Article').slice(0, 200);
      const dto = await createText(ctx, {
        TxLgID: feed.NfLgID,
        TxTitle: title,
        TxText: text.slice(0, 5_000_000),
        // Rows stored before the rule (issue 43) are held to it here too.
        TxAudioURI: storableUrl(a.FlAudio, feed.NfSourceURI),
        TxSourceURI: a.FlLink,
        TextTags: options.tag ? { TagList: [options.tag.slice(0, 20)] } : undefined,
      });
      repo.setArticleResult(ctx.sqlite, a.FlID, { FlTxID: dto.TxID, FlError: '' });
      created.push({ TxID: dto.TxID, TxTitle: dto.TxTitle });
      perFeed.set(feed.NfID, (perFeed.get(feed.NfID) ?? 0) + 1);
    } catch (err) {
      const message = errorLine(a.FlTitle || a.FlLink, (err as Error).message);
      repo.setArticleResult(ctx.sqlite, a.FlID, { FlError: message });
      errors.push(message);
      const why = err instanceof AppError && err.code ? { code: err.code, params: err.extra.params as Message['params'] } : (err as Error).message;
      coded.push(msg('feed.articleLine', { title: a.FlTitle || a.FlLink, why }));
    }
  }
  return { success: created.length > 0, imported: created.length, texts: created, errors: errors.join('\n'), error_messages: coded };
}

/** Wizard step 1: what is at this address — a feed (with its latest items) or a page (with the feeds it announces). */
export async function probe(ctx: HandlerContext, url: string, charset?: string): Promise<ProbeResult> {
  const { doc, parsed } = await fetchAndParse(ctx, url, charset ?? '');
  if (!parsed) throw new AppError(422, msg('feed.noContent'));
  if (parsed.kind === 'page')
    return { kind: 'page', url: doc.url, title: parsed.title, message: messageText(parsed.message), message_code: parsed.message.code, feeds: parsed.feeds };
  if (parsed.feed.items.length === 0) throw new AppError(422, msg('feed.noArticles'));
  return {
    kind: 'feed',
    url: doc.url,
    title: parsed.feed.title,
    format: parsed.feed.format,
    charset: parsed.charset,
    recovered: parsed.feed.recovered,
    language: parsed.feed.language,
    items: parsed.feed.items.slice(0, 30).map((i) => ({ title: i.title, link: i.link, date: i.date, has_text: i.content.trim().length > 0, audio: i.audio })),
  };
}

/** Wizard step 2-3: the sanitised page for the sandboxed preview and what the selector and filters extract. */
export async function previewArticle(
  ctx: HandlerContext,
  input: { url: string; selector?: string; filters?: string[]; charset?: string },
): Promise<ArticlePreview> {
  const doc = await download(ctx.services, input.url, { maxBytes: PAGE_MAX_BYTES, headers: { accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5' } });
  const page: DownloadedDoc = { bytes: doc.bytes, contentType: doc.contentType, charset: input.charset || null, url: doc.url };
  const r = await runParser<PreviewResult>('feeds.preview', { doc: page, opts: { selector: input.selector, filters: input.filters } }, page);
  return { url: doc.url, ...r };
}

let curatedCache: CuratedFeedDto[] | null = null;
export function listCurated(ctx: HandlerContext, languageId?: number): CuratedFeedDto[] {
  curatedCache ??= JSON.parse(fs.readFileSync(path.join(resourcesDir(), 'curated-feeds.json'), 'utf8')).feeds as CuratedFeedDto[];
  if (languageId === undefined) return curatedCache;
  const iso = getLanguage(ctx, languageId).LgIsoCode?.toLowerCase() ?? '';
  return iso ? curatedCache.filter((f) => f.language === iso) : curatedCache;
}

export async function exportOpml(ctx: HandlerContext): Promise<FileResult> {
  const feeds = repo.listFeeds(ctx.sqlite, ctx.user);
  const { buildOpml } = await import('../../../src-shared/feeds/opml');
  const xml = buildOpml(
    'Lectio feeds',
    feeds.map((f) => ({ name: f.NfName, url: f.NfSourceURI, language: f.LgName, options: f.NfOptions || undefined })),
  );
  return { $file: true, filename: 'lectio-feeds.opml', contentType: 'text/x-opml; charset=utf-8', data: new TextEncoder().encode(xml) };
}

export async function importOpml(ctx: HandlerContext, file: UploadedFile, languageId: number): Promise<{ success: true; created: number; skipped: number }> {
  checkLanguage(ctx, languageId);
  if (file.data.byteLength > 2 * 1024 * 1024) throw badRequest(msg('feed.opmlTooLarge'));
  const { readOpml } = await import('../../../src-shared/feeds/opml');
  let entries;
  try {
    entries = readOpml(new TextDecoder().decode(file.data));
  } catch {
    throw badRequest(msg('feed.notOpml'));
  }
  if (entries.length === 0) throw badRequest(msg('feed.opmlEmpty'));
  return transact(ctx, () => {
    const existing = new Set(repo.listFeeds(ctx.sqlite, ctx.user).map((f) => f.NfSourceURI));
    let created = 0;
    let skipped = 0;
    for (const e of entries.slice(0, 1000)) {
      if (!/^https?:\/\/\S+$/i.test(e.url) || existing.has(e.url)) {
        skipped++;
        continue;
      }
      existing.add(e.url);
      repo.insertFeed(ctx.sqlite, ctx.user, {
        NfLgID: languageId,
        NfName: e.name.slice(0, 200) || e.url,
        NfSourceURI: e.url,
        NfArticleSectionTags: '',
        NfFilterTags: '',
        NfOptions: normaliseOptions(e.options),
      });
      created++;
    }
    return { success: true as const, created, skipped: skipped + Math.max(0, entries.length - 1000) };
  });
}
