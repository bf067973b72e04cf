// Runs in: any process. Plain-text side of books: rough word counts for previews, and a long text split into
// chapters — on chapter headings ("CHAPTER I", "Capítulo 2", "第一章", Roman numerals, lines of ***), else into
// parts of about 5,000 words at paragraph boundaries.

const CJK_G = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_G = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/** Words as a reader would count them: runs of letters, and each CJK / Thai character as one. */
export function countWords(text: string): number {
  if (!HAS_CJK.test(text)) return text.match(WORD_G)?.length ?? 0;
  const cjk = text.match(CJK_G)?.length ?? 0;
  return cjk + (text.replace(CJK_G, ' ').match(WORD_G)?.length ?? 0);
}

/** Cuts text into parts of at most `maxChars` characters at paragraph (else line, else hard) boundaries. */
export function splitIntoParts(text: string, maxChars: number): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const para of text.split(/\n{2,}/)) {
    if (cur && cur.length + para.length + 2 > maxChars) {
      parts.push(cur);
      cur = '';
    }
    if (para.length > maxChars) {
      for (let i = 0; i < para.length; i += maxChars) parts.push(para.slice(i, i + maxChars));
      continue;
    }
    cur = cur ? `${cur}\n\n${para}` : para;
  }
  if (cur.trim()) parts.push(cur);
  return parts;
}

export interface TextChapter {
  title: string;
  text: string;
  words: number;
}

const ROMAN = '[IVXLCDM]+';
const CN_NUM = '[0-9０-９一二三四五六七八九十百千零〇两]+';
/** Heading words of several languages, then a number (Arabic, Roman or spelled-out first word). */
const HEADING_WORDS =
  'chapter|part|book|prologue|epilogue|kapitel|teil|capítulo|capitulo|parte|chapitre|partie|livre|capitolo|hoofdstuk|rozdział|глава|часть|kapittel|kapitel|luku|fejezet|kafli|bölüm';
const HEADING = new RegExp(
  `^(?:(?:${HEADING_WORDS})\\.?(?:\\s+(?:${ROMAN}|\\d+|[\\p{L}]+))?[.:]?(?:\\s.*)?|${ROMAN}\\.?|\\d{1,3}\\.|第${CN_NUM}[章回节節卷部篇](?:\\s.*)?|[*＊]{3,}|(?:\\*\\s*){3,})$`,
  'iu',
);
const SEPARATOR = /^(?:[*＊]{3,}|(?:\*\s*){3,}|[-–—_=~#]{3,})$/;

/** A line that starts a chapter: short, on its own, matching a heading shape. */
export function isChapterHeading(line: string): boolean {
  const t = line.trim();
  if (t.length === 0 || t.length > 80) return false;
  if (SEPARATOR.test(t)) return true;
  if (!HEADING.test(t)) return false;
  // "Part of the story…" is prose, not a heading: headings have few words.
  return t.split(/\s+/).length <= 10;
}

/** Parts of about this many words when a long text has no chapter headings. */
export const PART_WORDS = 5000;

/**
 * A long plain text → chapters. Headings found on lines of their own (at least two, so one stray "I." does not
 * count) start chapters, titled by the heading line (a separator line gives "Part N"); text before the first
 * heading becomes a first chapter when it has words. Otherwise parts of about 5,000 words at paragraph breaks.
 */
export function splitLongText(raw: string, fallbackTitle = 'Part'): TextChapter[] {
  const text = raw.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
  const lines = text.split('\n');
  // A heading line: preceded by a blank line (or start) and not in the middle of a paragraph.
  const heads: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!isChapterHeading(lines[i])) continue;
    const blankBefore = i === 0 || lines[i - 1].trim() === '';
    if (blankBefore) heads.push(i);
  }
  const chapters: TextChapter[] = [];
  const push = (title: string, body: string) => {
    const t = body.replace(/^\s*\n|\s+$/g, '').trim();
    if (!/[\p{L}\p{N}]/u.test(t)) return;
    chapters.push({ title: title.slice(0, 200), text: t, words: countWords(t) });
  };
  if (heads.length >= 2) {
    const before = lines.slice(0, heads[0]).join('\n');
    if (countWords(before) > 0) push('Opening', before);
    heads.forEach((h, k) => {
      const end = k + 1 < heads.length ? heads[k + 1] : lines.length;
      const heading = lines[h].trim();
      const title = SEPARATOR.test(heading) ? `${fallbackTitle} ${chapters.length + 1}` : heading;
      const body = SEPARATOR.test(heading) ? lines.slice(h + 1, end).join('\n') : lines.slice(h, end).join('\n');
      push(title, body);
    });
    if (chapters.length >= 2) return chapters;
    chapters.length = 0;
  }
  // No headings: parts of about PART_WORDS words at paragraph boundaries.
  let cur: string[] = [];
  let words = 0;
  for (const para of text.split(/\n\s*\n/)) {
    const w = countWords(para);
    if (cur.length && words + w > PART_WORDS * 1.2 && words >= PART_WORDS * 0.5) {
      push(`${fallbackTitle} ${chapters.length + 1}`, cur.join('\n\n'));
      cur = [];
      words = 0;
    }
    cur.push(para.trim());
    words += w;
    if (words >= PART_WORDS) {
      push(`${fallbackTitle} ${chapters.length + 1}`, cur.join('\n\n'));
      cur = [];
      words = 0;
    }
  }
  if (cur.length) push(`${fallbackTitle} ${chapters.length + 1}`, cur.join('\n\n'));
  return chapters;
}
