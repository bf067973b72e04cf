// Runs in: any process. CSV and TSV glossaries: delimiter and header detection, pyglossary "#key" metadata rows.
import Papa from 'papaparse';
import { decodeUtf8Text, normalizeLineEndings } from './encoding';
import { fieldRole, type FieldRole } from './fields';
import { emptyDictionary, type ParsedDictionary } from './types';
import { msg } from '../contract/messages';

const CANDIDATE_DELIMITERS = ['\t', ',', ';', '|'];

/** The delimiter that splits the first lines most consistently into two or more columns. */
export function detectDelimiter(text: string, preferTab: boolean): string {
  const lines = text.split('\n', 30).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  let best = preferTab ? '\t' : ',';
  let bestScore = 0;
  for (const d of CANDIDATE_DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const withIt = counts.filter((c) => c > 0).length;
    if (withIt === 0) continue;
    // Lines that contain the delimiter, weighted by how steady the count is.
    const steady = counts.filter((c) => c === counts[0]).length;
    const score = withIt * 2 + steady + (d === '\t' && preferTab ? 1 : 0);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function splitRows(text: string, delimiter: string, quoted: boolean): string[][] {
  if (!quoted) return text.split('\n').map((line) => line.split(delimiter));
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false, newline: '\n' });
  return result.data;
}

/** Column roles from a header row, or null when the first row is data. */
function headerRoles(row: string[]): (FieldRole | undefined)[] | null {
  const roles = row.map((c) => fieldRole(c));
  return roles.includes('term') && (roles.includes('definition') || roles.length === 1) ? roles : null;
}

const RANK_NAMES = new Set(['rank', 'frequency', 'freq', 'frequency rank']);
const RANK = /^\s*[1-9]\d{0,8}\s*$/;

/**
 * A plain frequency list (issue 50): two columns under a header naming them (`word,rank`, `rank,term`,
 * `word,frequency`, …), every row a word and its rank (1 = most frequent). The header is required: a headerless
 * file of words and numbers stays a glossary (as it always was). Returns where its data rows start and which
 * column holds the word, or null when the rows are a glossary.
 */
function frequencyColumns(rows: string[][], from: number): { start: number; word: number } | null {
  const data = (start: number) => rows.slice(start).filter((r) => !(r.length === 1 && r[0].trim() === ''));
  const ranked = (rs: string[][], rank: number) => rs.length > 0 && rs.every((r) => r.length === 2 && RANK.test(r[rank]));
  const header = (rows[from] ?? []).map((c) => c.trim().toLowerCase());
  if (header.length === 2) {
    const rank = header.findIndex((c) => RANK_NAMES.has(c));
    const word = 1 - rank;
    if (rank >= 0 && fieldRole(header[word]) === 'term' && ranked(data(from + 1), rank)) return { start: from + 1, word };
  }
  return null;
}

/**
 * Parses a delimited glossary, or a plain `word,rank` frequency list (its words stored as frequency-only rows). Without a header: term, definition, then reading (or, in pyglossary
 * exports recognised by their `#name` rows, comma-separated alternate spellings).
 */
export function parseDelimited(bytes: Uint8Array, kind: 'csv' | 'tsv'): ParsedDictionary {
  const dict = emptyDictionary(kind);
  const text = normalizeLineEndings(decodeUtf8Text(bytes, msg('dict.thisFile', { kind: kind.toUpperCase() })));
  const delimiter = detectDelimiter(text, kind === 'tsv');
  // TSV is unquoted by convention (definitions often hold stray quotes); CSV follows RFC 4180.
  const quoted = !(kind === 'tsv' && delimiter === '\t');
  const rows = splitRows(text, delimiter, quoted);

  let i = 0;
  let pyglossary = false;
  // Leading "#key","value" rows are metadata (pyglossary) or comments.
  for (; i < rows.length; i++) {
    const first = rows[i][0] ?? '';
    if (rows[i].length === 1 && first.trim() === '') continue;
    if (!first.startsWith('#')) break;
    const key = first.slice(1).trim().toLowerCase();
    const value = (rows[i][1] ?? '').trim();
    if (key === 'name' || key === 'bookname') {
      dict.meta.title = value;
      pyglossary = true;
    } else if (key === 'description') dict.meta.description = value;
    else if (key === 'website') dict.meta.website = value;
    else if (key === 'copyright' || key === 'license') dict.meta.license = value;
  }
  const frequency = frequencyColumns(rows, i);
  if (frequency) {
    for (const row of rows.slice(frequency.start)) {
      if (row.length === 1 && row[0].trim() === '') continue;
      dict.frequencies.push({ term: row[frequency.word].trim(), reading: '', rank: Number(row[1 - frequency.word]) });
    }
    return dict;
  }
  let roles: (FieldRole | undefined)[] = ['term', 'definition', pyglossary ? 'alternates' : 'reading', 'partOfSpeech'];
  if (i < rows.length) {
    const header = headerRoles(rows[i]);
    if (header) {
      roles = header;
      i++;
    }
  }
  const col = (role: FieldRole) => roles.indexOf(role);
  const [cTerm, cDef, cReading, cPos, cAlt] = [col('term'), col('definition'), col('reading'), col('partOfSpeech'), col('alternates')];

  for (; i < rows.length; i++) {
    const row = rows[i];
    if (row.length === 1 && row[0].trim() === '') continue;
    const term = (row[cTerm] ?? '').trim();
    const definition = cDef >= 0 ? (row[cDef] ?? '').trim() : '';
    const index = dict.entries.length;
    dict.entries.push({
      term,
      definition,
      reading: cReading >= 0 ? (row[cReading] ?? '').trim() : '',
      partOfSpeech: cPos >= 0 ? (row[cPos] ?? '').trim() : '',
      frequencyRank: null,
    });
    if (cAlt >= 0 && row[cAlt]) {
      for (const alt of row[cAlt].split(',')) if (alt.trim() && alt.trim() !== term) dict.synonyms.push({ term: alt.trim(), entryIndex: index });
    }
  }
  return dict;
}
