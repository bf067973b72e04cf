// Runs in: main (and worker threads). The one place downloaded bytes become text. Order of evidence: the
// user's explicit charset (a feed option), a byte-order mark, the Content-Type charset, the document's own
// declaration (<?xml encoding?> or <meta charset>), then statistical detection (chardet). A declared
// charset loses to detection when it visibly fails: it yields replacement characters, or it is a
// single-byte charset while the bytes are valid multi-byte UTF-8.
import chardet from 'chardet';
import iconv from 'iconv-lite';

export interface DecodedText {
  text: string;
  /** The charset actually used (lower case, iconv-lite name). */
  charset: string;
  /** Where that charset came from. */
  source: 'option' | 'bom' | 'header' | 'document' | 'detected' | 'default';
}

const ALIASES: Record<string, string> = { 'x-sjis': 'shift_jis', sjis: 'shift_jis', 'x-euc-kr': 'euc-kr', 'ks_c_5601-1987': 'euc-kr', 'x-gbk': 'gbk', gb_2312: 'gb2312', 'big5-hkscs': 'big5hkscs', 'x-mac-roman': 'macintosh', latin1: 'iso-8859-1', 'us-ascii': 'utf-8', ascii: 'utf-8' };

/** A charset name iconv-lite knows, or null. gb2312 is decoded as its superset gbk. */
export function normaliseCharset(name: string | null | undefined): string | null {
  if (!name) return null;
  let n = name.trim().toLowerCase().replace(/^["']|["']$/g, '');
  n = ALIASES[n] ?? n;
  if (n === 'gb2312') n = 'gbk';
  return iconv.encodingExists(n) ? n : null;
}

export function charsetFromContentType(contentType: string | undefined): string | null {
  const m = /charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? '');
  return m ? m[2] : null;
}

/** <?xml encoding="..."?>, <meta charset>, <meta http-equiv content="...charset=..."> in the first 4 KB. */
export function charsetFromDocument(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1];
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head);
  return meta ? meta[1] : null;
}

function bomCharset(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return null;
}

const SINGLE_BYTE = /^(iso-8859-|windows-125|cp125|koi8|macintosh|ibm|cp8)/;
const isUtf8 = (c: string) => c === 'utf-8' || c === 'utf8';

function validMultiByteUtf8(b: Uint8Array): boolean {
  let nonAscii = false;
  for (let i = 0; i < b.length; i++) if (b[i] > 0x7f) {
    nonAscii = true;
    break;
  }
  if (!nonAscii) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const replacements = (s: string) => {
  let n = 0;
  for (let i = s.indexOf('\uFFFD'); i !== -1; i = s.indexOf('\uFFFD', i + 1)) n++;
  return n;
};

function decodeWith(bytes: Uint8Array, charset: string): string {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), charset);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function detect(bytes: Uint8Array): string | null {
  const sample = bytes.byteLength > 256 * 1024 ? bytes.subarray(0, 256 * 1024) : bytes;
  return normaliseCharset(chardet.detect(sample));
}

/** Decodes downloaded bytes; see the file comment for the order of evidence. */
export function decodeBytes(bytes: Uint8Array, opts: { charset?: string | null; contentType?: string } = {}): DecodedText {
  const forced = normaliseCharset(opts.charset);
  if (forced) return { text: decodeWith(bytes, forced), charset: forced, source: 'option' };
  const bom = bomCharset(bytes);
  if (bom) return { text: decodeWith(bytes, bom), charset: bom, source: 'bom' };
  const header = normaliseCharset(charsetFromContentType(opts.contentType));
  const doc = header ? null : normaliseCharset(charsetFromDocument(bytes));
  const declared = header ?? doc;
  if (declared) {
    const source = header ? 'header' : 'document';
    if (!isUtf8(declared) && SINGLE_BYTE.test(declared) && validMultiByteUtf8(bytes)) return { text: decodeWith(bytes, 'utf-8'), charset: 'utf-8', source: 'detected' };
    const text = decodeWith(bytes, declared);
    const bad = replacements(text);
    if (bad === 0) return { text, charset: declared, source };
    const guess = detect(bytes);
    if (guess && guess !== declared) {
      const alt = decodeWith(bytes, guess);
      if (replacements(alt) < bad) return { text: alt, charset: guess, source: 'detected' };
    }
    return { text, charset: declared, source };
  }
  if (validMultiByteUtf8(bytes) || !bytes.some((b) => b > 0x7f)) return { text: decodeWith(bytes, 'utf-8'), charset: 'utf-8', source: 'default' };
  const guess = detect(bytes) ?? 'windows-1252';
  return { text: decodeWith(bytes, guess), charset: guess, source: 'detected' };
}
