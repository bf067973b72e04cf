// Runs in: a worker thread (task 'terms.parseImport', started by import.ts through runInWorker). Everything of a
// term import that needs no database: read the upload (a streamed upload's temporary file is read here, never on
// the main thread), decode (UTF-8 only), split, map columns, validate every row and drop repeated texts. The main
// thread then only stores rows that are known to be valid, in slices.
import fs from 'node:fs';
import { badRequest, payloadTooLarge } from '../../../src-shared/contract/errors';
import { DELIMITER_NAMES, termFields, type TermFields, type TermImportPreview } from '../../../src-shared/contract/terms';
import { decodeImportText, ImportFormatError, normalisePastedText } from '../../../src-shared/import/decode';
import { guessDelimiter, parseDelimited, type Delimiter } from '../../../src-shared/import/delimited';
import { JsonImportError, looksLikeJson, parseJsonRows } from '../../../src-shared/import/json-rows';
import { importHtmlToText } from '../../../src-shared/import/html-text';
import {
  defaultRoles,
  dropLeadingMetadataRows,
  guessRolesFromHeader,
  mapTermRows,
  splitTagList,
  TAG_MAX_LENGTH,
  validateRoles,
  type ColumnRole,
} from '../../../src-shared/import/term-rows';
import { msg } from '../../../src-shared/contract/messages';

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 500_000;
const SHOWN_ERRORS = 10;

type DelimiterName = (typeof DELIMITER_NAMES)[number];
const DELIMITER_CHARS: Record<Exclude<DelimiterName, 'auto'>, Delimiter> = { comma: ',', tab: '\t', semicolon: ';', pipe: '|' };
const nameOf = (d: Delimiter): DelimiterName => (Object.entries(DELIMITER_CHARS).find(([, c]) => c === d)?.[0] as DelimiterName) ?? 'comma';

export interface TermImportJob {
  mode: 'preview' | 'import';
  language_id: number;
  /** A streamed upload's temporary file, an upload's bytes (IPC), or pasted text. */
  source: { path: string; filename: string; size: number } | { data: Uint8Array; filename: string } | { text: string };
  delimiter?: DelimiterName;
  has_header?: boolean;
  columns?: ColumnRole[];
  duplicates?: 'skip' | 'overwrite';
}

/** Rows per slice: one short transaction each on the main thread, about 6 ms of CPU there (p99 17 ms; 500 rows: 10 and 60). */
export const IMPORT_SLICE_ROWS = 250;

export interface ParsedTermImport {
  /**
   * Valid rows, one per text (the first wins when skipping, the last when overwriting), as JSON text per slice of
   * IMPORT_SLICE_ROWS: a few hundred strings cross to the main thread in a memory copy, where 100k objects would
   * take the main thread a second to deserialize; each slice is parsed only when it is stored.
   */
  slices: string[];
  /** Rows dropped because their text repeats an earlier row. */
  repeated: number;
  /** Rows with a term in the file. */
  total: number;
  /** Words an e-reader (or Kindle's highlights) kept: each without a translation gets one from the local dictionaries. */
  fromReader?: boolean;
}

export function readText(source: TermImportJob['source']): string {
  try {
    if ('text' in source) return normalisePastedText(source.text);
    const size = 'path' in source ? source.size : source.data.byteLength;
    if (size > IMPORT_MAX_BYTES) throw payloadTooLarge(msg('import.fileLargerThan', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
    return decodeImportText('path' in source ? fs.readFileSync(source.path) : source.data);
  } catch (err) {
    if (err instanceof ImportFormatError) throw badRequest(err.text);
    throw err;
  }
}

function delimiterFor(job: TermImportJob, text: string): Delimiter {
  if (job.delimiter && job.delimiter !== 'auto') return DELIMITER_CHARS[job.delimiter];
  if ('filename' in job.source && /\.tsv$/i.test(job.source.filename)) return '\t';
  return guessDelimiter(text);
}

/** The same checks importTerms makes, for every row before anything is stored. */
function validRow(row: TermFields, i: number): TermFields {
  const parsed = termFields.safeParse(row);
  if (!parsed.success) throw badRequest(`Invalid input: row ${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
  const long = parsed.data.TermTags === undefined ? undefined : splitTagList(parsed.data.TermTags.TagList).find((n) => n.length > TAG_MAX_LENGTH);
  if (long) throw badRequest(msg('import.rowTagTooLong', { row: i + 1, tag: long, max: TAG_MAX_LENGTH }));
  return parsed.data;
}

/** JSON (by file name, or pasted text in brackets) or delimited text, as rows; metadata rows before the data dropped. */
function readRows(job: TermImportJob, text: string, delimiter: Delimiter) {
  if (looksLikeJson('filename' in job.source ? job.source.filename : undefined, text)) {
    try {
      return dropLeadingMetadataRows(parseJsonRows(text, IMPORT_MAX_ROWS + 1));
    } catch (err) {
      if (err instanceof JsonImportError) throw badRequest(err.text);
      throw err;
    }
  }
  return dropLeadingMetadataRows(parseDelimited(text, delimiter, { skipComments: true, maxRows: IMPORT_MAX_ROWS + 1 }));
}

export function parseTermImport(job: TermImportJob): TermImportPreview | ParsedTermImport {
  const text = readText(job.source);
  const delimiter = delimiterFor(job, text);
  const rows = readRows(job, text, delimiter);
  const headerRoles = rows[0] ? guessRolesFromHeader(rows[0].fields) : null;
  const hasHeader = job.has_header ?? headerRoles !== null;
  const columns = Math.max(0, ...rows.slice(0, 100).map((r) => r.fields.length));
  if (job.mode === 'preview') {
    const roles = headerRoles ?? defaultRoles(columns);
    while (roles.length < columns) roles.push('skip');
    return {
      delimiter: nameOf(delimiter),
      has_header: hasHeader,
      columns,
      roles,
      // Shown as it will be imported: HTML in a cell as text, never as raw tags.
      sample: rows.slice(0, 8).map((r) => r.fields.map(importHtmlToText)),
      rows: rows.length - (hasHeader ? 1 : 0),
    };
  }
  if (rows.length > IMPORT_MAX_ROWS) throw payloadTooLarge(msg('import.tooManyRows', { max: IMPORT_MAX_ROWS }));
  const roles = job.columns ?? headerRoles ?? defaultRoles(columns);
  const roleProblem = validateRoles(roles);
  if (roleProblem) throw badRequest(roleProblem);
  const mapped = mapTermRows(rows, roles, { hasHeader });
  if (mapped.errors.length) {
    const shown = mapped.errors.slice(0, SHOWN_ERRORS).map((e) => msg('import.lineProblem', { line: String(e.line), why: { code: e.code, params: e.params } }));
    const count = mapped.errors.length;
    const message =
      count > SHOWN_ERRORS
        ? msg('import.rowsNeedFixingMore', { count, lines: shown, more: count - SHOWN_ERRORS })
        : msg(count === 1 ? 'import.rowNeedsFixing' : 'import.rowsNeedFixing', { count, lines: shown });
    throw badRequest(message, { errors: mapped.errors.slice(0, 100) });
  }
  if (mapped.rows.length === 0) throw badRequest(msg('import.noTermRows'));
  // One row per text, as importTerms would keep: the first when skipping, the last when overwriting.
  const byText = new Map<string, TermFields>();
  let repeated = 0;
  mapped.rows.forEach((r, i) => {
    const row = validRow(
      {
        WoLgID: job.language_id,
        WoText: r.WoText,
        WoTranslation: r.WoTranslation,
        WoRomanization: r.WoRomanization,
        WoSentence: r.WoSentence,
        WoNotes: r.WoNotes,
        WoLemma: r.WoLemma,
        WoStatus: r.WoStatus,
        TermTags: r.tags === undefined ? undefined : { TagList: r.tags },
      },
      i,
    );
    const key = row.WoText.toLowerCase();
    if (byText.has(key)) {
      repeated++;
      if (job.duplicates !== 'overwrite') return;
      byText.delete(key);
    }
    byText.set(key, row);
  });
  const unique = [...byText.values()];
  const slices: string[] = [];
  for (let start = 0; start < unique.length; start += IMPORT_SLICE_ROWS) slices.push(JSON.stringify(unique.slice(start, start + IMPORT_SLICE_ROWS)));
  return { slices, repeated, total: mapped.rows.length };
}
