// Synthetic EPUBs for the books tests and bench: built with jszip from a small spec (EPUB 2 or 3, nav and/or NCX,
// nested ToC, documents in any encoding, cover, extra entries such as encryption.xml).
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { centralEntry, endRecord, localHeader } from '../helpers/zip-headers';

export interface TocItem {
  title: string;
  href: string;
  children?: TocItem[];
}

export interface EpubSpec {
  title?: string;
  author?: string;
  language?: string;
  description?: string;
  /** Content documents under OEBPS/, in spine order. `body` is the inner HTML of <body>. */
  docs: { path: string; body: string; encoding?: string }[];
  nav?: TocItem[];
  ncx?: TocItem[];
  cover?: { path: string; data: Uint8Array; mediaType: string };
  /** More zip entries by full path (e.g. META-INF/encryption.xml, images). */
  extra?: Record<string, Uint8Array | string>;
  /** Per-entry compression of `extra` entries (STORE for incompressible images). */
  extraCompression?: 'STORE' | 'DEFLATE';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function navHtml(items: TocItem[]): string {
  const list = (xs: TocItem[]): string =>
    `<ol>${xs.map((x) => `<li><a href="${esc(x.href)}">${esc(x.title)}</a>${x.children ? list(x.children) : ''}</li>`).join('')}</ol>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc"><h1>Contents</h1>${list(items)}</nav><nav epub:type="landmarks"><ol><li><a href="x.xhtml">Landmark</a></li></ol></nav></body></html>`;
}

function ncxXml(items: TocItem[]): string {
  let n = 0;
  const points = (xs: TocItem[]): string =>
    xs
      .map(
        (x) =>
          `<navPoint id="np${++n}" playOrder="${n}"><navLabel><text>${esc(x.title)}</text></navLabel><content src="${esc(x.href)}"/>${x.children ? points(x.children) : ''}</navPoint>`,
      )
      .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>t</text></docTitle><navMap>${points(items)}</navMap></ncx>`;
}

export function documentBytes(body: string, encoding = 'utf-8'): Uint8Array {
  const xml = `<?xml version="1.0" encoding="${encoding}"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Doc</title></head><body>${body}</body></html>`;
  return encoding.toLowerCase() === 'utf-8' ? new TextEncoder().encode(xml) : new Uint8Array(iconv.encode(xml, encoding));
}

export async function makeEpub(spec: EpubSpec): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  );
  const manifest: string[] = [];
  const spine: string[] = [];
  spec.docs.forEach((d, i) => {
    zip.file(`OEBPS/${d.path}`, documentBytes(d.body, d.encoding));
    manifest.push(`<item id="d${i}" href="${esc(d.path)}" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="d${i}"/>`);
  });
  if (spec.nav) {
    zip.file('OEBPS/nav.xhtml', navHtml(spec.nav));
    manifest.push('<item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>');
  }
  if (spec.ncx) {
    zip.file('OEBPS/toc.ncx', ncxXml(spec.ncx));
    manifest.push('<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>');
  }
  if (spec.cover) {
    zip.file(`OEBPS/${spec.cover.path}`, spec.cover.data, { compression: 'STORE' });
    manifest.push(`<item id="cover-img" href="${esc(spec.cover.path)}" properties="cover-image" media-type="${spec.cover.mediaType}"/>`);
  }
  for (const [p, data] of Object.entries(spec.extra ?? {})) zip.file(p, data, { compression: spec.extraCompression ?? 'DEFLATE' });
  const version = spec.nav ? '3.0' : '2.0';
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${version}" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:test:${Math.random().toString(36).slice(2)}</dc:identifier>
<dc:title>${esc(spec.title ?? 'Test Book')}</dc:title>
${spec.author ? `<dc:creator>${esc(spec.author)}</dc:creator>` : ''}
${spec.language ? `<dc:language>${esc(spec.language)}</dc:language>` : ''}
${spec.description ? `<dc:description>${esc(spec.description)}</dc:description>` : ''}
</metadata>
<manifest>${manifest.join('\n')}</manifest>
<spine${spec.ncx ? ' toc="ncx"' : ''}>${spine.join('\n')}</spine>
</package>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

export interface RawEntry {
  name: string;
  data: Uint8Array;
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
  /** Uncompressed size written into the headers (default: the real one) — lets a test lie. */
  declaredSize?: number;
}

/** A zip written by hand with node:zlib (fast for big or many entries, and able to carry lying headers). */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const method = e.method ?? 8;
    const packed = method === 8 ? zlib.deflateRawSync(e.data, { level: e.data.length > 8 * 1024 * 1024 ? 1 : 9 }) : Buffer.from(e.data);
    const fields = {
      name: Buffer.from(e.name, 'utf8'),
      method,
      crc: zlib.crc32(e.data) >>> 0,
      packedSize: packed.length,
      size: e.declaredSize ?? e.data.length,
    };
    const local = localHeader(fields);
    locals.push(local, packed);
    centrals.push(centralEntry(fields, offset));
    offset += local.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  return new Uint8Array(Buffer.concat([...locals, cd, endRecord(entries.length, cd.length, offset)]));
}

const MINIMAL_OPF =
  '<package><metadata/><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/></spine></package>';
const MINIMAL_CONTAINER = '<container><rootfiles><rootfile full-path="content.opf"/></rootfiles></container>';
const bytesOf = (s: string) => new TextEncoder().encode(s);

/** An EPUB whose one XHTML entry inflates to `mb` MB of one repeated byte (deflate ratio ~1000:1). */
export function makeZipBomb(mb: number): Uint8Array {
  return rawZip([
    { name: 'mimetype', data: bytesOf('application/epub+zip'), method: 0 },
    { name: 'META-INF/container.xml', data: bytesOf(MINIMAL_CONTAINER) },
    { name: 'content.opf', data: bytesOf(MINIMAL_OPF) },
    { name: 'a.xhtml', data: Buffer.alloc(mb * 1024 * 1024, 0x61) },
  ]);
}

/** An EPUB of `n` entries (a valid book plus filler). */
export function makeManyEntries(n: number): Uint8Array {
  const filler = Array.from({ length: n - 3 }, (_, i) => ({ name: `OEBPS/f${i}.txt`, data: bytesOf('x'), method: 0 as const }));
  return rawZip([
    { name: 'META-INF/container.xml', data: bytesOf(MINIMAL_CONTAINER) },
    { name: 'content.opf', data: bytesOf(MINIMAL_OPF) },
    { name: 'a.xhtml', data: bytesOf('<html><body><p>Hello there.</p></body></html>') },
    ...filler,
  ]);
}

/** Paragraphs of pseudo-words, reproducible. */
export function prose(words: number, seed = 1): string {
  const vocab = [
    'alpha',
    'beta',
    'gamma',
    'delta',
    'river',
    'stone',
    'house',
    'light',
    'quiet',
    'morning',
    'window',
    'garden',
    'letter',
    'winter',
    'summer',
    'market',
  ];
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out.push(vocab[x % vocab.length] + (x % 7 === 0 ? String(x % 97) : ''));
  }
  const paras: string[] = [];
  for (let i = 0; i < out.length; i += 60) paras.push(`<p>${out.slice(i, i + 60).join(' ')}.</p>`);
  return paras.join('\n');
}
