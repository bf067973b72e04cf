// Runs in: a worker thread (tasks 'feeds.parse' and 'feeds.extract'), and in-process for the bench. Downloaded
// bytes → feed items, or an article page → its text: the section the learner picked (CSS selector, or a simple
// XPath) with the filter list removed, else Mozilla Readability. Also the sanitised copy of the page the wizard
// shows in its preview: structure and text only (no scripts, styles, images, links, forms or event attributes).
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { decodeBytes } from '../../net/charset';
import { FeedParseError, parseFeedText, uniqueItems, type ParsedFeed } from '../../../src-shared/feeds/parse';
import { discoverFeeds, type DiscoveredFeed } from '../../../src-shared/feeds/discover';
import { htmlToBlocks } from '../../../src-shared/epub/html';
import { AppError } from '../../../src-shared/contract/errors';
import * as fast from './fast-dom';
import { type Message, msg } from '../../../src-shared/contract/messages';

const blocksToText = (html: string) => htmlToBlocks(html).paragraphs.join('\n\n');

/** Elements always removed from an article section (spec default filter list). */
export const DEFAULT_FILTERS = ['img', 'script', 'meta', 'noscript', 'link', 'iframe'];

export interface DownloadedDoc {
  bytes: Uint8Array;
  contentType: string;
  charset?: string | null;
  url: string;
}

export type FeedParseResult = { kind: 'feed'; feed: ParsedFeed; charset: string } | { kind: 'page'; feeds: DiscoveredFeed[]; message: Message; title: string };

/** Feed bytes → items; HTML → the feeds it announces (so the wizard can offer them). */
export function parseFeedBytes(doc: DownloadedDoc): FeedParseResult {
  const decoded = decodeBytes(doc.bytes, { charset: doc.charset, contentType: doc.contentType });
  try {
    const feed = parseFeedText(decoded.text);
    // The feed's full content becomes plain text here, in the worker: `content` of each item is text from now on.
    const items = uniqueItems(feed.items).map((i) => ({ ...i, content: i.content ? blocksToText(i.content) : '' }));
    return { kind: 'feed', feed: { ...feed, items }, charset: decoded.charset };
  } catch (err) {
    const kind = (err as { kind?: string }).kind;
    if (kind === 'not_a_feed' && /<html|<head|<!doctype html/i.test(decoded.text.slice(0, 5000))) {
      const feeds = discoverFeeds(decoded.text, doc.url);
      const title = /<title[^>]*>([^<]{0,300})/i.exec(decoded.text)?.[1]?.trim() ?? '';
      return {
        kind: 'page',
        feeds,
        title,
        message: feeds.length ? msg('feed.pageWithFeeds') : msg('feed.pageNoFeed'),
      };
    }
    throw new AppError(422, err instanceof FeedParseError ? err.text : (err as Error).message);
  }
}

/** Turns "//div[@id='x']" / "//article" / "//*[@class='y']" into CSS; anything else is refused. */
export function xpathToCss(xpath: string): string {
  return xpath
    .split('|')
    .map((part) => {
      const steps = part
        .trim()
        .replace(/^\/\//, '')
        .split(/\/\/|\//);
      return steps
        .map((step) => {
          const m = /^([a-z0-9*]+)(?:\[@(id|class)\s*=\s*['"]([^'"]+)['"]\])?$/i.exec(step.trim());
          if (!m) throw new AppError(400, msg('feed.xpathUnsupported', { xpath: xpath.slice(0, 100) }));
          const tag = m[1] === '*' ? '' : m[1];
          if (!m[2]) return tag || '*';
          return m[2] === 'id'
            ? `${tag}#${CSS_ESCAPE(m[3])}`
            : `${tag}${m[3]
                .trim()
                .split(/\s+/)
                .map((c) => '.' + CSS_ESCAPE(c))
                .join('')}`;
        })
        .join(' ');
    })
    .join(', ');
}

const CSS_ESCAPE = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);

/** A selector as typed or stored: CSS, or XPath when it starts with "/" (LWT's stored sections). */
export const toCss = (selector: string): string => (selector.trim().startsWith('/') ? xpathToCss(selector.trim()) : selector.trim());

export interface ExtractOptions {
  /** Article section(s): CSS selector list, or XPath. Empty = Readability. */
  selector?: string;
  /** Extra elements to remove (CSS selectors), on top of DEFAULT_FILTERS. */
  filters?: string[];
}

export interface ExtractedArticle {
  title: string;
  text: string;
  words: number;
  /** Which way the text was found. */
  method: 'selector' | 'readability';
}

/**
 * Pages larger than this skip Readability's many cleaning passes (about a second of CPU for 1 MB) and use its
 * core idea in one pass: paragraphs score their parent and grandparent by length and commas; the best one wins.
 */
export const READABILITY_MAX_CHARS = 400_000;

/** linkedom needs an <html> element to build a body: fragments and bare <body> pages are wrapped. */
const asDocument = (html: string) => (/<html[\s>]/i.test(html.slice(0, 5000)) ? html : `<!doctype html><html>${html}</html>`);

const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

function safeSelectAll(root: { querySelectorAll(s: string): ArrayLike<unknown> }, css: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(css)) as Element[];
  } catch {
    throw new AppError(400, msg('feed.badSelector', { selector: css.slice(0, 100) }));
  }
}

/** The article's text from a page's HTML (already decoded). Throws a plain-text AppError when nothing is found. */
export function extractArticleHtml(html: string, url: string, opts: ExtractOptions = {}): ExtractedArticle {
  const filters = [...DEFAULT_FILTERS, ...(opts.filters ?? []).map((f) => toCss(f)).filter(Boolean)].join(', ');
  if (opts.selector?.trim() || html.length > READABILITY_MAX_CHARS) {
    // The picked section, or a page too large for Readability's passes: htmlparser2 + css-select.
    const doc = fast.parseFast(html);
    const pageTitle = fast.titleOf(doc);
    if (opts.selector?.trim()) {
      const sections = fast.select(toCss(opts.selector), doc);
      if (sections.length === 0) throw new AppError(422, msg('feed.sectionMissing', { url, selector: opts.selector.trim() }));
      for (const el of fast.select(filters, sections)) fast.remove(el);
      // Nested matches would repeat text: keep only the outermost.
      const outer = sections.filter((s) => !sections.some((o) => o !== s && fast.contains(o, s)));
      const text = outer
        .map((s) => fast.textOf(s))
        .filter(Boolean)
        .join('\n\n');
      if (!text.trim()) throw new AppError(422, msg('feed.sectionEmpty', { url }));
      return { title: pageTitle, text, words: countWords(text), method: 'selector' };
    }
    for (const el of fast.select(filters, doc)) fast.remove(el);
    const best = fast.densest(doc);
    const text = best ? fast.textOf(best) : '';
    if (!text.trim()) throw new AppError(422, msg('feed.noArticleText', { url }));
    return { title: pageTitle, text, words: countWords(text), method: 'readability' };
  }
  const { document } = parseHTML(asDocument(html));
  const pageTitle = (document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? document.querySelector('title')?.textContent ?? '').trim();
  for (const el of safeSelectAll(document, filters)) el.remove();
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const text = article?.content ? blocksToText(article.content) : '';
  if (!text.trim()) throw new AppError(422, msg('feed.noArticleText', { url }));
  return { title: (article?.title ?? pageTitle).trim() || pageTitle, text, words: countWords(text), method: 'readability' };
}

export function extractArticleBytes(doc: DownloadedDoc, opts: ExtractOptions = {}): ExtractedArticle {
  return extractArticleHtml(decodeBytes(doc.bytes, { charset: doc.charset, contentType: doc.contentType }).text, doc.url, opts);
}

const KEEP = new Set([
  'html',
  'body',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'p',
  'span',
  'a',
  'em',
  'strong',
  'b',
  'i',
  'u',
  'small',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'figure',
  'figcaption',
  'pre',
  'code',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'time',
  'mark',
  'abbr',
  'cite',
  'q',
]);
const DROP = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'canvas',
  'head',
  'title',
  'frame',
  'frameset',
]);

/**
 * The page as the wizard's sandboxed preview shows it: only KEEP elements (others unwrapped, DROP ones removed
 * with their content), only id and class attributes kept, so the learner can click what they see and the
 * proposed selector matches the real page.
 */
export function sanitizeForPreview(html: string): { title: string; html: string } {
  const { document } = parseHTML(asDocument(html));
  const title = (document.querySelector('title')?.textContent ?? '').trim();
  const body = document.body ?? document.documentElement;
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      const tag = child.tagName.toLowerCase();
      if (DROP.has(tag)) {
        child.remove();
        continue;
      }
      walk(child);
      if (!KEEP.has(tag)) {
        child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      for (const attr of Array.from(child.attributes)) if (attr.name !== 'id' && attr.name !== 'class') child.removeAttribute(attr.name);
    }
  };
  walk(body);
  // Comments and processing instructions go too.
  const strip = (node: Node) => {
    for (const c of Array.from(node.childNodes)) {
      if (c.nodeType === 8 || c.nodeType === 7) c.remove();
      else strip(c);
    }
  };
  strip(body);
  return { title, html: body.innerHTML };
}

export interface PreviewResult {
  title: string;
  /** Sanitised page HTML for the sandboxed preview. */
  html: string;
  /** What the current selector and filters extract ('' with an error when nothing). */
  text: string;
  words: number;
  error: string;
  /** The error's message code and values (src-shared/contract/messages.ts), for the interface language. */
  error_code?: string;
  error_params?: Record<string, unknown>;
}

export function previewArticleBytes(doc: DownloadedDoc, opts: ExtractOptions = {}): PreviewResult {
  const decoded = decodeBytes(doc.bytes, { charset: doc.charset, contentType: doc.contentType }).text;
  const page = sanitizeForPreview(decoded);
  try {
    const a = extractArticleHtml(decoded, doc.url, opts);
    return { title: a.title || page.title, html: page.html, text: a.text, words: a.words, error: '' };
  } catch (err) {
    const coded = err instanceof AppError ? { error_code: err.code, error_params: err.extra.params as Record<string, unknown> | undefined } : {};
    return { title: page.title, html: page.html, text: '', words: 0, error: (err as Error).message, ...coded };
  }
}

/** Worker task entries (one structured-cloneable input each). */
export const extractTask = (input: { doc: DownloadedDoc; opts?: ExtractOptions }) => extractArticleBytes(input.doc, input.opts);
export const previewTask = (input: { doc: DownloadedDoc; opts?: ExtractOptions }) => previewArticleBytes(input.doc, input.opts);
