// Runs in: any process. A book's front and back matter that is not the book: Project Gutenberg's header and
// licence, Standard Ebooks' colophon, imprint and "uncopyright", copyright and "about this edition" pages. Left
// in, they open a German novel on an English licence and fill its unknown-word count and difficulty list with
// "the", "of", "project", "gutenberg". The import preview unticks such chapters, and the text of a chapter that
// holds both (Gutenberg puts its header before the first chapter's text) is cut at the marker.

/** Why a chapter is left out by default. */
export type MatterKind = 'gutenberg-header' | 'gutenberg-licence' | 'title-page' | 'colophon' | 'imprint' | 'copyright' | 'about-edition';

export interface MatterChapter {
  title: string;
  text: string;
}

export interface SortedChapter extends MatterChapter {
  /** Set when the whole chapter is matter (unticked by default, never counted). */
  matter: MatterKind | null;
  /** Paragraphs (blocks between blank lines) cut off the chapter's start: its pictures move up by as many. */
  cutParagraphs: number;
}

// Gutenberg's markers, in the spellings of its eras: "*** START OF THE PROJECT GUTENBERG EBOOK X ***",
// "***START OF THIS PROJECT GUTENBERG EBOOK X***", "*** END OF THE PROJECT GUTENBERG E-BOOK ***", and the older
// closing line "End of the Project Gutenberg EBook of X" / "End of Project Gutenberg's X".
const START = /\*{3}\s*START OF (?:THE |THIS )?PROJECT GUTENBERG E-?BOOK[^*\n]*\*{3}/i;
const END = /\*{3}\s*END OF (?:THE |THIS )?PROJECT GUTENBERG E-?BOOK[^*\n]*\*{3}|^[ \t]*End of (?:the )?Project Gutenberg(?:'s)? /im;

const TITLES: readonly [RegExp, MatterKind][] = [
  [/project gutenberg licen[cs]e|full licen[cs]e/i, 'gutenberg-licence'],
  [/^\s*(?:the )?project gutenberg e-?book of\b/i, 'gutenberg-header'],
  [/^\s*colophon\s*$/i, 'colophon'],
  [/^\s*imprint\s*$/i, 'imprint'],
  [/^\s*(?:un)?copyright(?: page| notice)?\s*$/i, 'copyright'],
  [/^\s*about (?:this|the) (?:edition|e-?book|book)\s*$/i, 'about-edition'],
];

const kindOfTitle = (title: string): MatterKind | null => TITLES.find(([re]) => re.test(title))?.[1] ?? null;

/** The book's own metadata (dc:title, dc:creator), to know a page that only repeats it. */
export interface BookMeta {
  title?: string;
  author?: string;
}

// Gutenberg's header block by what it is, whatever its chapter is called: its field lines ("Title:", "Author:",
// "Release date:", "Character set encoding:" …, some bracketed), "Produced by …", the terms-of-use sentence and
// the "The Project Gutenberg eBook of X" line.
const HEADER_FIELD =
  /^\s*\[?\s*(?:title|sub-?title|author|authors|editor|translator|illustrator|contributor|release date|posting date|first posted|last updated|most recently updated|language|character set encoding|credits|original publication|ebook #?\d*)\s*:/i;
const HEADER_LINE = /^\s*(?:produced by\b|this e-?book is for the use of anyone anywhere|(?:the )?project gutenberg(?:'s)? e-?book,? of\b)/i;
const isHeaderParagraph = (p: string) => HEADER_FIELD.test(p) || HEADER_LINE.test(p) || START.test(p);

/** Letters and digits only, lower case, without a "by" between title and author: "Die Verwandlung, by Franz Kafka" → "dieverwandlungfranzkafka". */
const bare = (s: string) =>
  s
    .toLowerCase()
    .replace(/(^|\s)(?:by|von|de|por|par|di)(?=\s)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** A paragraph that only repeats the book's title and author (a title page's lines). */
function repeatsMeta(paragraph: string, meta: BookMeta): boolean {
  const title = bare(meta.title ?? '');
  const author = bare(meta.author ?? '');
  const known = new Set([title, author, title + author, author + title].filter(Boolean));
  const lines = paragraph.split('\n').map(bare).filter(Boolean);
  return lines.length > 0 && lines.every((l) => known.has(l));
}

/**
 * The leading paragraphs of a chapter that are Gutenberg's header or the book's metadata repeated: how many, and
 * whether one of them is Gutenberg's (metadata alone is cut only when it is the whole chapter: a title page).
 */
function leadingHeader(text: string, meta: BookMeta): { count: number; all: boolean; gutenberg: boolean; namesAuthor: boolean } {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  let count = 0;
  let gutenberg = false;
  for (const p of paragraphs) {
    if (isHeaderParagraph(p)) gutenberg = true;
    else if (!repeatsMeta(p, meta)) break;
    count++;
  }
  const author = bare(meta.author ?? '');
  const namesAuthor = author !== '' && paragraphs.slice(0, count).some((p) => p.split('\n').some((l) => bare(l).includes(author)));
  return { count, all: count === paragraphs.length && count > 0, gutenberg, namesAuthor };
}

/**
 * The chapters before the book's text that hold Gutenberg's header block or only the book's own metadata (issue
 * 51: a Gutenberg book whose header — title, author, "Character set encoding" — was a chapter of its own without
 * the START marker became chapter 1, ticked). Whole ones are matter; a chapter starting with them loses them.
 */
function sortLeadingHeader(sorted: SortedChapter[], meta: BookMeta): SortedChapter[] {
  const out = [...sorted];
  for (let i = 0; i < out.length; i++) {
    const c = out[i];
    if (c.matter) continue;
    const lead = leadingHeader(c.text, meta);
    // A title page names the author too: a picture book's first page is often its title alone ("Look! The dog."),
    // and that page is the story.
    if (lead.all && (lead.gutenberg || lead.namesAuthor)) {
      out[i] = { ...c, matter: lead.gutenberg ? 'gutenberg-header' : 'title-page' };
      continue;
    }
    if (lead.gutenberg && lead.count > 0) {
      const parts = c.text.split(/(\n{2,})/);
      // Paragraphs and their separators: drop `count` non-empty paragraphs with what follows them.
      let dropped = 0;
      let k = 0;
      while (k < parts.length && dropped < lead.count) {
        if (parts[k].trim() && !/^\n+$/.test(parts[k])) dropped++;
        k++;
      }
      if (k < parts.length && /^\n+$/.test(parts[k])) k++;
      const text = parts.slice(k).join('').trim();
      const cut = (c.text.slice(0, c.text.length - parts.slice(k).join('').length).match(/\n{2,}/g) ?? []).length;
      out[i] = { ...c, text, cutParagraphs: c.cutParagraphs + cut, title: kindOfTitle(c.title) ? '' : c.title };
    }
    // The first chapter that keeps text is the book: later ones are never read as a header.
    break;
  }
  return out;
}

/**
 * Sorts a book's chapters into the book and its matter. Gutenberg's markers win over titles: before the START
 * marker and from the END marker on is matter, whatever the chapters are called; a chapter holding book text on
 * one side of a marker keeps that text only. Without markers a chapter is matter by its title. Then, markers or
 * not, the leading chapters are read for what they are: Gutenberg's header block and title pages (`meta`).
 */
export function sortBookMatter(chapters: readonly MatterChapter[], meta: BookMeta = {}): SortedChapter[] {
  return sortLeadingHeader(sortByMarkers(chapters), meta);
}

function sortByMarkers(chapters: readonly MatterChapter[]): SortedChapter[] {
  const startAt = chapters.findIndex((c) => START.test(c.text));
  const endAt = chapters.findIndex((c, i) => i >= Math.max(startAt, 0) && END.test(c.text));
  return chapters.map((c, i): SortedChapter => {
    if (startAt >= 0 && i < startAt) return { ...c, matter: 'gutenberg-header', cutParagraphs: 0 };
    if (endAt >= 0 && i > endAt) return { ...c, matter: 'gutenberg-licence', cutParagraphs: 0 };
    if (startAt < 0) {
      // Gutenberg titles every document "The Project Gutenberg eBook of X": without the marker that title says
      // nothing; the header is known by its content (sortLeadingHeader).
      const kind = kindOfTitle(c.title);
      return { ...c, matter: kind === 'gutenberg-header' ? null : kind, cutParagraphs: 0 };
    }
    if (i !== startAt && i !== endAt) {
      // Between the markers is the book: a chapter Gutenberg titled "The Project Gutenberg eBook of X" included.
      const kind = kindOfTitle(c.title);
      return { ...c, matter: kind?.startsWith('gutenberg') ? null : kind, cutParagraphs: 0 };
    }
    let from = 0;
    let to = c.text.length;
    if (i === startAt) {
      const marker = START.exec(c.text)!;
      from = marker.index + marker[0].length;
    }
    if (i === endAt) to = Math.max(from, from + c.text.slice(from).search(END));
    const kept = c.text.slice(from, to);
    const lead = kept.length - kept.trimStart().length;
    const text = kept.trim();
    // What is left beside a marker is the book, unless nothing is.
    // (Kept whole: a learner who ticks it gets all of it.)
    if (!text) return { ...c, matter: i === endAt ? 'gutenberg-licence' : 'gutenberg-header', cutParagraphs: 0 };
    const cutParagraphs = (c.text.slice(0, from + lead).match(/\n{2,}/g) ?? []).length;
    return { title: i === startAt && kindOfTitle(c.title) ? '' : c.title, text, matter: null, cutParagraphs };
  });
}
