// E-reader word lists for the tests and bench, written by better-sqlite3 as real SQLite files with the tables the
// devices use: Kindle's Vocabulary Builder (vocab.db) and Kobo's KoboReader.sqlite (its WordList and content).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

function build(fill: (db: Database.Database) => void): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-ereader-'));
  const file = path.join(dir, 'db.sqlite');
  const db = new Database(file);
  try {
    db.transaction(() => fill(db))();
  } finally {
    db.close();
  }
  const bytes = new Uint8Array(fs.readFileSync(file));
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

export interface KindleLookup {
  word: string;
  stem?: string;
  lang: string;
  usage: string;
  book: string;
}

/** Kindle's vocab.db schema (WORDS, LOOKUPS, BOOK_INFO, DICT_INFO, METADATA, VERSION), one lookup a word or more. */
export function makeKindleVocab(lookups: KindleLookup[], books: Record<string, { title: string; lang: string }>): Uint8Array {
  return build((db) => {
    db.exec(`
      CREATE TABLE WORDS (id TEXT PRIMARY KEY NOT NULL UNIQUE, word TEXT, stem TEXT, lang TEXT, category INTEGER DEFAULT 0, timestamp INTEGER DEFAULT 0, profileid TEXT);
      CREATE TABLE LOOKUPS (id TEXT PRIMARY KEY NOT NULL, word_key TEXT, book_key TEXT, dict_key TEXT, pos TEXT, usage TEXT, timestamp INTEGER DEFAULT 0);
      CREATE TABLE BOOK_INFO (id TEXT PRIMARY KEY NOT NULL, asin TEXT, guid TEXT, lang TEXT, title TEXT, authors TEXT);
      CREATE TABLE DICT_INFO (id TEXT PRIMARY KEY NOT NULL, asin TEXT, langin TEXT, langout TEXT);
      CREATE TABLE METADATA (id TEXT PRIMARY KEY NOT NULL, dsname TEXT, sscnt INTEGER, profileid TEXT);
      CREATE TABLE VERSION (id TEXT PRIMARY KEY NOT NULL, dsname TEXT, value INTEGER);
      INSERT INTO VERSION VALUES ('1', 'WORDS', 1);`);
    for (const [id, b] of Object.entries(books))
      db.prepare('INSERT INTO BOOK_INFO VALUES (?, ?, ?, ?, ?, ?)').run(id, `B0${id}`, id, b.lang, b.title, 'Someone');
    const word = db.prepare('INSERT OR IGNORE INTO WORDS VALUES (?, ?, ?, ?, 0, ?, ?)');
    const lookup = db.prepare('INSERT INTO LOOKUPS VALUES (?, ?, ?, ?, ?, ?, ?)');
    lookups.forEach((l, i) => {
      const key = `${l.lang}:${l.stem ?? l.word}`;
      word.run(key, l.word, l.stem ?? l.word, l.lang, 1_600_000_000_000 + i, 'profile');
      lookup.run(`${l.book}:${i}`, key, l.book, 'dict', '0', l.usage, 1_600_000_000_000 + i);
    });
  });
}

/** Kobo's KoboReader.sqlite, as far as the word list goes: WordList, and content for the books' titles. */
export function makeKoboReader(words: { text: string; suffix: string; volume: string }[], titles: Record<string, string>): Uint8Array {
  return build((db) => {
    db.exec(`
      CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT, Title TEXT, Attribution TEXT, PRIMARY KEY (ContentID));
      CREATE TABLE WordList (Text TEXT NOT NULL, VolumeId TEXT NOT NULL, DictSuffix TEXT NOT NULL, DateCreated TEXT NOT NULL, PRIMARY KEY (Text));`);
    for (const [id, title] of Object.entries(titles)) db.prepare("INSERT INTO content VALUES (?, '6', 'application/epub+zip', ?, 'Someone')").run(id, title);
    words.forEach((w, i) => db.prepare('INSERT INTO WordList VALUES (?, ?, ?, ?)').run(w.text, w.volume, w.suffix, `2024-01-0${(i % 9) + 1}T10:00:00Z`));
  });
}

/** Some other SQLite database (a browser's history, say). */
export const makeOtherSqlite = () => build((db) => db.exec("CREATE TABLE urls (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO urls VALUES (1, 'x');"));
