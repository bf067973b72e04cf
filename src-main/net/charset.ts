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

const ALIASES: Record<string, string> = {
  'x-sjis': 'shift_jis',
  sjis: 'shift_jis',
  'x-euc-kr': 'euc-kr',
  'ks_c_5601-1987': 'euc-kr',
  'x-gbk': 'gbk',
  gb_2312: 'gb2312',
  'big5-hkscs': 'big5hkscs',
  'x-mac-roman': 'macintosh',
  latin1: 'iso-8859-1',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
};

/** A charset name iconv-lite knows, or null. gb2312 is decoded as its superset gbk. */
export function normaliseCharset(name: string | null | undefined): string | null {
  if (!name) return null;
  let n = name
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
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
  for (let i = 0; i < b.length; i++)
    if (b[i] > 0x7f) {
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

/** Statistical detection on the text between tags (markup is ASCII and only dilutes the statistics). */
function detect(bytes: Uint8Array): string | null {
  const limit = Math.min(bytes.byteLength, 512 * 1024);
  const out = new Uint8Array(limit);
  let n = 0;
  let inTag = false;
  for (let i = 0; i < limit; i++) {
    const b = bytes[i];
    if (b === 0x3c) inTag = true;
    else if (b === 0x3e) {
      inTag = false;
      out[n++] = 0x20;
    } else if (!inTag) out[n++] = b;
  }
  const sample = n > 32 ? out.subarray(0, n) : bytes.subarray(0, limit);
  return normaliseCharset(chardet.detect(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength)));
}

/** Decodes downloaded bytes; see the file comment for the order of evidence. */
export function decodeBytes(bytes: Uint8Array, opts: { charset?: string | null; contentType?: string } = {}): DecodedText {
  const forced = normaliseCharset(opts.charset);
  if (forced) return { text: decodeWith(bytes, forced), charset: forced, source: 'option' };
  const bom = bomCharset(bytes);
  if (bom) return { text: decodeWith(bytes, bom), charset: bom, source: 'bom' };
  const header = normaliseCharset(charsetFromContentType(opts.contentType));
  const doc = normaliseCharset(charsetFromDocument(bytes));
  const declared: [string, DecodedText['source']][] = [];
  if (header) declared.push([header, 'header']);
  if (doc && doc !== header) declared.push([doc, 'document']);
  if (declared.length) {
    if (declared.every(([c]) => !isUtf8(c) && SINGLE_BYTE.test(c)) && validMultiByteUtf8(bytes))
      return { text: decodeWith(bytes, 'utf-8'), charset: 'utf-8', source: 'detected' };
    // The first declaration that decodes cleanly wins (a wrong header loses to the document's own declaration).
    let first: DecodedText | null = null;
    let firstBad = 0;
    for (const [charset, source] of declared) {
      const text = decodeWith(bytes, charset);
      const bad = replacements(text);
      if (bad === 0) return { text, charset, source };
      if (!first) {
        first = { text, charset, source };
        firstBad = bad;
      }
    }
    const guess = detect(bytes);
    if (guess && guess !== first!.charset) {
      const alt = decodeWith(bytes, guess);
      if (replacements(alt) < firstBad) return { text: alt, charset: guess, source: 'detected' };
    }
    return first!;
  }
  if (validMultiByteUtf8(bytes) || !bytes.some((b) => b > 0x7f)) return { text: decodeWith(bytes, 'utf-8'), charset: 'utf-8', source: 'default' };
  const guess = detect(bytes) ?? 'windows-1252';
  return { text: decodeWith(bytes, guess), charset: guess, source: 'detected' };
}
