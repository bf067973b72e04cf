// Runs in: any process (in practice the EPUB worker thread). Bytes of an XHTML/XML document → string, honouring
// a BOM, the XML declaration's encoding or a <meta charset>; anything not UTF-8/UTF-16 is decoded by iconv-lite.
import iconv from 'iconv-lite';

/** The encoding a document declares in its first bytes (XML declaration or meta charset), lower-cased. */
export function declaredEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  if (xml) return xml[1].toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(head);
  return meta ? meta[1].toLowerCase() : null;
}

export function decodeDocument(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const declared = declaredEncoding(bytes);
  if (declared && !/^utf-?8$/.test(declared) && iconv.encodingExists(declared))
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), declared);
  return new TextDecoder('utf-8').decode(bytes);
}
