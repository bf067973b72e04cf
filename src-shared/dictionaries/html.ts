// Runs in: any process. Small HTML helpers for definitions: telling HTML from text, HTML to plain text.
import { decodeEntities } from '../html/entities';

/** True when a stored definition carries markup (HTML, XDXF) rather than plain text. */
export const looksLikeHtml = (s: string): boolean => /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(s);

/**
 * Plain text of a definition, for copying into a term's translation: block tags become line breaks,
 * ruby readings (<rt>) are dropped, entities are decoded, blank lines dropped.
 */
export function definitionToPlainText(definition: string): string {
  if (!looksLikeHtml(definition)) return definition.trim();
  const text = definition
    .replace(/<(script|style|rt|rp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(div|p|li|tr|ul|ol|h[1-6]|table|dd|dt|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n')
    .trim();
}

/**
 * The one allow-list for dictionary HTML, applied by DOMPurify before a definition is stored (main, in the
 * import worker) and again when it is shown (renderer): text formatting and tables only — no links, images,
 * styles, scripts, frames, SVG or event handlers.
 */
export const DEFINITION_ALLOWED_TAGS = [
  'b',
  'i',
  'u',
  'em',
  'strong',
  'small',
  'sub',
  'sup',
  'br',
  'p',
  'div',
  'span',
  'font',
  'ol',
  'ul',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'ruby',
  'rt',
  'rp',
  'blockquote',
  'details',
  'summary',
  'code',
  'pre',
  'hr',
];
export const DEFINITION_ALLOWED_ATTR = ['colspan', 'rowspan', 'lang'];

/**
 * True when HTML holds anything that could act or load: scripts, frames, SVG/MathML, media and images, styles,
 * event handlers, script/data URLs, or a link to anything but http(s), bword: or an anchor. Definitions without
 * any of it are stored as they are (DOMPurify over jsdom costs milliseconds per article); the rest pass
 * DOMPurify first. The renderer sanitises every HTML definition again when it shows it.
 */
export const mayBeActiveHtml = (s: string): boolean =>
  /<\s*\/?\s*(script|style|iframe|frame|frameset|object|embed|applet|svg|math|link|meta|base|form|input|button|img|image|video|audio|source|track|picture|template|noscript|xmp|textarea|select|plaintext|portal)\b|[\s"'/](on[a-z]+|srcdoc|srcset|src|style|action|formaction|xlink:href|background|poster|ping)\s*=|\b(javascript|vbscript|data)\s*:|href\s*=\s*(?!["']?\s*(https?:|bword:|#))/i.test(
    s,
  );
