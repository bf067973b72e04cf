// Runs in: any process (pure). Cutting an EPUB's spine into chapters: by its table of contents when that is
// usable (entries into documents and anchors, front matter before the first entry kept as chapters of its own),
// else one chapter per document with words; titles from the ToC, the first heading or the document's <title>.
import type { BlockImage, HtmlBlocks } from './html';

const TITLE_MAX = 200;
export const clip = (s: string, n = TITLE_MAX) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

/** A table-of-contents entry (EPUB 3 nav or EPUB 2 NCX), resolved to a spine document and an anchor. */
export interface TocEntry {
  title: string;
  path: string;
  fragment: string;
}

/** A spine document as blocks of text. */
export interface SpineDoc {
  path: string;
  blocks: HtmlBlocks;
  /** <title> of the document, a last resort for chapter titles. */
  docTitle: string;
}

export interface Draft {
  title: string;
  text: string;
  /** The spine documents it is cut from (first, last), for their ruby readings. */
  docs: [number, number];
  /** Its pictures, each before the chapter's paragraph `para` (src resolved to a zip path by the caller). */
  images: BlockImage[];
}

/**
 * Paragraphs and pictures of a span of documents, from (doc, para) up to (not including) (doc, para). A picture
 * after a document's last paragraph belongs to that document, so it stays with the span that holds the document's end.
 */
function sliceSpan(docs: SpineDoc[], fromDoc: number, fromPara: number, toDoc: number, toPara: number): { text: string; images: BlockImage[] } {
  const parts: string[] = [];
  const images: BlockImage[] = [];
  for (let d = fromDoc; d <= toDoc && d < docs.length; d++) {
    const { paragraphs, images: pictures } = docs[d].blocks;
    const a = d === fromDoc ? fromPara : 0;
    const b = d === toDoc ? toPara : paragraphs.length;
    const endsDoc = d !== toDoc || b > paragraphs.length;
    for (const img of pictures)
      if (img.para >= a && (img.para < b || (endsDoc && img.para === paragraphs.length))) images.push({ ...img, para: parts.length + img.para - a });
    if (b > a) parts.push(...paragraphs.slice(a, b));
  }
  return { text: parts.join('\n\n'), images };
}

/**
 * Chapters without words are dropped, but not their pictures (a cover page, a picture-book page whose sentence
 * is on the next page): they open the next chapter, or close the last one.
 */
export function keepPicturesOfEmpty(drafts: Draft[]): Draft[] {
  const out: Draft[] = [];
  let carried: BlockImage[] = [];
  for (const d of drafts) {
    if (!hasWords(d.text)) {
      carried.push(...d.images.map((img) => ({ ...img, para: 0 })));
      continue;
    }
    out.push(carried.length ? { ...d, images: [...carried, ...d.images] } : d);
    carried = [];
  }
  const last = out[out.length - 1];
  if (last && carried.length) {
    const end = last.text.split('\n\n').length;
    out[out.length - 1] = { ...last, images: [...last.images, ...carried.map((img) => ({ ...img, para: end }))] };
  }
  return out;
}

/** The ruby readings of documents from..to whose base occurs in the text (first document's reading wins). */
export function readingsOf(docs: SpineDoc[], [from, to]: [number, number], text: string): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (let d = from; d <= to && d < docs.length; d++)
    for (const [base, reading] of docs[d].blocks.readings) if (!(out && base in out) && text.includes(base)) (out ??= {})[base] = reading;
  return out;
}

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** Title of a span of paragraphs: its first heading (within the span), else the document title. */
function headingTitle(doc: SpineDoc, from: number, to: number): string {
  const h = doc.blocks.headings.find((i) => i >= from && i < to);
  return h === undefined ? '' : clip(doc.blocks.paragraphs[h].replace(/\s+/g, ' '));
}

/** One chapter per document; documents without words stay as empty drafts (for their pictures), numbered past. */
export function chaptersFromSpine(docs: SpineDoc[]): Draft[] {
  const out: Draft[] = [];
  let worded = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    const { text, images } = sliceSpan(docs, i, 0, i, Number.MAX_SAFE_INTEGER);
    if (!hasWords(text)) {
      if (images.length) out.push({ title: '', text: '', docs: [i, i], images });
      continue;
    }
    worded++;
    out.push({ title: headingTitle(doc, 0, doc.blocks.paragraphs.length) || clip(doc.docTitle) || `Chapter ${worded}`, text, docs: [i, i], images });
  }
  return out;
}

/**
 * Chapters from the ToC, or null when it is not usable: no entry matches a spine document, or a single entry
 * stands for a book of several documents (Gutenberg's "license" ToC), or most of the text precedes the first entry.
 */
export function chaptersFromToc(docs: SpineDoc[], toc: TocEntry[]): Draft[] | null {
  const docIndex = new Map(docs.map((d, i) => [d.path.toLowerCase(), i]));
  // Each entry → a position (document, paragraph); entries into unknown documents are dropped.
  const starts: { doc: number; para: number; title: string }[] = [];
  for (const e of toc) {
    const doc = docIndex.get(e.path.toLowerCase());
    if (doc === undefined) continue;
    const para = e.fragment ? (docs[doc].blocks.anchors.get(e.fragment) ?? 0) : 0;
    starts.push({ doc, para, title: e.title });
  }
  // Spine order wins over ToC order; entries at the same position keep their ToC order.
  starts.sort((a, b) => a.doc - b.doc || a.para - b.para);
  const textDocs = docs.filter((d) => hasWords(d.blocks.paragraphs.join(' '))).length;
  if (starts.length === 0 || (starts.length === 1 && textDocs > 1)) return null;

  const out: Draft[] = [];
  // Text before the first entry: its documents become chapters of their own (front matter with words).
  const first = starts[0];
  const front = chaptersFromSpine(docs.slice(0, first.doc));
  const lead = sliceSpan(docs, first.doc, 0, first.doc, first.para);
  if (hasWords(lead.text))
    front.push({
      title: headingTitle(docs[first.doc], 0, first.para) || clip(docs[first.doc].docTitle) || 'Front matter',
      text: lead.text,
      docs: [first.doc, first.doc],
      images: lead.images,
    });
  else if (lead.images.length) front.push({ title: '', text: '', docs: [first.doc, first.doc], images: lead.images });
  const total = docs.reduce((n, d) => n + d.blocks.paragraphs.reduce((m, p) => m + p.length, 0), 0);
  const frontChars = front.reduce((n, c) => n + c.text.length, 0);
  if (total > 0 && frontChars > total / 2) return null;
  out.push(...front);
  let worded = front.filter((c) => c.text).length;

  for (let i = 0; i < starts.length; i++) {
    const s = starts[i];
    const next = starts[i + 1];
    const span = next ? sliceSpan(docs, s.doc, s.para, next.doc, next.para) : sliceSpan(docs, s.doc, s.para, docs.length - 1, Number.MAX_SAFE_INTEGER);
    const range: [number, number] = [s.doc, next ? next.doc : docs.length - 1];
    if (!hasWords(span.text)) {
      if (span.images.length) out.push({ title: '', text: '', docs: range, images: span.images });
      continue;
    }
    const doc = docs[s.doc];
    worded++;
    out.push({
      title: clip(s.title) || headingTitle(doc, s.para, doc.blocks.paragraphs.length) || `Chapter ${worded}`,
      text: span.text,
      docs: range,
      images: span.images,
    });
  }
  return out;
}
