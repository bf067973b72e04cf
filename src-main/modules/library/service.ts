// Runs in: main. Online libraries and single web articles, all through the safe fetcher: Gutendex (Project
// Gutenberg metadata), the Global Digital Library book API (children's readers with reading levels), EPUB by
// URL (20 MB, 5 redirects, 30 s), coverage of a book against the learner's terms, reader level, and one web
// article by Readability. Service base URLs are settings (gutendexUrl, gdlUrl) so tests point them at fakes.
import type { HandlerContext } from '../../core/context';
import { download } from '../../net/download';
import { decodeBytes } from '../../net/charset';
import { AppError, badRequest, notFound } from '../../../src-shared/contract/errors';
import {
  MIN_ARTICLE_WORDS,
  type GutenbergBook,
  type GutenbergPage,
  type KidsBook,
  type KidsPage,
  type LibraryPreview,
  type ReaderLevel,
  type WebArticle,
} from '../../../src-shared/contract/library';
import { parseText } from '../../../src-shared/text/tokenize';
import { getLanguage, parsingLanguage } from '../languages';
import { getSetting } from '../settings';
import { createBook, parseEpubOffThread } from '../books';
import { extractFromUrl } from '../feeds';
import * as repo from './repo';
import { codedMessage, type MessageParam, msg } from '../../../src-shared/contract/messages';

export const GUTENDEX_DEFAULT = 'https://gutendex.com';
export const GDL_DEFAULT = 'https://api.digitallibrary.io/book-api/v1';
const EPUB_MAX_BYTES = 20 * 1024 * 1024;
const JSON_MAX_BYTES = 5 * 1024 * 1024;
const KNOWN = new Set([5, 98, 99]);

const baseUrl = (ctx: HandlerContext, key: 'gutendexUrl' | 'gdlUrl', fallback: string) => (getSetting(ctx, key).trim() || fallback).replace(/\/+$/, '');

async function getJson(ctx: HandlerContext, url: string): Promise<unknown> {
  const doc = await download(ctx.services, url, { maxBytes: JSON_MAX_BYTES, headers: { accept: 'application/json' } });
  try {
    return JSON.parse(decodeBytes(doc.bytes, { contentType: doc.contentType }).text);
  } catch {
    throw new AppError(502, msg('library.notJson', { host: new URL(url).host }));
  }
}

function languageCode(ctx: HandlerContext, languageId?: number): string {
  if (!languageId) return '';
  return (getLanguage(ctx, languageId).LgIsoCode ?? '').toLowerCase().split('-')[0];
}

type Json = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** Gutendex /books/?search=&languages=&topic=&page= → {count, next, previous, results:[{id,title,authors,languages,formats,download_count,…}]} */
export async function searchGutenberg(
  ctx: HandlerContext,
  q: { language_id?: number; search?: string; topic?: string; page?: number },
): Promise<GutenbergPage> {
  const url = new URL(`${baseUrl(ctx, 'gutendexUrl', GUTENDEX_DEFAULT)}/books/`);
  const lang = languageCode(ctx, q.language_id);
  if (q.search) url.searchParams.set('search', q.search);
  if (lang) url.searchParams.set('languages', lang);
  if (q.topic) url.searchParams.set('topic', q.topic);
  if (q.page && q.page > 1) url.searchParams.set('page', String(q.page));
  const body = obj(await getJson(ctx, url.href));
  const results: GutenbergBook[] = arr(body.results).map((raw) => {
    const b = obj(raw);
    const formats = obj(b.formats);
    const pick = (re: RegExp) => s(Object.entries(formats).find(([k, v]) => re.test(k) && typeof v === 'string' && !/\.zip$/.test(v))?.[1]);
    return {
      id: Number(b.id) || 0,
      title: s(b.title),
      authors: arr(b.authors)
        .map((a) => s(obj(a).name))
        .filter(Boolean),
      languages: arr(b.languages).map(s),
      subjects: arr(b.subjects).map(s).slice(0, 8),
      download_count: Number(b.download_count) || 0,
      epub_url: pick(/^application\/epub\+zip/),
      text_url: pick(/^text\/plain/),
      cover: pick(/^image\//),
    };
  });
  return { count: Number(body.count) || 0, page: q.page ?? 1, has_next: typeof body.next === 'string' && body.next !== '', results };
}

/** GDL book-api v1: /search/{lang}?query=&page=&page-size= or /books/{lang}?page=&page-size= → {totalCount, page, results:[…]} */
export async function searchKids(ctx: HandlerContext, q: { query?: string; language?: string; language_id?: number; page?: number }): Promise<KidsPage> {
  const lang = (q.language || languageCode(ctx, q.language_id) || 'en').toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]+)?$/.test(lang)) throw badRequest(msg('library.badLanguage'));
  const base = baseUrl(ctx, 'gdlUrl', GDL_DEFAULT);
  const url = new URL(q.query ? `${base}/search/${lang}` : `${base}/books/${lang}`);
  if (q.query) url.searchParams.set('query', q.query);
  url.searchParams.set('page', String(q.page ?? 1));
  url.searchParams.set('page-size', '20');
  const body = obj(await getJson(ctx, url.href));
  const results: KidsBook[] = arr(body.results).map((raw) => {
    const b = obj(raw);
    return {
      id: s(b.id),
      title: s(b.title),
      publisher: s(obj(b.publisher).name) || s(b.publisher),
      description: s(b.description),
      language: s(obj(b.language).code) || lang,
      license: s(obj(b.license).name) || s(b.license),
      level: s(b.readingLevel),
      thumbnail: s(obj(b.coverImage).url) || s(obj(b.coverPhoto).small),
      epub_url: s(obj(b.downloads).epub),
    };
  });
  return { total: Number(body.totalCount) || results.length, page: Number(body.page) || q.page || 1, results };
}

async function downloadEpub(ctx: HandlerContext, url: string) {
  const doc = await download(ctx.services, url, {
    maxBytes: EPUB_MAX_BYTES,
    maxRedirects: 5,
    timeoutMs: 30_000,
    headers: { accept: 'application/epub+zip, */*;q=0.5' },
  });
  if (!(doc.bytes[0] === 0x50 && doc.bytes[1] === 0x4b)) throw new AppError(422, msg('library.notEpub'));
  return doc;
}

/** An EPUB by URL → its reading text (chapters joined), for the text editor. */
export async function extractEpubUrl(ctx: HandlerContext, url: string): Promise<{ title: string; text: string; sourceUri: string }> {
  const doc = await downloadEpub(ctx, url);
  const book = await parseEpubOffThread(doc.bytes);
  const text = book.chapters
    .map((c) => c.text.trim())
    .filter(Boolean)
    .join('\n\n');
  if (!text) throw new AppError(422, msg('library.epubNoText'));
  return { title: book.title || 'Untitled', text, sourceUri: doc.url };
}

/** A book's text by URL: EPUB (zip) or plain text. */
async function bookText(ctx: HandlerContext, url: string): Promise<{ title: string; text: string; url: string; epub: Uint8Array | null }> {
  const doc = await download(ctx.services, url, { maxBytes: EPUB_MAX_BYTES, timeoutMs: 30_000 });
  if (doc.bytes[0] === 0x50 && doc.bytes[1] === 0x4b) {
    const book = await parseEpubOffThread(doc.bytes.slice());
    return { title: book.title, text: book.chapters.map((c) => c.text).join('\n\n'), url: doc.url, epub: doc.bytes };
  }
  if (/html/i.test(doc.contentType)) throw new AppError(422, msg('library.webPage'));
  return { title: '', text: decodeBytes(doc.bytes, { contentType: doc.contentType }).text, url: doc.url, epub: null };
}

/** Coverage of a book against the learner's terms. Failures are an error key, never a throw (flat answer). */
export async function preview(ctx: HandlerContext, url: string, languageId: number): Promise<LibraryPreview> {
  const lang = parsingLanguage(ctx, languageId);
  if (!lang) throw notFound(msg('language.notFound'));
  let text: string;
  try {
    text = (await bookText(ctx, url)).text;
  } catch (err) {
    const reason = (err as AppError).extra?.reason;
    const coded =
      err instanceof AppError && err.code ? { message_code: err.code, message_params: err.extra.params as Record<string, MessageParam> | undefined } : {};
    return { error: typeof reason === 'string' ? reason : 'download_failed', message: (err as Error).message, ...coded };
  }
  const words = parseText(text.slice(0, 3_000_000), lang)
    .tokens.filter((t) => t.kind === 'word')
    .map((t) => t.text.toLowerCase());
  if (words.length === 0) return { error: 'no_words', ...codedMessage(msg('library.noWords')) };
  const statuses = repo.termStatuses(ctx.sqlite, ctx.user, languageId);
  let known = 0;
  const unknownFreq = new Map<string, number>();
  for (const w of words) {
    if (KNOWN.has(statuses.get(w) ?? 0)) known++;
    else unknownFreq.set(w, (unknownFreq.get(w) ?? 0) + 1);
  }
  const coverage = Math.round((known / words.length) * 1000) / 10;
  return {
    total_words: words.length,
    total_unique_words: new Set(words).size,
    known_words: known,
    unknown_words: words.length - known,
    coverage_percent: coverage,
    difficulty_label: coverage >= 95 ? 'easy' : coverage >= 85 ? 'medium' : 'hard',
    sample_unknown_words: [...unknownFreq.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 20)
      .map(([w]) => w),
  };
}

export function readerLevel(ctx: HandlerContext, languageId: number): ReaderLevel {
  getLanguage(ctx, languageId);
  const size = repo.vocabularySize(ctx.sqlite, ctx.user, languageId);
  return { language_id: languageId, vocabulary_size: size, beginner: size < 500 };
}

/** One web article for the New text form: Readability, title and source filled in; the learner edits before saving. */
export async function fromUrl(ctx: HandlerContext, url: string, languageId: number): Promise<WebArticle> {
  getLanguage(ctx, languageId);
  const a = await extractFromUrl(ctx, url, {}).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'feed.noArticleText') throw new AppError(422, msg('library.tooLittleText'));
    throw err;
  });
  if (a.words < MIN_ARTICLE_WORDS) throw new AppError(422, msg('library.tooLittleText'), { words: a.words });
  return { title: a.title.slice(0, 200) || new URL(a.url).hostname, text: a.text, sourceUri: a.url, words: a.words };
}

/** A library book into Books: EPUB through the books importer, else its plain text (split into chapters there). */
export async function importBook(
  ctx: HandlerContext,
  input: { language_id: number; url: string; title?: string; author?: string },
): Promise<{ book_id: number; title: string; chapters: number }> {
  getLanguage(ctx, input.language_id);
  const got = await bookText(ctx, input.url);
  const book = got.epub
    ? await createBook(ctx, { language_id: input.language_id, file: { filename: 'library.epub', data: new Uint8Array(got.epub) } })
    : await createBook(ctx, {
        language_id: input.language_id,
        title: (input.title || 'Untitled').slice(0, 200),
        author: input.author?.slice(0, 200),
        text: stripGutenbergFrame(got.text),
      });
  return { book_id: book.BkID, title: book.BkTitle, chapters: book.BkChapterCount };
}

/** Project Gutenberg plain texts carry a licence header and footer around "*** START/END OF … ***". */
export function stripGutenbergFrame(text: string): string {
  const start = /\*\*\*\s*START OF (THE|THIS) PROJECT GUTENBERG[^\n]*\n/i.exec(text);
  const end = /\*\*\*\s*END OF (THE|THIS) PROJECT GUTENBERG/i.exec(text);
  return text.slice(start ? start.index + start[0].length : 0, end ? end.index : text.length).trim();
}
