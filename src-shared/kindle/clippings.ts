// Runs in: any process (pure; in the app the worker of the term import). Kindle's `My Clippings.txt`: every
// highlight, note and bookmark the learner made, appended entry after entry, each ended by a line of ten "=".
//
//   The Hobbit (J. R. R. Tolkien)
//   - Your Highlight on page 12 | Location 180-181 | Added on Monday, 3 March 2025 10:00:00
//
//   In a hole in the ground there lived a hobbit.
//   ==========
//
// The second line is in the Kindle's interface language (German "Ihre Markierung", Spanish "Tu subrayado", French
// "Votre surlignement" …); only its kind matters here. Highlights are kept (grouped by book, in the file's order,
// repeated and extended ones once); notes are the learner's own words and bookmarks hold no text: both are left out.
// A one-word highlight is a word the learner wanted to learn: it becomes a term; a longer one becomes a paragraph
// of its book's text (docs/vocabulary.md "Kindle highlights").

export interface ClippingsBook {
  title: string;
  author: string;
  /** The highlights that become the book's text, in the file's order. */
  passages: string[];
  /** The one-word highlights, as highlighted (punctuation around them removed). */
  words: string[];
}

const SEPARATOR = /^={10}\s*$/;
/** The kind line of a note or a bookmark, in the interface languages Kindle ships. */
const NOTE = /\b(note|notiz|nota|remarque|notitie|заметка)\b|メモ|笔记|筆記/i;
const BOOKMARK = /bookmark|lesezeichen|marcador|signet|segnalibro|bladwijzer|закладка|ブックマーク|书签|書籤/i;
const KIND_LINE = /^-\s*\S/;
/** Scripts written without spaces: a highlight of a few of their characters is a word, a longer one a phrase. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const EDGE_PUNCTUATION = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/** "Title (Author)" → both; a title without a trailing parenthesis has no author. */
function titleAndAuthor(line: string): { title: string; author: string } {
  const clean = line.replace(/^\uFEFF/, '').trim();
  const m = /^(.*\S)\s*\(([^()]*)\)$/.exec(clean);
  return m ? { title: m[1].trim(), author: m[2].trim() } : { title: clean, author: '' };
}

/** The highlight as a word to learn, or null when it is a phrase or a sentence. */
export function highlightWord(text: string): string | null {
  const word = text.replace(EDGE_PUNCTUATION, '');
  if (!word || /\s/.test(word) || !/\p{L}/u.test(word)) return null;
  if (/[.!?;:,。！？；：，、]/.test(word)) return null;
  return word.length <= (UNSPACED.test(word) ? 8 : 40) ? word : null;
}

/** True when the text reads as Kindle clippings: an entry's kind line after its title, and the separator. */
export function looksLikeClippings(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 12);
  const sep = lines.findIndex((l) => SEPARATOR.test(l));
  return sep >= 2 && KIND_LINE.test(lines[1].replace(/^\uFEFF/, ''));
}

/** The highlights of a `My Clippings.txt`, by book in the order each book first appears. */
export function parseClippings(text: string): ClippingsBook[] {
  const books = new Map<string, ClippingsBook>();
  const entries = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let entry: string[] = [];
  const flush = () => {
    const lines = entry;
    entry = [];
    while (lines.length && !lines[0].replace(/^\uFEFF/, '').trim()) lines.shift();
    if (lines.length < 2 || !KIND_LINE.test(lines[1])) return;
    const kind = lines[1];
    if (NOTE.test(kind) || BOOKMARK.test(kind)) return;
    const body = lines
      .slice(2)
      .join('\n')
      .replace(/[ \t]+/g, ' ')
      .trim();
    if (!body) return;
    const { title, author } = titleAndAuthor(lines[0]);
    const key = `${title}\u0000${author}`;
    const book = books.get(key) ?? { title, author, passages: [], words: [] };
    books.set(key, book);
    const word = highlightWord(body);
    if (word) {
      if (!book.words.some((w) => w.toLowerCase() === word.toLowerCase())) book.words.push(word);
      return;
    }
    // Kindle appends a new entry when a highlight is made longer: the longer one replaces the one it contains.
    const within = book.passages.findIndex((p) => body.includes(p));
    if (within >= 0) book.passages[within] = body;
    else if (!book.passages.some((p) => p.includes(body))) book.passages.push(body);
  };
  for (const line of entries) {
    if (SEPARATOR.test(line)) flush();
    else entry.push(line);
  }
  flush();
  return [...books.values()];
}
