// Runs in: any process. Anki field text: our plain text ↔ Anki's HTML fields, the sort-field/checksum
// rules Anki uses for duplicate detection, and the cleaning applied to decks built elsewhere.
import { decodeEntities, escapeHtml } from '../html/entities';

/** Anki separates a note's fields with the unit separator. */
export const FIELD_SEPARATOR = '\x1f';

export const splitFields = (flds: string): string[] => flds.split(FIELD_SEPARATOR);
/** Joins fields; a separator inside a value would shift every later field, so it becomes a space. */
export function joinFields(fields: readonly string[]): string {
  let out = '';
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    out += (i ? FIELD_SEPARATOR : '') + (f.includes(FIELD_SEPARATOR) ? f.replaceAll(FIELD_SEPARATOR, ' ') : f);
  }
  return out;
}

// Export builds several fields for every term, and most hold nothing to escape: a test first skips the
// replace (same result either way).
const FIELD_SPECIAL = /[&<>"\r\n]/;

/** Our text escaped for an Anki field: apostrophes stay as they are, as Anki writes them. */
export const escapeFieldHtml = (text: string): string => escapeHtml(text, { apostrophes: false });

/** Our plain text as an Anki field: HTML-escaped, line breaks as <br>. */
export function textToFieldHtml(text: string): string {
  if (!FIELD_SPECIAL.test(text)) return text;
  return escapeFieldHtml(text.replace(/\r\n?/g, '\n')).replaceAll('\n', '<br>');
}

const BLOCK_BREAK = /<\s*(br|\/div|\/p|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi;

/**
 * An Anki field back to plain text: line breaks from <br> and block ends, tags stripped, entities decoded,
 * non-breaking spaces as spaces, outer whitespace trimmed. textToFieldHtml followed by this is the identity
 * for trimmed text, which is what makes the round trip lossless.
 */
export function fieldHtmlToText(html: string): string {
  const withBreaks = html.replace(/<\s*(script|style)\b[\s\S]*?<\s*\/\s*\1\s*>/gi, '').replace(BLOCK_BREAK, '\n');
  const text = decodeEntities(withBreaks.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ''));
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cloze deletions show their answer: {{c1::x}} and {{c1::x::hint}} → x. */
export const removeCloze = (text: string): string => text.replace(/\{\{c\d+::([\s\S]*?)(?:::[\s\S]*?)?\}\}/g, '$1');

/** Audio references are media, not words. */
export const removeSoundTags = (text: string): string => text.replace(/\[sound:[^\]]*\]/g, '');

/**
 * A field of a deck built elsewhere, as one line of text for a term or translation: HTML stripped,
 * entities decoded, cloze answers kept, [sound:…] removed, whitespace collapsed.
 */
export function cleanDeckField(html: string): string {
  return fieldHtmlToText(removeSoundTags(removeCloze(html)))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Anki's sort-field text (notes.sfld), after its strip_html_preserving_media_filenames: tags removed
 * except that an <img src> leaves its file name, &nbsp; as a plain space, entities decoded, nothing trimmed
 * (Anki stores "Elderberry&nbsp;" as "Elderberry "). notes.csum is sha1First32 of this text of the first field.
 */
export function sortFieldText(html: string): string {
  // Without a tag or an entity there is nothing to strip or decode (the common case on export).
  if (!html.includes('<') && !html.includes('&')) return html;
  const keptImages = html.replace(/<img[^>]*\ssrc=["']?([^"'>\s]+)["']?[^>]*>/gi, ' $1 ');
  const stripped = keptImages.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, '');
  return decodeEntities(stripped.replace(/&nbsp;/gi, ' '));
}
