// Runs in: any process. Text decoding for uploaded dictionaries: UTF-8 only, with a clear refusal of UTF-16/32.
import { formatError } from './types';
import { type MessageParam, msg } from '../contract/messages';

/** Names a UTF-16/32 encoding when the bytes carry its BOM or its NUL-byte pattern; null for anything else. */
export function detectWideEncoding(bytes: Uint8Array): string | null {
  const b = bytes;
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'UTF-32LE';
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32BE';
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'UTF-16LE';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE';
  // No BOM: ASCII text in UTF-16/32 has NUL bytes in fixed positions. UTF-8 text never holds NUL.
  const n = Math.min(b.length, 4096) & ~3;
  if (n < 4) return null;
  const nulAt = [0, 0, 0, 0];
  let nuls = 0;
  for (let i = 0; i < n; i++) {
    if (b[i] === 0) {
      nulAt[i & 3]++;
      nuls++;
    }
  }
  if (nuls < n / 8) return null;
  const q = n / 4;
  if (nulAt[1] > q * 0.7 && nulAt[2] > q * 0.7 && nulAt[3] > q * 0.7) return 'UTF-32LE';
  if (nulAt[0] > q * 0.7 && nulAt[1] > q * 0.7 && nulAt[2] > q * 0.7) return 'UTF-32BE';
  if (nulAt[1] + nulAt[3] > (n / 2) * 0.7) return 'UTF-16LE';
  if (nulAt[0] + nulAt[2] > (n / 2) * 0.7) return 'UTF-16BE';
  return 'binary';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 text, stripping a BOM; refuses UTF-16/32 (and binary) with a message asking for UTF-8. */
export function decodeUtf8Text(bytes: Uint8Array, what: MessageParam): string {
  const wide = detectWideEncoding(bytes);
  if (wide === 'binary') throw formatError(msg('dict.notText', { what }));
  if (wide) throw formatError(msg('dict.wideEncoding', { what, encoding: wide }));
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // Invalid UTF-8 is refused (as the term import does) rather than stored as mojibake.
  try {
    return strictUtf8.decode(bytes.subarray(start));
  } catch {
    throw formatError(msg('dict.notUtf8', { what }));
  }
}

/** CRLF and CR become LF (SPEC rule 6). */
export const normalizeLineEndings = (text: string): string => text.replace(/\r\n?/g, '\n');
