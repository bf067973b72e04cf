// Runs in: any process. A book's front and back matter that is not the book: Project Gutenberg's header and
// licence, Standard Ebooks' colophon, imprint and "uncopyright", copyright and "about this edition" pages. Left
// in, they open a German novel on an English licence and fill its unknown-word count and difficulty list with
// "the", "of", "project", "gutenberg". The import preview unticks such chapters, and the text of a chapter that
// holds both (Gutenberg puts its header before the first chapter's text) is cut at the marker.

/** Why a chapter is left out by default. */
export type MatterKind = 'gutenberg-header' | 'gutenberg-licence' | 'colophon' | 'imprint' | 'copyright' | 'about-edition';

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

/**
 * Sorts a book's chapters into the book and its matter. Gutenberg's markers win over titles: before the START
 * marker and from the END marker on is matter, whatever the chapters are called; a chapter holding book text on
 * one side of a marker keeps that text only. Without markers a chapter is matter by its title.
 */
export function sortBookMatter(chapters: readonly MatterChapter[]): SortedChapter[] {
  const startAt = chapters.findIndex((c) => START.test(c.text));
  const endAt = chapters.findIndex((c, i) => i >= Math.max(startAt, 0) && END.test(c.text));
  return chapters.map((c, i): SortedChapter => {
    if (startAt >= 0 && i < startAt) return { ...c, matter: 'gutenberg-header', cutParagraphs: 0 };
    if (endAt >= 0 && i > endAt) return { ...c, matter: 'gutenberg-licence', cutParagraphs: 0 };
    if (startAt < 0) return { ...c, matter: kindOfTitle(c.title), cutParagraphs: 0 };
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
