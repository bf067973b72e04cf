// Runs in: any process. Small HTML helpers for definitions: escaping, telling HTML from text, HTML to plain text.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** True when a stored definition carries markup (HTML, XDXF) rather than plain text. */
export const looksLikeHtml = (s: string): boolean => /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(s);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, code: string) => {
    if (code[0] === '#') {
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return NAMED[code.toLowerCase()] ?? m;
  });
}

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
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n')
    .trim();
}
