// FictionBook 2 files for the books tests, written as FB2 readers and converters write them: title-info with
// authors, language, annotation and a cover, a main body of sections (a part holding chapters, a poem, a footnote
// link), a notes body, pictures as base64 <binary> elements; in UTF-8 or windows-1251.
import iconv from 'iconv-lite';
import JSZip from 'jszip';

export interface Fb2Spec {
  title: string;
  author?: [first: string, last: string];
  lang?: string;
  /** Chapters: a title and paragraphs; a paragraph '[picture:id]' is a picture, '[poem]a|b' a stanza. */
  chapters: { title: string; paragraphs: string[] }[];
  /** Wrap the chapters in one part section (the reader looks into it). */
  part?: string;
  cover?: string;
  binaries?: Record<string, { type: string; data: Uint8Array }>;
  encoding?: 'utf-8' | 'windows-1251';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function paragraph(p: string): string {
  const picture = /^\[picture:(.+)\]$/.exec(p);
  if (picture) return `<image l:href="#${picture[1]}"/>`;
  if (p.startsWith('[poem]'))
    return `<poem><stanza>${p
      .slice(6)
      .split('|')
      .map((v) => `<v>${esc(v)}</v>`)
      .join('')}</stanza></poem>`;
  return `<p>${esc(p).replace(/\[note\]/g, '<a l:href="#n1" type="note">[1]</a>')}</p>`;
}

export function makeFb2(spec: Fb2Spec): Uint8Array {
  const encoding = spec.encoding ?? 'utf-8';
  const sections = spec.chapters.map((c) => `<section><title><p>${esc(c.title)}</p></title>${c.paragraphs.map(paragraph).join('\n')}</section>`).join('\n');
  const body = spec.part ? `<section><title><p>${esc(spec.part)}</p></title>${sections}</section>` : sections;
  const binaries = Object.entries(spec.binaries ?? {})
    .map(([id, b]) => `<binary id="${id}" content-type="${b.type}">${Buffer.from(b.data).toString('base64').replace(/.{76}/g, '$&\n')}</binary>`)
    .join('\n');
  const xml = `<?xml version="1.0" encoding="${encoding}"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose</genre>
<author><first-name>${esc(spec.author?.[0] ?? 'Anon')}</first-name><last-name>${esc(spec.author?.[1] ?? 'Ymous')}</last-name></author>
<book-title>${esc(spec.title)}</book-title>
<annotation><p>A book made for the tests.</p></annotation>
${spec.cover ? `<coverpage><image l:href="#${spec.cover}"/></coverpage>` : ''}
<lang>${spec.lang ?? 'en'}</lang></title-info>
<document-info><author><nickname>tests</nickname></author><program-used>tests/helpers/fb2.ts</program-used></document-info>
</description>
<body><title><p>${esc(spec.title)}</p></title>
${body}
</body>
<body name="notes"><section id="n1"><title><p>1</p></title><p>A footnote, not the running text.</p></section></body>
${binaries}
</FictionBook>`;
  return new Uint8Array(iconv.encode(xml, encoding));
}

export async function zipFb2(name: string, data: Uint8Array, extra: Record<string, Uint8Array> = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(name, data);
  for (const [k, v] of Object.entries(extra)) zip.file(k, v);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The head of a Kindle book (PalmDB with a MOBI first record), encrypted (DRM) or not. */
export function makeMobiHead(encryption: 0 | 1 | 2): Uint8Array {
  const b = Buffer.alloc(200);
  b.write('Some Kindle Book', 0, 'latin1');
  b.write('BOOKMOBI', 60, 'latin1');
  b.writeUInt16BE(1, 76); // one record
  b.writeUInt32BE(86, 78); // record 0 at 86
  b.writeUInt16BE(2, 86); // PalmDOC compression
  b.writeUInt16BE(encryption, 86 + 12);
  b.write('MOBI', 86 + 16, 'latin1');
  return new Uint8Array(b);
}
