// Runs in: any process. CSV/TSV reading and writing (RFC 4180 quoting; TSV fields are quoted only when they start with ").

export type Delimiter = ',' | '\t' | ';' | '|';
export const DELIMITERS: readonly Delimiter[] = [',', '\t', ';', '|'];

/** Guesses the delimiter from the first non-comment lines: the candidate that splits them most consistently. */
export function guessDelimiter(text: string): Delimiter {
  const lines = text
    .split('\n', 20)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .slice(0, 10);
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1);
    if (counts.length === 0 || counts.some((c) => c === 0)) continue;
    // Lines with the same number of separators score higher than ragged ones.
    const score = Math.min(...counts) * (new Set(counts).size === 1 ? 2 : 1) + (d === '\t' ? 0.5 : 0);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

export interface ParsedRow {
  /** 1-based line number where the row starts, for error messages. */
  line: number;
  fields: string[];
}

/**
 * Splits text (LF line endings) into rows. Quoted fields may hold delimiters, "" and line breaks.
 * Empty lines are skipped; with `skipComments`, lines starting with # are too.
 */
export function parseDelimited(text: string, delimiter: Delimiter, opts: { skipComments?: boolean; maxRows?: number } = {}): ParsedRow[] {
  const rows: ParsedRow[] = [];
  const max = opts.maxRows ?? Infinity;
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n && rows.length < max) {
    const startLine = line;
    if (text[i] === '\n') {
      i++;
      line++;
      continue;
    }
    if (opts.skipComments && text[i] === '#') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
      line++;
      continue;
    }
    const fields: string[] = [];
    for (;;) {
      if (text[i] === '"') {
        let value = '';
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q === -1) {
            // Unclosed quote: take the rest literally rather than losing it.
            value += text.slice(i);
            i = n;
            break;
          }
          const chunk = text.slice(i, q);
          for (const c of chunk) if (c === '\n') line++;
          value += chunk;
          if (text[q + 1] === '"') {
            value += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        // Anything between the closing quote and the delimiter is kept (lenient, like spreadsheet apps).
        let end = i;
        while (end < n && text[end] !== delimiter && text[end] !== '\n') end++;
        value += text.slice(i, end);
        i = end;
        fields.push(value);
      } else {
        let end = i;
        while (end < n && text[end] !== delimiter && text[end] !== '\n') end++;
        fields.push(text.slice(i, end));
        i = end;
      }
      if (i < n && text[i] === delimiter) {
        i++;
        continue;
      }
      break;
    }
    if (i < n && text[i] === '\n') {
      i++;
      line++;
    }
    rows.push({ line: startLine, fields });
  }
  return rows;
}

/** Quotes a field when it needs it. */
export function formatField(value: string, delimiter: Delimiter): string {
  return /["\n\r]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function formatDelimited(rows: string[][], delimiter: Delimiter): string {
  return rows.map((r) => r.map((f) => formatField(f, delimiter)).join(delimiter)).join('\n') + '\n';
}
