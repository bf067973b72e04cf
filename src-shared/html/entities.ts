// Runs in: any process. The one HTML escape and the one character-reference decoder: every place that writes
// text into HTML or XML, or reads text out of it, goes through these two.
import { decodeHTMLStrict } from 'entities/decode';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HAS_SPECIAL = /[&<>"']/;
const SPECIAL = /[&<>"']/g;
const SPECIAL_BUT_APOSTROPHE = /[&<>"]/g;

/**
 * Text as HTML (or XML) that reads as the same text, between tags and inside an attribute in either quote.
 * `apostrophes: false` leaves ' as it is, for a writer that must match one that does not escape it (Anki
 * fields); the result is then safe in text and double-quoted attributes only.
 */
export function escapeHtml(text: string, { apostrophes = true }: { apostrophes?: boolean } = {}): string {
  // Most texts hold nothing to escape: the test skips building a new string for them.
  if (!HAS_SPECIAL.test(text)) return text;
  return text.replace(apostrophes ? SPECIAL : SPECIAL_BUT_APOSTROPHE, (c) => ESCAPES[c]);
}

const REFERENCE = /&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g;

/** A named reference by the HTML5 table, then in lower case (hand-written files write &NBSP;); null if unknown. */
function named(reference: string): string | null {
  const decoded = decodeHTMLStrict(reference);
  if (decoded !== reference) return decoded;
  const lower = reference.toLowerCase();
  const decodedLower = lower === reference ? lower : decodeHTMLStrict(lower);
  return decodedLower !== lower ? decodedLower : null;
}

/**
 * Decodes character references: named ones (the full HTML5 table, which includes the five of XML), decimal
 * and hex. Only references closed by ';' count. A reference that names nothing (an unknown name, 0, a
 * surrogate, a code point past U+10FFFF) stays as written, so decoding never invents a character. It never
 * expands entities a document declares (no DOCTYPE), whatever the input.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, ref: string) => {
    if (ref[0] !== '#') return named(whole) ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}
