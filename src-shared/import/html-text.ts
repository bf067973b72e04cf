// Runs in: any process. HTML found in an imported term's fields (pyglossary CSV definitions) → plain text, so a
// term never shows raw tags: block elements become line breaks, list items are joined with "; ".
import { looksLikeHtml } from '../dictionaries/html';
import { decodeEntities } from '../html/entities';

const ITEM_OPEN = '\uE001';
const ITEM_CLOSE = '\uE002';
const ITEM = '\uE003';
const INNERMOST_ITEM = /\uE001([^\uE001\uE002]*)\uE002/g;
const joinItems = (s: string, rest: string) => s.replace(/\uE003\s*\uE003/g, '; ').replace(/\uE003/g, rest);

/** Plain text of a field that may hold HTML; text without tags is returned as it is (trimmed). */
export function importHtmlToText(value: string): string {
  if (!looksLikeHtml(value)) return value.trim();
  let text = value
    .replace(/[\uE001-\uE003]/g, '')
    .replace(/<(script|style|rt|rp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, ITEM_OPEN)
    .replace(/<\/li\s*>/gi, ITEM_CLOSE)
    .replace(/<\/?(div|p|ul|ol|tr|h[1-6]|table|dd|dt|dl|blockquote|hr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  // An unclosed <li> ends where the next one starts or the list ends.
  text = text.replace(/\uE001([^\uE001\uE002]*)(?=\uE001)/g, `${ITEM_OPEN}$1${ITEM_CLOSE}`);
  if (text.split(ITEM_OPEN).length !== text.split(ITEM_CLOSE).length) text = text.replaceAll(ITEM_CLOSE, '').replaceAll(ITEM_OPEN, `\n${ITEM}`) + ITEM;
  for (let guard = 0; guard < 20 && text.includes(ITEM_OPEN); guard++) {
    text = text.replace(INNERMOST_ITEM, (_, inner: string) => `${ITEM}${joinItems(inner, ' ').replace(/\s+/g, ' ').trim()}${ITEM}`);
  }
  return decodeEntities(joinItems(text, '\n'))
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n')
    .trim();
}
