// Runs in: any process (in practice the feed worker thread). A downloaded feed (already decoded to text) →
// plain items, with feedsmith doing the format work: RSS 0.9x/2.0, RSS 1.0 (RDF), Atom and JSON Feed,
// content:encoded, enclosures, media:content, Dublin Core dates. Malformed XML: every complete <item>/<entry>
// that parses on its own is recovered; when none does, the feed is refused.
import { parseFeed } from 'feedsmith';
import { type Message, messageText, msg } from '../contract/messages';
import { parseFeedDate } from './dates';

export interface FeedItem {
  title: string;
  link: string;
  /** The summary as given (may be HTML). */
  description: string;
  /** The full article as given by the feed (content:encoded, Atom content, JSON content_html/text), or ''. */
  content: string;
  /** Milliseconds since the epoch, or null. */
  date: number | null;
  /** The first audio enclosure / media:content / attachment URL, or ''. */
  audio: string;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string;
  link: string;
  items: FeedItem[];
  /** Items recovered one by one from malformed XML (0 when the document was well-formed). */
  recovered: number;
  /** The language the feed declares (RSS `<language>`/`dc:language`, Atom `xml:lang`, JSON Feed `language`), lower case, or ''. */
  language: string;
}

export class FeedParseError extends Error {
  /** The message with its code, for the AppError that reports it. */
  readonly text: Message;

  constructor(
    message: Message,
    /** 'not_a_feed': HTML or something else (the caller may offer discovery); 'malformed': broken beyond recovery. */
    readonly kind: 'not_a_feed' | 'malformed' | 'empty',
  ) {
    super(messageText(message));
    this.name = 'FeedParseError';
    this.text = message;
  }
}

const str = (v: unknown): string =>
  (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ((v as { value?: string } | undefined)?.value ?? '')).trim();

function toMs(...values: unknown[]): number | null {
  for (const v of values) {
    if (typeof v !== 'string' || !v.trim()) continue;
    // Localised RFC 822 names and zone-less ISO dates too (issue 32), not only what Date.parse reads.
    const ms = parseFeedDate(v);
    if (ms !== null) return ms;
  }
  return null;
}

const isAudio = (type: unknown, url: unknown) =>
  typeof url === 'string' && url !== '' && (/^audio\//i.test(String(type ?? '')) || /\.(mp3|m4a|ogg|oga|opus|wav|aac|flac)(\?|$)/i.test(url));

function audioOf(item: any): string {
  for (const e of item.enclosures ?? (item.enclosure ? [item.enclosure] : [])) if (isAudio(e?.type, e?.url)) return e.url;
  for (const m of item.media?.contents ?? []) if (isAudio((m?.type ?? m?.medium === 'audio') ? 'audio/' : '', m?.url)) return m.url;
  for (const g of item.media?.groups ?? []) for (const m of g?.contents ?? []) if (isAudio(m?.type, m?.url)) return m.url;
  for (const l of item.links ?? []) if (l?.rel === 'enclosure' && isAudio(l?.type, l?.href)) return l.href;
  for (const a of item.attachments ?? []) if (isAudio(a?.mime_type, a?.url)) return a.url;
  return '';
}

function atomLink(links: any[] | undefined): string {
  const list = links ?? [];
  return str((list.find((l) => !l?.rel || l.rel === 'alternate') ?? list[0])?.href);
}

function normalise(format: ParsedFeed['format'], feed: any): Omit<ParsedFeed, 'recovered' | 'language'> {
  if (format === 'atom') {
    return {
      format,
      title: str(feed.title),
      link: atomLink(feed.links),
      items: (feed.entries ?? []).map((e: any) => ({
        title: str(e.title),
        link: atomLink(e.links) || (/^https?:/.test(str(e.id)) ? str(e.id) : ''),
        description: str(e.summary),
        content: str(e.content),
        date: toMs(e.published, e.updated, e.dc?.dates?.[0], e.dc?.date),
        audio: audioOf(e),
      })),
    };
  }
  if (format === 'json') {
    return {
      format,
      title: str(feed.title),
      link: str(feed.home_page_url),
      items: (feed.items ?? []).map((i: any) => ({
        title: str(i.title),
        link: str(i.url) || str(i.external_url),
        description: str(i.summary),
        content: str(i.content_html) || str(i.content_text),
        date: toMs(i.date_published, i.date_modified),
        audio: audioOf(i),
      })),
    };
  }
  return {
    format,
    title: str(feed.title),
    link: str(feed.link),
    items: (feed.items ?? []).map((i: any) => ({
      title: str(i.title) || str(i.dc?.titles?.[0]),
      link: str(i.link) || (i.guid?.isPermaLink !== false && /^https?:/.test(str(i.guid)) ? str(i.guid) : ''),
      description: str(i.description),
      content: str(i.content?.encoded),
      date: toMs(i.pubDate, i.dc?.dates?.[0], i.dc?.date, i.dcterms?.modified, i.atom?.updated),
      audio: audioOf(i),
    })),
  };
}

const looksLikeHtml = (text: string) => /^\s*(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);

/** Re-parses each complete item/entry of a broken document inside a minimal envelope. */
function recover(text: string): Omit<ParsedFeed, 'recovered' | 'language'> | null {
  const atom = /<feed[\s>]/i.test(text) && /<entry[\s>]/i.test(text);
  const tag = atom ? 'entry' : 'item';
  const blocks = text.match(new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`, 'gi')) ?? [];
  const ns = [...new Set(text.match(/\sxmlns(:\w+)?="[^"]*"/g) ?? [])].join('');
  const items: FeedItem[] = [];
  let head: Omit<ParsedFeed, 'recovered' | 'language'> | null = null;
  for (const block of blocks) {
    const doc = atom
      ? `<feed xmlns="http://www.w3.org/2005/Atom"${ns.replace(/\sxmlns="[^"]*"/, '')}><title>x</title>${block}</feed>`
      : `<rss version="2.0"${ns}><channel><title>x</title>${block}</channel></rss>`;
    try {
      const parsed = parseFeed(doc);
      const n = normalise(parsed.format as ParsedFeed['format'], parsed.feed);
      head ??= n;
      items.push(...n.items);
    } catch {
      // this block is broken too: skip it
    }
  }
  if (!head || items.length === 0) return null;
  const title = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(text)?.[1]?.trim() ?? '';
  return { format: head.format, title, link: '', items };
}

const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

/**
 * The feed's declared language: the parsed `language` field (RSS, JSON Feed) or, read from the document itself,
 * the root's or channel's `xml:lang` (Atom, which feedsmith does not expose) or a `<language>`/`<dc:language>` element.
 */
export function declaredLanguage(body: string, feed: unknown): string {
  const f = feed as { language?: unknown; dc?: { language?: unknown; languages?: unknown[] } } | undefined;
  const candidates = [
    f?.language,
    f?.dc?.language,
    f?.dc?.languages?.[0],
    /<(?:feed|channel|rss|rdf:RDF)\b[^>]*\sxml:lang\s*=\s*["']([^"']+)["']/i.exec(body)?.[1],
    /<(?:dc:)?language>\s*([^<\s]+)\s*<\/(?:dc:)?language>/i.exec(body.slice(0, 20_000))?.[1],
  ];
  for (const c of candidates) if (typeof c === 'string' && LANGUAGE_CODE.test(c.trim())) return c.trim().replace('_', '-').toLowerCase();
  return '';
}

/** Parses a decoded feed. Throws FeedParseError with a learner-facing message. */
export function parseFeedText(text: string): ParsedFeed {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new FeedParseError(msg('feed.emptyDocument'), 'empty');
  try {
    const parsed = parseFeed(body);
    return { ...normalise(parsed.format as ParsedFeed['format'], parsed.feed), recovered: 0, language: declaredLanguage(body, parsed.feed) };
  } catch (err) {
    const name = (err as Error)?.name ?? '';
    if (looksLikeHtml(body)) throw new FeedParseError(msg('feed.webPage'), 'not_a_feed');
    if (/^\s*[[{]/.test(body) && name !== 'MalformedError') throw new FeedParseError(msg('feed.notJsonFeed'), 'not_a_feed');
    const salvaged = recover(body);
    if (salvaged) return { ...salvaged, recovered: salvaged.items.length, language: declaredLanguage(body, undefined) };
    if (/<(rss|feed|rdf:RDF)[\s>]/i.test(body)) throw new FeedParseError(msg('feed.malformed'), 'malformed');
    throw new FeedParseError(msg('feed.notAFeed'), 'not_a_feed');
  }
}

/**
 * A link or enclosure kept only when it is http(s) (or has no scheme: a relative link): `javascript:`, `data:`,
 * `vbscript:`, `file:` and the like become '' (browsers drop tabs, newlines and controls before reading the scheme).
 */
export function webLinkOnly(url: string): string {
  const bare = [...url].filter((c) => c.charCodeAt(0) > 0x20).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare)?.[1].toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' ? url : '';
}

/** Items without a link or title dropped; duplicates (same link, or same title) inside the feed dropped; links http(s) only. */
export function uniqueItems(items: readonly FeedItem[]): FeedItem[] {
  const links = new Set<string>();
  const titles = new Set<string>();
  const out: FeedItem[] = [];
  for (const raw of items) {
    const item = { ...raw, link: webLinkOnly(raw.link), audio: webLinkOnly(raw.audio) };
    if (!item.link && !item.title) continue;
    const title = item.title.toLowerCase();
    if ((item.link && links.has(item.link)) || (title && titles.has(title))) continue;
    if (item.link) links.add(item.link);
    if (title) titles.add(title);
    out.push(item);
  }
  return out;
}
