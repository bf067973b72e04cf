// Runs in: any process. Vocabulary import from JSON: the shapes people export (a list of objects, a list of
// [term, translation] pairs, an object mapping each term to its translation) become the same rows a CSV gives,
// with a header row of the objects' keys, so column roles, metadata rows and validation work unchanged.
import type { ParsedRow } from './delimited';
import { type Message, messageText, msg } from '../contract/messages';

export class JsonImportError extends Error {
  /** The message with its code, for the AppError that reports it. */
  readonly text: Message;

  constructor(message: Message) {
    super(messageText(message));
    this.text = message;
  }
}

/** True when the file name or the text says JSON (a pasted list or object). */
export const looksLikeJson = (filename: string | undefined, text: string): boolean =>
  filename ? /\.json$/i.test(filename) : /^\s*[[{]/.test(text) && /[\]}]\s*$/.test(text);

/** A cell's text: strings as they are, numbers and booleans written out, lists joined (tags with ", "). */
function cell(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((v) => cell(v))
      .filter((s) => s !== '')
      .join(/tag/i.test(key) ? ', ' : '; ');
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .map((v) => cell(v))
      .filter((s) => s !== '')
      .join('; ');
  return '';
}

/**
 * Rows from JSON text. Objects: the first row is the header (every key, in order of first appearance; pyglossary's
 * `##name` style keys of an object map are metadata and left out). Pairs: rows as they are, no header.
 */
export function parseJsonRows(text: string, maxRows = Infinity): ParsedRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new JsonImportError(msg('import.jsonInvalid'));
  }
  const rows: ParsedRow[] = [];
  let header = 0;
  const push = (fields: string[]) => {
    if (rows.length >= maxRows) return;
    rows.push({ line: rows.length + 1, fields });
  };
  if (Array.isArray(data)) {
    if (data.every((d) => Array.isArray(d))) {
      for (const d of data as unknown[][]) push(d.map((v) => cell(v)));
    } else if (data.every((d) => d !== null && typeof d === 'object' && !Array.isArray(d))) {
      const keys: string[] = [];
      for (const d of data as Record<string, unknown>[]) for (const k of Object.keys(d)) if (!keys.includes(k)) keys.push(k);
      push(keys);
      header = 1;
      for (const d of data as Record<string, unknown>[]) push(keys.map((k) => cell(d[k], k)));
    } else throw new JsonImportError(msg('import.jsonPlainValues'));
  } else if (data !== null && typeof data === 'object') {
    push(['term', 'translation']);
    header = 1;
    for (const [term, value] of Object.entries(data as Record<string, unknown>)) if (!term.startsWith('#')) push([term, cell(value)]);
  } else throw new JsonImportError(msg('import.jsonNoVocabulary'));
  if (rows.length <= header) throw new JsonImportError(msg('import.jsonNoTerms'));
  return rows;
}
