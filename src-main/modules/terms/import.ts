// Runs in: main. Term import from a pasted or uploaded CSV/TSV: decode (UTF-8 only), split, map columns, then
// importTerms (one transaction, batches of 500). Nothing is written unless every row is valid.
import { badRequest, payloadTooLarge } from '../../../src-shared/contract/errors';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import { DELIMITER_NAMES, type TermFields, type TermImportPreview, type TermImportResult } from '../../../src-shared/contract/terms';
import { decodeImportText, ImportFormatError, normalisePastedText } from '../../../src-shared/import/decode';
import { guessDelimiter, parseDelimited, type Delimiter } from '../../../src-shared/import/delimited';
import { defaultRoles, dropLeadingMetadataRows, guessRolesFromHeader, mapTermRows, validateRoles, type ColumnRole } from '../../../src-shared/import/term-rows';
import type { HandlerContext } from '../../core/context';
import { getLanguage } from '../languages/service';
import { importTerms } from './service';

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 500_000;
const SHOWN_ERRORS = 10;

type DelimiterName = (typeof DELIMITER_NAMES)[number];
const DELIMITER_CHARS: Record<Exclude<DelimiterName, 'auto'>, Delimiter> = { comma: ',', tab: '\t', semicolon: ';', pipe: '|' };
const nameOf = (d: Delimiter): DelimiterName => (Object.entries(DELIMITER_CHARS).find(([, c]) => c === d)?.[0] as DelimiterName) ?? 'comma';

export interface ImportSource {
  language_id: number;
  file?: UploadedFile;
  text?: string;
  delimiter?: DelimiterName;
  has_header?: boolean;
  columns?: ColumnRole[];
  duplicates?: 'skip' | 'overwrite';
}

function readSource(src: ImportSource): string {
  try {
    if (src.file) {
      if (src.file.data.byteLength > IMPORT_MAX_BYTES) throw payloadTooLarge(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      return decodeImportText(src.file.data);
    }
    return normalisePastedText(src.text ?? '');
  } catch (err) {
    if (err instanceof ImportFormatError) throw badRequest(err.message);
    throw err;
  }
}

function delimiterFor(src: ImportSource, text: string): Delimiter {
  if (src.delimiter && src.delimiter !== 'auto') return DELIMITER_CHARS[src.delimiter];
  if (src.file && /\.tsv$/i.test(src.file.filename)) return '\t';
  return guessDelimiter(text);
}

/** What the import page shows before importing: delimiter, header, guessed roles and the first rows. */
export function previewImport(ctx: HandlerContext, src: ImportSource): TermImportPreview {
  getLanguage(ctx, src.language_id);
  const text = readSource(src);
  const delimiter = delimiterFor(src, text);
  const rows = dropLeadingMetadataRows(parseDelimited(text, delimiter, { skipComments: true, maxRows: IMPORT_MAX_ROWS + 1 }));
  const columns = Math.max(0, ...rows.slice(0, 100).map((r) => r.fields.length));
  const headerRoles = rows[0] ? guessRolesFromHeader(rows[0].fields) : null;
  const hasHeader = src.has_header ?? headerRoles !== null;
  const roles = headerRoles ?? defaultRoles(columns);
  while (roles.length < columns) roles.push('skip');
  return {
    delimiter: nameOf(delimiter),
    has_header: hasHeader,
    columns,
    roles,
    sample: rows.slice(0, 8).map((r) => r.fields),
    rows: rows.length - (hasHeader ? 1 : 0),
  };
}

export function importFromSource(ctx: HandlerContext, src: ImportSource): TermImportResult {
  getLanguage(ctx, src.language_id);
  const text = readSource(src);
  const delimiter = delimiterFor(src, text);
  const rows = dropLeadingMetadataRows(parseDelimited(text, delimiter, { skipComments: true, maxRows: IMPORT_MAX_ROWS + 1 }));
  if (rows.length > IMPORT_MAX_ROWS) throw payloadTooLarge(`At most ${IMPORT_MAX_ROWS} rows can be imported at once; split the file`);
  const headerRoles = rows[0] ? guessRolesFromHeader(rows[0].fields) : null;
  const hasHeader = src.has_header ?? headerRoles !== null;
  const roles = src.columns ?? headerRoles ?? defaultRoles(Math.max(0, ...rows.slice(0, 100).map((r) => r.fields.length)));
  const roleProblem = validateRoles(roles);
  if (roleProblem) throw badRequest(roleProblem);
  const mapped = mapTermRows(rows, roles, { hasHeader });
  if (mapped.errors.length) {
    const shown = mapped.errors.slice(0, SHOWN_ERRORS).map((e) => `line ${e.line}: ${e.message}`);
    const more = mapped.errors.length > SHOWN_ERRORS ? ` (and ${mapped.errors.length - SHOWN_ERRORS} more)` : '';
    throw badRequest(`Nothing was imported. ${mapped.errors.length} row(s) need fixing: ${shown.join('; ')}${more}`, { errors: mapped.errors.slice(0, 100) });
  }
  if (mapped.rows.length === 0) throw badRequest('Nothing to import: no rows with a term were found');
  const fields: TermFields[] = mapped.rows.map((r) => ({
    WoLgID: src.language_id,
    WoText: r.WoText,
    WoTranslation: r.WoTranslation,
    WoRomanization: r.WoRomanization,
    WoSentence: r.WoSentence,
    WoNotes: r.WoNotes,
    WoLemma: r.WoLemma,
    WoStatus: r.WoStatus,
    TermTags: r.tags === undefined ? undefined : { TagList: r.tags },
  }));
  const result = importTerms(ctx, src.language_id, fields, { duplicates: src.duplicates ?? 'skip' });
  return { success: true, created: result.created, updated: result.updated, skipped: result.skipped, total: mapped.rows.length, batch: result.batch };
}
