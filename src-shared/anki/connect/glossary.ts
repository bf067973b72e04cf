// Runs in: any process. A dictionary's glossary HTML (Yomitan's structured content: nested <ul>/<li>, <div>s,
// <span> tags, ruby, images) → plain lines of text for a term's translation, with a real HTML parser
// (htmlparser2), never regexes over markup. Only text survives: no element, attribute or URL is kept, so
// nothing of the HTML can reach the page that later shows the translation.
import { Parser } from 'htmlparser2';
import { HTML_BLOCK_ELEMENTS } from '../../text/html-blocks';

const BREAKS = new Set([...HTML_BLOCK_ELEMENTS, 'li', 'ul', 'ol', 'br', 'tr', 'table', 'dt', 'dd', 'dl', 'details', 'summary']);
/** Whose text is not a meaning: code, styling, furigana readings (the base text stays), media. */
const SKIP = new Set(['script', 'style', 'svg', 'math', 'head', 'title', 'rt', 'rp', 'noscript', 'template', 'object', 'video', 'audio', 'iframe', 'button']);

/** Lines of text of a glossary: one per block or list item, whitespace collapsed, empty lines and repeats dropped. */
export function glossaryLines(html: string): string[] {
  // Plain text (no tag, no entity) needs no parser: most fields a tool sends for a sentence-less note are.
  if (!/[<&]/.test(html)) {
    const plain = html
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    return plain.filter((l, i) => l !== plain[i - 1]);
  }
  const lines: string[] = [];
  let current = '';
  let skipping = 0;
  const flush = () => {
    const line = current.replace(/\s+/g, ' ').trim();
    if (line && lines[lines.length - 1] !== line) lines.push(line);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIP.has(name)) skipping++;
        else if (BREAKS.has(name)) flush();
      },
      ontext(text) {
        if (!skipping) current += text;
      },
      onclosetag(name) {
        if (SKIP.has(name)) {
          // A void or self-closing skipped element never held text; an unclosed one ends with the document.
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (BREAKS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return lines;
}

/** A glossary as a translation: its lines joined by line breaks, cut at `max` characters on a line boundary. */
export function glossaryText(html: string, max: number): string {
  let out = '';
  for (const line of glossaryLines(html)) {
    const next = out ? `${out}\n${line}` : line;
    if (next.length > max) return out || line.slice(0, max);
    out = next;
  }
  return out;
}
