// Runs in: any process. Term import: which column holds what, and turning parsed rows into validated term rows.
import type { ParsedRow } from './delimited';
import { importHtmlToText } from './html-text';
import { type Message, messageText, msg } from '../contract/messages';

export const TERM_IMPORT_ROLES = ['term', 'translation', 'romanization', 'sentence', 'notes', 'tags', 'status', 'lemma'] as const;
export type TermImportRole = (typeof TERM_IMPORT_ROLES)[number];
/** A column's role; 'skip' ignores the column. */
export type ColumnRole = TermImportRole | 'skip';

export const TAG_MAX_LENGTH = 20;

export interface TermImportRow {
  line: number;
  WoText: string;
  WoTranslation?: string;
  WoRomanization?: string;
  WoSentence?: string;
  WoNotes?: string;
  WoLemma?: string;
  WoStatus?: number;
  tags?: string[];
}

/** A row the import refuses: `message` in English, `code`/`params` to say it in the interface language. */
export interface RowError extends Message {
  line: number;
  message: string;
}

const rowError = (line: number, m: Message): RowError => ({ line, message: messageText(m), ...m });

/** A role's name inside a message ("the translation is longer…"). */
const roleName = (role: TermImportRole) => msg(`import.role.${role}`);

const STATUS_WORDS: Record<string, number> = {
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '98': 98,
  '99': 99,
  new: 1,
  ignored: 98,
  ignore: 98,
  ign: 98,
  'well-known': 99,
  'well known': 99,
  wellknown: 99,
  wkn: 99,
};

/** Parses a status cell: 1-5, 98, 99 or their names. Empty → undefined; unknown → null. */
export function parseStatusCell(cell: string): number | undefined | null {
  const v = cell.trim().toLowerCase();
  if (v === '') return undefined;
  return STATUS_WORDS[v] ?? null;
}

/** Splits a tag list on commas (SPEC rule 1), trimming and dropping empties and repeats. */
export function splitTagList(entries: string | readonly string[] | undefined): string[] {
  if (entries === undefined) return [];
  const list = typeof entries === 'string' ? [entries] : entries;
  const out: string[] = [];
  for (const entry of list)
    for (const part of entry.split(',')) {
      const tag = part.trim();
      if (tag && !out.includes(tag)) out.push(tag);
    }
  return out;
}

const HEADER_NAMES: Record<string, TermImportRole> = {
  term: 'term',
  word: 'term',
  text: 'term',
  wotext: 'term',
  expression: 'term',
  front: 'term',
  translation: 'translation',
  meaning: 'translation',
  definition: 'translation',
  wotranslation: 'translation',
  back: 'translation',
  romanization: 'romanization',
  reading: 'romanization',
  pronunciation: 'romanization',
  woromanization: 'romanization',
  sentence: 'sentence',
  example: 'sentence',
  wosentence: 'sentence',
  notes: 'notes',
  note: 'notes',
  wonotes: 'notes',
  tags: 'tags',
  tag: 'tags',
  termtags: 'tags',
  status: 'status',
  wostatus: 'status',
  lemma: 'lemma',
  'base form': 'lemma',
  wolemma: 'lemma',
};

/** Roles guessed from a header row, or null when the row does not look like a header. */
export function guessRolesFromHeader(fields: readonly string[]): ColumnRole[] | null {
  const roles = fields.map((f) => HEADER_NAMES[f.trim().toLowerCase()] ?? 'skip');
  return roles.includes('term') ? roles : null;
}

/**
 * Drops the metadata rows before the data: lines whose first field starts with `#` (pyglossary writes `#name`,
 * `#copyright`, … quoted, so the parser's comment skipping does not see them). Only leading rows are dropped.
 */
export function dropLeadingMetadataRows<T extends { fields: readonly string[] }>(rows: readonly T[]): T[] {
  let i = 0;
  while (i < rows.length && (rows[i].fields[0] ?? '').trimStart().startsWith('#')) i++;
  return rows.slice(i);
}

/** Default roles by position for a file without a header: term, translation, then nothing. */
export const defaultRoles = (columns: number): ColumnRole[] => Array.from({ length: columns }, (_, i) => (i === 0 ? 'term' : i === 1 ? 'translation' : 'skip'));

const LIMITS: Partial<Record<TermImportRole, number>> = { term: 250, translation: 10_000, romanization: 1000, sentence: 5000, notes: 10_000, lemma: 250 };

export function validateRoles(roles: readonly ColumnRole[]): Message | null {
  if (!roles.includes('term')) return msg('import.chooseTermColumn');
  for (const role of TERM_IMPORT_ROLES) if (roles.filter((r) => r === role).length > 1) return msg('import.oneColumnPerRole', { role: roleName(role) });
  return null;
}

/**
 * Maps parsed rows to term rows. Every problem is reported with its line number; callers refuse the
 * import when there is any, so a file is imported whole or not at all.
 */
export function mapTermRows(
  rows: readonly ParsedRow[],
  roles: readonly ColumnRole[],
  opts: { hasHeader: boolean },
): { rows: TermImportRow[]; errors: RowError[] } {
  const out: TermImportRow[] = [];
  const errors: RowError[] = [];
  const at = Object.fromEntries(roles.map((r, i) => [r, i]).filter(([r]) => r !== 'skip')) as Partial<Record<TermImportRole, number>>;
  const cell = (row: ParsedRow, role: TermImportRole) => (at[role] === undefined ? undefined : (row.fields[at[role]] ?? ''));
  for (const row of opts.hasHeader ? rows.slice(1) : rows) {
    if (row.fields.every((f) => f.trim() === '')) continue;
    const text = (cell(row, 'term') ?? '').trim();
    if (!text) {
      errors.push(rowError(row.line, msg('import.termColumnEmpty')));
      continue;
    }
    const term: TermImportRow = { line: row.line, WoText: text };
    let bad = false;
    for (const role of ['term', 'translation', 'romanization', 'sentence', 'notes', 'lemma'] as const) {
      const raw = cell(row, role);
      const v = raw === undefined || role === 'term' || role === 'lemma' ? raw : importHtmlToText(raw);
      if (v !== undefined && v.length > (LIMITS[role] ?? Infinity)) {
        errors.push(rowError(row.line, msg('import.cellTooLong', { role: roleName(role), max: String(LIMITS[role]) })));
        bad = true;
      }
    }
    const status = cell(row, 'status');
    if (status !== undefined) {
      const parsed = parseStatusCell(status);
      if (parsed === null) {
        errors.push(rowError(row.line, msg('import.badStatus', { status: status.trim() })));
        bad = true;
      } else if (parsed !== undefined) term.WoStatus = parsed;
    }
    const tags = cell(row, 'tags');
    if (tags !== undefined) {
      term.tags = splitTagList(tags);
      const long = term.tags.find((t) => t.length > TAG_MAX_LENGTH);
      if (long) {
        errors.push(rowError(row.line, msg('import.tagTooLong', { tag: long, max: TAG_MAX_LENGTH })));
        bad = true;
      }
    }
    if (bad) continue;
    const translation = cell(row, 'translation');
    if (translation !== undefined) term.WoTranslation = importHtmlToText(translation);
    const romanization = cell(row, 'romanization');
    if (romanization !== undefined) term.WoRomanization = importHtmlToText(romanization);
    const sentence = cell(row, 'sentence');
    if (sentence !== undefined) term.WoSentence = importHtmlToText(sentence);
    const notes = cell(row, 'notes');
    if (notes !== undefined) term.WoNotes = importHtmlToText(notes);
    const lemma = cell(row, 'lemma')?.trim();
    if (lemma) term.WoLemma = lemma;
    out.push(term);
  }
  return { rows: out, errors };
}
