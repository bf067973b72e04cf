// Runs in: any process. The inline-markdown subset of translations and notes, rendered to a safe HTML string.
//
// Order matters for safety: the whole text is HTML-escaped first, so the only tags in the output are the
// ones this module writes. Links are cut out into placeholders before emphasis is parsed, so emphasis
// markers can never reach into an href. Only http(s) and mailto links survive; any other scheme (and any
// relative URL) renders as the plain link text.

import { decodeEntities, escapeHtml } from '../html/entities';

/**
 * True for http:, https: and mailto: URLs. Browsers ignore control characters and whitespace inside a
 * scheme ("java\tscript:"), so those are removed before the check, and the check is an allowlist.
 */
export function isSafeLinkUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const squashed = url.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase();
  return /^(https?:\/\/[^/\\]|mailto:[^\s])/.test(squashed);
}

/** Placeholder delimiter: a private-use character stripped from the input, so users cannot forge one. */
const MARK = '\ue000';

/** True when the tags this module writes are properly nested and closed in `html`. */
function isBalanced(html: string): boolean {
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)(strong|em|del)>/g)) {
    if (!m[1]) stack.push(m[2]);
    else if (stack.pop() !== m[2]) return false;
  }
  return stack.length === 0;
}

const wrapIfBalanced = (tag: string) => (whole: string, inner: string) => (isBalanced(inner) ? `<${tag}>${inner}</${tag}>` : whole);

// A closing ** that is followed by another * is skipped, so "**very *much***" closes on the last pair.
// A match whose inside would cut through another element is left as text: the output is always well formed.
function renderEmphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*(?!\*)/g, wrapIfBalanced('strong'))
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, wrapIfBalanced('del'))
    .replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, wrapIfBalanced('em'));
}

/**
 * Renders **bold**, *italic*, ~~strikethrough~~ and [text](url) as HTML. Line breaks become <br>.
 * Everything else is text: the result is safe to set as innerHTML.
 */
export function renderInlineMarkdown(text: string): string {
  const source = escapeHtml(text.replaceAll(MARK, '').replace(/\r\n?/g, '\n'));
  const links: string[] = [];
  // Link text: anything but brackets; URL: no spaces, parentheses or brackets (an escaped " is &quot;).
  const withPlaceholders = source.replace(/\[([^\][\n]+)\]\(([^()\s]+)\)/g, (_, label: string, url: string) => {
    const labelHtml = renderEmphasis(label);
    const raw = decodeEntities(url);
    links.push(isSafeLinkUrl(raw) ? `<a href="${escapeHtml(raw)}" target="_blank" rel="noopener noreferrer">${labelHtml}</a>` : labelHtml);
    return `${MARK}${links.length - 1}${MARK}`;
  });
  return renderEmphasis(withPlaceholders)
    .replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_, i: string) => links[Number(i)])
    .replace(/\n/g, '<br>');
}

/** The text without markup, for places that show plain text (titles, exports to plain fields, search). */
export function stripInlineMarkdown(text: string): string {
  return text
    .replace(/\[([^\][\n]+)\]\(([^()\s]+)\)/g, '$1')
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '$1')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, '$1');
}
