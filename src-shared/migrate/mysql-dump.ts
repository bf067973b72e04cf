// Runs in: any process (pure; the migrate worker uses it). Reads a MySQL dump (LWT's backup format) as DATA:
import type { ErrorText } from '../contract/errors';
import { messageText } from '../contract/messages';
// a tokenizer of SQL literals, identifiers and punctuation, and a reader of the few statement shapes a dump
// holds (INSERT rows, CREATE TABLE column names, DROP TABLE and SET, which are skipped). Nothing is executed;
// any other statement refuses the whole file with its position.

export type SqlValue = string | number | null;

export interface DumpTable {
  /** Column names from CREATE TABLE, in order (empty when the dump has no CREATE TABLE for it). */
  columns: string[];
  /** Rows as objects keyed by column name. */
  rows: Record<string, SqlValue>[];
}

export interface DumpLimits {
  maxStatements: number;
  maxRows: number;
  maxStringLength: number;
}

export const DEFAULT_DUMP_LIMITS: DumpLimits = { maxStatements: 2_000_000, maxRows: 2_000_000, maxStringLength: 16 * 1024 * 1024 };

export class DumpError extends Error {
  /** The reason with its code when it is one a person reads (not the parser's own, which names a line). */
  readonly text: ErrorText;

  constructor(message: ErrorText) {
    super(typeof message === 'string' ? message : messageText(message));
    this.name = 'DumpError';
    this.text = message;
  }
}

type Token =
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'number'; value: number; raw: string; pos: number }
  | { kind: 'ident'; value: string; quoted: boolean; pos: number }
  | { kind: 'punct'; value: string; pos: number }
  | { kind: 'end'; pos: number };

const ESCAPES: Record<string, string> = { '0': '\0', "'": "'", '"': '"', b: '\b', n: '\n', r: '\r', t: '\t', Z: '\x1a', '\\': '\\', '%': '\\%', _: '\\_' };

/** Tokenizer over the whole dump; comments and whitespace are skipped. */
class Lexer {
  pos = 0;
  constructor(
    readonly src: string,
    readonly limits: DumpLimits,
  ) {}

  line(pos: number): number {
    let n = 1;
    for (let i = 0; i < pos && i < this.src.length; i++) if (this.src.charCodeAt(i) === 10) n++;
    return n;
  }

  fail(message: string, pos = this.pos): never {
    throw new DumpError(`${message} (line ${this.line(pos)})`);
  }

  private skipSpaceAndComments(): void {
    const s = this.src;
    for (;;) {
      const c = s[this.pos];
      if (c === undefined) return;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\ufeff') {
        this.pos++;
      } else if (c === '#' || (c === '-' && s[this.pos + 1] === '-' && (s[this.pos + 2] === undefined || /[\s-]/.test(s[this.pos + 2])))) {
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl < 0 ? s.length : nl + 1;
      } else if (c === '/' && s[this.pos + 1] === '*') {
        // MySQL's versioned comments (/*!40101 SET ... */) are comments here too: never executed.
        const end = s.indexOf('*/', this.pos + 2);
        if (end < 0) this.fail('Unterminated comment');
        this.pos = end + 2;
      } else return;
    }
  }

  next(): Token {
    this.skipSpaceAndComments();
    const s = this.src;
    const start = this.pos;
    const c = s[start];
    if (c === undefined) return { kind: 'end', pos: start };
    if (c === "'" || c === '"') return { kind: 'string', value: this.quoted(c), pos: start };
    if (c === '`') {
      let out = '';
      let i = start + 1;
      for (;;) {
        const e = s.indexOf('`', i);
        if (e < 0) this.fail('Unterminated `identifier`', start);
        out += s.slice(i, e);
        if (s[e + 1] === '`') {
          out += '`';
          i = e + 2;
        } else {
          this.pos = e + 1;
          break;
        }
      }
      return { kind: 'ident', value: out, quoted: true, pos: start };
    }
    if (c === '0' && (s[start + 1] === 'x' || s[start + 1] === 'X')) {
      const hex = /0[xX][0-9a-fA-F]*/y;
      hex.lastIndex = start;
      const word = hex.exec(s)![0];
      this.pos = start + word.length;
      return { kind: 'ident', value: word, quoted: false, pos: start };
    }
    const num = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
    num.lastIndex = 0;
    if (/[0-9.]/.test(c) || ((c === '-' || c === '+') && /[0-9.]/.test(s[start + 1] ?? ''))) {
      const m = num.exec(s.slice(start, start + 64));
      if (m) {
        this.pos = start + m[0].length;
        return { kind: 'number', value: Number(m[0]), raw: m[0], pos: start };
      }
    }
    if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      const m = /[A-Za-z0-9_$\u0080-\uffff]+/y;
      m.lastIndex = start;
      const word = m.exec(s)![0];
      this.pos = start + word.length;
      return { kind: 'ident', value: word, quoted: false, pos: start };
    }
    this.pos = start + 1;
    return { kind: 'punct', value: c, pos: start };
  }

  /** A quoted string with MySQL escapes: backslash sequences and a doubled quote. */
  private quoted(q: string): string {
    const s = this.src;
    const start = this.pos;
    let i = start + 1;
    const parts: string[] = [];
    let length = 0;
    for (;;) {
      let j = i;
      while (j < s.length && s[j] !== q && s[j] !== '\\') j++;
      if (j >= s.length) this.fail('Unterminated string', start);
      parts.push(s.slice(i, j));
      length += j - i;
      if (s[j] === '\\') {
        const e = s[j + 1];
        if (e === undefined) this.fail('Unterminated string', start);
        parts.push(ESCAPES[e] ?? e);
        length++;
        i = j + 2;
      } else if (s[j + 1] === q) {
        parts.push(q);
        length++;
        i = j + 2;
      } else {
        this.pos = j + 1;
        break;
      }
      if (length > this.limits.maxStringLength) this.fail('A string in the dump is too long', start);
    }
    if (length > this.limits.maxStringLength) this.fail('A string in the dump is too long', start);
    return parts.join('');
  }
}

/** Statements a dump may hold besides INSERT and CREATE TABLE: read and skipped. */
const SKIPPED = new Set(['SET', 'DROP', 'LOCK', 'UNLOCK', 'START', 'BEGIN', 'COMMIT', 'USE']);
const SKIPPED_ALTER = /^\s*ALTER\s+TABLE\s+\S+\s+(DISABLE|ENABLE)\s+KEYS\s*$/i;
const NOT_COLUMN = new Set(['PRIMARY', 'KEY', 'UNIQUE', 'INDEX', 'CONSTRAINT', 'FOREIGN', 'FULLTEXT', 'SPATIAL', 'CHECK']);

export interface ParsedDump {
  tables: Map<string, DumpTable>;
  statements: number;
}

/** Parses a MySQL dump into tables of rows. Throws DumpError with a line number on anything unexpected. */
export function parseMysqlDump(src: string, limits: DumpLimits = DEFAULT_DUMP_LIMITS): ParsedDump {
  const lx: Lexer = new Lexer(src, limits);
  const tables = new Map<string, DumpTable>();
  const table = (name: string) => {
    const key = name.toLowerCase();
    let t = tables.get(key);
    if (!t) tables.set(key, (t = { columns: [], rows: [] }));
    return t;
  };
  let statements = 0;
  let rowCount = 0;
  let tok = lx.next();

  const expect = (kind: Token['kind'], value?: string): Token => {
    if (tok.kind !== kind || (value !== undefined && 'value' in tok && String(tok.value).toUpperCase() !== value)) {
      lx.fail(`Expected ${value ?? kind} but found ${describe(tok)}`, tok.pos);
    }
    const t = tok;
    tok = lx.next();
    return t;
  };
  const isWord = (t: Token, w: string) => t.kind === 'ident' && !t.quoted && t.value.toUpperCase() === w;
  const name = (): string => {
    const t = expect('ident');
    let n = (t as { value: string }).value;
    // db.table: keep the table part.
    if (tok.kind === 'punct' && tok.value === '.') {
      tok = lx.next();
      n = (expect('ident') as { value: string }).value;
    }
    return n;
  };
  /** Skips to the end of the statement, through strings and parentheses. */
  const skipStatement = () => {
    while (tok.kind !== 'end' && !(tok.kind === 'punct' && tok.value === ';')) tok = lx.next();
  };
  const endStatement = () => {
    if (tok.kind === 'punct' && tok.value === ';') tok = lx.next();
    else if (tok.kind !== 'end') lx.fail(`Expected ; but found ${describe(tok)}`, tok.pos);
  };
  const value = (): SqlValue => {
    const t = tok;
    tok = lx.next();
    if (t.kind === 'string') return t.value;
    if (t.kind === 'number') return t.value;
    if (t.kind === 'ident' && !t.quoted) {
      const w = t.value.toUpperCase();
      if (w === 'NULL') return null;
      if (w === 'TRUE') return 1;
      if (w === 'FALSE') return 0;
      if (w === 'CURRENT_TIMESTAMP' || w === 'NOW') {
        if (tok.kind === 'punct' && tok.value === '(') {
          tok = lx.next();
          expect('punct', ')');
        }
        return null;
      }
      if (/^0x[0-9a-f]*$/i.test(t.value)) return hexToString(t.value.slice(2), lx, t.pos);
      if (/^x$/i.test(t.value) && tok.kind === 'string') {
        const h = tok.value;
        tok = lx.next();
        return hexToString(h, lx, t.pos);
      }
    }
    return lx.fail(`Expected a value but found ${describe(t)}`, t.pos);
  };

  while (tok.kind !== 'end') {
    if (tok.kind === 'punct' && tok.value === ';') {
      tok = lx.next();
      continue;
    }
    if (++statements > limits.maxStatements) lx.fail('The dump has too many statements', tok.pos);
    if (tok.kind !== 'ident' || tok.quoted) lx.fail(`Expected a statement but found ${describe(tok)}`, tok.pos);
    const keyword = tok.value.toUpperCase();
    const stmtPos = tok.pos;
    if (keyword === 'INSERT' || keyword === 'REPLACE') {
      tok = lx.next();
      while (isWord(tok, 'IGNORE') || isWord(tok, 'LOW_PRIORITY') || isWord(tok, 'DELAYED') || isWord(tok, 'HIGH_PRIORITY')) tok = lx.next();
      if (isWord(tok, 'INTO')) tok = lx.next();
      const t = table(name());
      let columns: string[] | null = null;
      if (tok.kind === 'punct' && tok.value === '(') {
        tok = lx.next();
        columns = [];
        for (;;) {
          columns.push((expect('ident') as { value: string }).value);
          if (tok.kind === 'punct' && tok.value === ',') tok = lx.next();
          else break;
        }
        expect('punct', ')');
      }
      if (!(isWord(tok, 'VALUES') || isWord(tok, 'VALUE'))) lx.fail(`Expected VALUES but found ${describe(tok)}`, tok.pos);
      tok = lx.next();
      for (;;) {
        expect('punct', '(');
        const vals: SqlValue[] = [];
        if (!(tok.kind === 'punct' && tok.value === ')')) {
          for (;;) {
            vals.push(value());
            if (tok.kind === 'punct' && tok.value === ',') tok = lx.next();
            else break;
          }
        }
        expect('punct', ')');
        const cols = columns ?? t.columns;
        if (cols.length !== vals.length) {
          lx.fail(
            columns
              ? `A row has ${vals.length} values for ${cols.length} columns`
              : `A row of ${lowerName(tables, t)} has ${vals.length} values but its CREATE TABLE has ${cols.length} columns`,
            stmtPos,
          );
        }
        const row: Record<string, SqlValue> = {};
        cols.forEach((c, i) => (row[c] = vals[i]));
        t.rows.push(row);
        if (++rowCount > limits.maxRows) lx.fail('The dump has too many rows', stmtPos);
        if (tok.kind === 'punct' && tok.value === ',') tok = lx.next();
        else break;
      }
      if (isWord(tok, 'ON')) lx.fail('INSERT … ON DUPLICATE KEY UPDATE is not part of a backup', tok.pos);
      endStatement();
    } else if (keyword === 'CREATE') {
      tok = lx.next();
      while (isWord(tok, 'TEMPORARY')) tok = lx.next();
      if (!isWord(tok, 'TABLE')) lx.fail(`Only CREATE TABLE belongs in a backup, not CREATE ${describe(tok)}`, stmtPos);
      tok = lx.next();
      if (isWord(tok, 'IF')) {
        tok = lx.next();
        expect('ident', 'NOT');
        expect('ident', 'EXISTS');
      }
      const t = table(name());
      expect('punct', '(');
      const columns: string[] = [];
      let depth = 1;
      let atItemStart = true;
      while (depth > 0) {
        if (tok.kind === 'end') lx.fail('Unterminated CREATE TABLE', stmtPos);
        if (atItemStart && tok.kind === 'ident' && !(NOT_COLUMN.has(tok.value.toUpperCase()) && !tok.quoted)) columns.push(tok.value);
        atItemStart = false;
        if (tok.kind === 'punct') {
          if (tok.value === '(') depth++;
          else if (tok.value === ')') depth--;
          else if (tok.value === ',' && depth === 1) atItemStart = true;
          else if (tok.value === ';') lx.fail('Unterminated CREATE TABLE', stmtPos);
        }
        tok = lx.next();
      }
      t.columns = columns;
      skipStatement();
      endStatement();
    } else if (SKIPPED.has(keyword)) {
      skipStatement();
      endStatement();
    } else if (keyword === 'ALTER') {
      const from = tok.pos;
      skipStatement();
      if (!SKIPPED_ALTER.test(src.slice(from, tok.pos))) lx.fail('Only ALTER TABLE … DISABLE/ENABLE KEYS belongs in a backup', stmtPos);
      endStatement();
    } else {
      lx.fail(`This is not a backup dump: it holds a ${keyword} statement, which is never run`, stmtPos);
    }
  }
  return { tables, statements };
}

function lowerName(tables: Map<string, DumpTable>, t: DumpTable): string {
  for (const [k, v] of tables) if (v === t) return k;
  return 'a table';
}

function hexToString(hex: string, lx: Lexer, pos: number): string {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) lx.fail('Invalid hex literal', pos);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

function describe(t: Token): string {
  if (t.kind === 'end') return 'the end of the file';
  if (t.kind === 'string') return 'a string';
  if (t.kind === 'number') return t.raw;
  const v = String(t.value);
  return `"${v.length > 30 ? v.slice(0, 30) + '…' : v}"`;
}
