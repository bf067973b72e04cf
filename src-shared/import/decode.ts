// Runs in: any process. Bytes of an uploaded or pasted import → text: UTF-8 only, BOM stripped, line endings normalised.
import { type Message, messageText, msg } from '../contract/messages';

export class ImportFormatError extends Error {
  /** The message with its code, for the AppError that reports it. */
  readonly text: Message;

  constructor(message: Message) {
    super(messageText(message));
    this.text = message;
    this.name = 'ImportFormatError';
  }
}

/** Which wide Unicode encoding the bytes are in, from the byte-order mark or from the pattern of zero bytes. */
export function detectWideEncoding(bytes: Uint8Array): 'UTF-32' | 'UTF-16' | null {
  const b = bytes;
  if (b.length >= 4 && ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff)))
    return 'UTF-32';
  if (b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))) return 'UTF-16';
  // Without a BOM: ASCII text in UTF-16 has a zero byte in every other position, UTF-32 in three of four.
  const sample = b.subarray(0, 4096);
  if (sample.length < 4) return null;
  let zeros = 0;
  for (const x of sample) if (x === 0) zeros++;
  const share = zeros / sample.length;
  if (share > 0.6) return 'UTF-32';
  if (share > 0.3) return 'UTF-16';
  return null;
}

/** Normalises CRLF and lone CR to LF (SPEC: line endings are normalised before splitting). */
export const normaliseLineEndings = (text: string): string => text.replace(/\r\n?/g, '\n');

/**
 * Decodes import bytes as UTF-8. A UTF-8 BOM is stripped; UTF-16 and UTF-32 are refused with a message
 * asking for UTF-8; bytes that are not valid UTF-8 are refused too (rather than importing mojibake).
 */
export function decodeImportText(bytes: Uint8Array): string {
  const wide = detectWideEncoding(bytes);
  if (wide) throw new ImportFormatError(msg('import.wideEncoding', { encoding: wide }));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFormatError(msg('import.notUtf8'));
  }
  // TextDecoder already drops a leading BOM; a pasted string may still carry one.
  return normaliseLineEndings(stripBom(text));
}

export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Pasted text gets the same treatment as file bytes. */
export const normalisePastedText = (text: string): string => normaliseLineEndings(stripBom(text));
