// Runs in: a worker thread (task 'terms.parseImport', through import-parse-task.ts), or main for a small file. Kindle's My Clippings.txt in
// the term import (docs/vocabulary.md "Kindle highlights"): its one-word highlights become term rows (status 1, the
// book in the notes) that go the way of every other file, its longer highlights one text per book, made by main
// after the terms (import.ts). The learner may keep some books only (`clippings_books`, preview indexes).
import { parseClippings, type ClippingsBook } from '../../../src-shared/kindle/clippings';
import type { TermImportPreview } from '../../../src-shared/contract/terms';
import { looksLikeClippings } from '../../../src-shared/kindle/clippings';
import { splitIntoParts } from '../../../src-shared/epub/text';
import { parseTermImport, readText, type ParsedTermImport, type TermImportJob } from './import-parse';

/** A book's highlights as the text main stores: the passages as paragraphs, in the file's order. */
export interface ClippingsText {
  title: string;
  text: string;
}

export type ParsedClippings = (TermImportPreview | ParsedTermImport) & { clippingTexts?: ClippingsText[] };

const TITLE_MAX = 200;
/** A book's highlights past this many characters go on in a second text (as a book's long chapter is cut in parts). */
export const CLIPPINGS_TEXT_MAX_CHARS = 1_000_000;

export function readClippings(job: TermImportJob & { clippings_books?: number[] }, text: string): ParsedClippings {
  const books = parseClippings(text);
  const chosen = job.clippings_books ? new Set(job.clippings_books) : null;
  const kept: ClippingsBook[] = books.filter((_, i) => !chosen || chosen.has(i));
  const rows = kept.flatMap((b) => b.words.map((w) => ({ term: w, status: '1', notes: `Kindle: ${b.title}` })));
  const summary = { books: books.map((b) => ({ title: b.title, author: b.author, passages: b.passages.length, words: b.words.length })) };
  const asJson = { ...job, source: { text: JSON.stringify(rows) }, delimiter: undefined, has_header: undefined, columns: undefined };
  if (job.mode === 'preview') {
    // A file of passages only still previews: its rows are none, its texts are listed.
    const preview: TermImportPreview = rows.length
      ? (parseTermImport(asJson) as TermImportPreview)
      : { delimiter: 'auto', has_header: true, columns: 0, roles: [], sample: [], rows: 0 };
    return { ...preview, clippings: summary };
  }
  const parsed: ParsedTermImport = rows.length ? (parseTermImport(asJson) as ParsedTermImport) : { slices: [], repeated: 0, total: 0 };
  const clippingTexts = kept
    .filter((b) => b.passages.length)
    .flatMap((b) => {
      const title = (b.author ? `${b.title} (${b.author})` : b.title).slice(0, TITLE_MAX - 6);
      const parts = splitIntoParts(b.passages.join('\n\n'), CLIPPINGS_TEXT_MAX_CHARS);
      return parts.map((text, i) => ({ title: parts.length > 1 ? `${title} (${i + 1})` : title, text }));
    });
  return { ...parsed, fromReader: true, clippingTexts };
}

/** A text source (file or pasted): Kindle's highlights told by their shape (whatever the file's name), else rows. */
export function parseTextImport(job: TermImportJob & { clippings_books?: number[] }): TermImportPreview | ParsedTermImport | ParsedClippings {
  const text = readText(job.source);
  return looksLikeClippings(text) ? readClippings(job, text) : parseTermImport(job);
}
