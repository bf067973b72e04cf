// Runs in: the extension's content script (DOM only, no page globals: unit-tested on jsdom). "Send the page to
// Lectio": the plain text of Readability's article content, one paragraph per block, a table as one line per row with
// its cells separated, and the byline and date lines left out (Readability gives them as metadata; issue 44).

/** Between a table row's cells in the text (Lectio's parser reads it as punctuation, so no word is made of it). */
export const CELL_SEPARATOR = ' | ';

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, dd, dt, figcaption, caption, tr';
/** A block holding one of these is not a paragraph itself: its inner blocks are. */
const INNER = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, tr';

export interface ArticleMeta {
  byline?: string | null;
  /** Readability's `publishedTime` (from the page's metadata). */
  publishedTime?: string | null;
}

const plain = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const words = (s: string) => s.split(' ').filter((w) => /\p{L}|\d/u.test(w)).length;

function rowText(tr: Element): string {
  const cells: string[] = [];
  for (const cell of tr.children) {
    if (cell.tagName !== 'TD' && cell.tagName !== 'TH') continue;
    const text = plain(cell.textContent);
    if (text) cells.push(text);
  }
  return cells.join(CELL_SEPARATOR);
}

/**
 * A line that is the article's metadata, not its text: the byline (alone, or with a word or two such as "By" or a
 * date), or a date line (a `<time>` and at most two words more, e.g. "Published 7 May 2025").
 */
function isMetadata(el: Element, text: string, meta: ArticleMeta): boolean {
  const byline = plain(meta.byline).toLowerCase();
  const lower = text.toLowerCase();
  if (byline && lower.includes(byline) && words(lower.replace(byline, ' ')) <= 5) return true;
  const times = [...el.querySelectorAll('time')].map((t) => plain(t.textContent)).join(' ');
  if (el.querySelector('time') && words(text.replace(times, ' ')) <= 2) return true;
  return false;
}

/**
 * The article's text: blocks as paragraphs separated by a blank line; a table is one paragraph, a line per row (a
 * caption is a paragraph before it).
 */
export function articleText(root: Element, meta: ArticleMeta = {}): string {
  let out = '';
  let lastTable: Element | null = null;
  const add = (text: string, table: Element | null) => {
    out += out === '' ? text : table !== null && table === lastTable ? `\n${text}` : `\n\n${text}`;
    lastTable = table;
  };
  for (const el of root.querySelectorAll(BLOCKS)) {
    if (el.tagName === 'TR') {
      // A row holding a nested table is read through the inner table's rows.
      if (el.querySelector('tr')) continue;
      const text = rowText(el);
      if (text) add(text, el.closest('table'));
      continue;
    }
    // Inside a row: the row's line has it.
    if (el.closest('tr')) continue;
    if (el.querySelector(INNER)) continue;
    const text = plain(el.textContent);
    if (!text || isMetadata(el, text, meta)) continue;
    add(text, null);
  }
  return out;
}
