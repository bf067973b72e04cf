// Runs in: a worker thread (task 'terms.parseImport', through import-parse-task.ts), never main: the words an
// e-reader kept, from its SQLite file read with sql.js (as the Anki and Lute readers do). Kindle's Vocabulary
// Builder (`vocab.db`: WORDS, LOOKUPS with the sentence each word was met in, BOOK_INFO) and Kobo's
// `KoboReader.sqlite` (WordList, with the book in `content`). Each word becomes a row of the term import: the word,
// its base form as the lemma, status 1, the sentence of its first lookup with the word in {braces}, the book's
// title in the notes. Only the words of the import's language are kept; the others are counted by language.
import type { Database, SqlJsStatic } from 'sql.js';
import { badRequest } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';

/** "SQLite format 3\0": the first 16 bytes of every SQLite database. */
export const isSqlite = (head: Uint8Array) => head.length >= 16 && new TextDecoder('latin1').decode(head.subarray(0, 16)) === 'SQLite format 3\u0000';

export interface EReaderWords {
  kind: 'kindle' | 'kobo';
  /** Words in the file by language (ISO code as the e-reader wrote it; '' when it wrote none). */
  languages: Record<string, number>;
  /** The rows of the import's language, as term-import JSON objects (header from the first row's keys). */
  rows: { term: string; lemma: string; status: string; sentence: string; notes: string }[];
}

const primary = (code: string) => code.toLowerCase().split(/[-_]/)[0];

function tablesOf(db: Database): Set<string> {
  const res = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'");
  return new Set((res[0]?.values ?? []).map((v) => String(v[0]).toUpperCase()));
}

function all(db: Database, sql: string): Record<string, unknown>[] {
  const stmt = db.prepare(sql);
  const out: Record<string, unknown>[] = [];
  try {
    while (stmt.step()) out.push(stmt.getAsObject());
  } finally {
    stmt.free();
  }
  return out;
}

const LETTER = /[\p{L}\p{M}]/u;

/**
 * The sentence with the first occurrence of the word as a whole word in {braces} (docs/vocabulary.md), else as it is.
 * A search, not a regular expression built per word: compiling 5,000 Unicode-class expressions took seconds.
 */
function marked(sentence: string, word: string): string {
  const clean = sentence.replace(/\s+/g, ' ').trim();
  if (!clean || !word) return clean;
  const haystack = clean.toLowerCase();
  const needle = word.toLowerCase();
  // Lower-casing keeps lengths for the scripts e-readers serve; where it does not, the sentence is kept as it is.
  if (haystack.length !== clean.length || needle.length !== word.length) return clean;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = at > 0 ? clean[at - 1] : '';
    const after = clean[at + needle.length] ?? '';
    if (!LETTER.test(before) && !LETTER.test(after)) return `${clean.slice(0, at)}{${clean.slice(at, at + needle.length)}}${clean.slice(at + needle.length)}`;
  }
  return clean;
}

function kindle(db: Database, language: string): EReaderWords {
  const books = new Map(all(db, 'SELECT id, title FROM BOOK_INFO').map((b) => [String(b.id), String(b.title ?? '')]));
  const lookups = new Map<string, { usage: string; books: string[] }>();
  for (const l of all(db, 'SELECT word_key, book_key, usage FROM LOOKUPS ORDER BY timestamp')) {
    const key = String(l.word_key);
    const entry = lookups.get(key) ?? { usage: '', books: [] };
    entry.usage ||= String(l.usage ?? '');
    const title = books.get(String(l.book_key));
    if (title && !entry.books.includes(title)) entry.books.push(title);
    lookups.set(key, entry);
  }
  const languages: Record<string, number> = {};
  const rows: EReaderWords['rows'] = [];
  for (const w of all(db, 'SELECT id, word, stem, lang FROM WORDS ORDER BY timestamp')) {
    const lang = String(w.lang ?? '');
    languages[lang] = (languages[lang] ?? 0) + 1;
    if (language && primary(lang) !== primary(language)) continue;
    const word = String(w.word ?? '').trim();
    if (!word) continue;
    const stem = String(w.stem ?? '').trim();
    const seen = lookups.get(String(w.id));
    rows.push({
      term: word,
      lemma: stem && stem.toLowerCase() !== word.toLowerCase() ? stem : '',
      status: '1',
      sentence: marked(seen?.usage ?? '', word),
      notes: seen?.books.length ? `Kindle: ${seen.books.join('; ')}` : 'Kindle',
    });
  }
  return { kind: 'kindle', languages, rows };
}

function kobo(db: Database, language: string): EReaderWords {
  const hasContent = tablesOf(db).has('CONTENT');
  const titles = new Map(
    hasContent ? all(db, 'SELECT ContentID, Title FROM content WHERE ContentType = 6').map((c) => [String(c.ContentID), String(c.Title ?? '')]) : [],
  );
  const languages: Record<string, number> = {};
  const rows: EReaderWords['rows'] = [];
  for (const w of all(db, 'SELECT Text, VolumeId, DictSuffix FROM WordList ORDER BY DateCreated')) {
    // Kobo names the dictionary a word was looked up in by a suffix ("-de", "-fr"); none is its English one.
    const lang = String(w.DictSuffix ?? '').replace(/^-/, '') || 'en';
    languages[lang] = (languages[lang] ?? 0) + 1;
    if (language && primary(lang) !== primary(language)) continue;
    const word = String(w.Text ?? '').trim();
    if (!word) continue;
    const title = titles.get(String(w.VolumeId ?? ''));
    rows.push({ term: word, lemma: '', status: '1', sentence: '', notes: title ? `Kobo: ${title}` : 'Kobo' });
  }
  return { kind: 'kobo', languages, rows };
}

/** The words of a Kindle or Kobo database; anything else (a damaged file, another SQLite database) is refused. */
export function readEReaderWords(SQL: SqlJsStatic, bytes: Uint8Array, language: string): EReaderWords {
  let db: Database;
  try {
    db = new SQL.Database(bytes);
  } catch {
    throw badRequest(msg('import.ereaderDamaged'));
  }
  try {
    let tables: Set<string>;
    try {
      tables = tablesOf(db);
    } catch {
      throw badRequest(msg('import.ereaderDamaged'));
    }
    try {
      if (tables.has('WORDS') && tables.has('LOOKUPS') && tables.has('BOOK_INFO')) return kindle(db, language);
      if (tables.has('WORDLIST')) return kobo(db, language);
    } catch (err) {
      if ((err as { status?: number }).status) throw err;
      throw badRequest(msg('import.ereaderDamaged'));
    }
    throw badRequest(msg('import.notEReaderDb'));
  } finally {
    db.close();
  }
}
