// Moving in from Lute v3: a database built from Lute's published baseline schema with rows as Lute writes them
// (language dictionaries, parents, 98/99, zero-width-joined multi-word terms, tags, a book with several pages),
// as .db and .db.gz; a second run adds nothing; hostile or foreign SQLite files are refused, nothing stored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, startTestServer, type TestServer } from '../helpers/core';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
});
afterAll(() => s?.close());

const ZW = '\u200b';

/** A Lute database file's bytes: baseline schema, then `edit`. */
function luteDb(edit: (db: Database.Database) => void = fillLute): Buffer {
  const file = path.join(os.tmpdir(), `lute-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  const db = new Database(file);
  db.exec(fs.readFileSync(fixture('migrate', 'lute_v3_baseline.sql'), 'utf8'));
  edit(db);
  db.close();
  const bytes = fs.readFileSync(file);
  fs.rmSync(file);
  return bytes;
}

function fillLute(db: Database.Database): void {
  db.exec(`
    INSERT INTO languages VALUES (1, 'Spanish', '´=''|\`=''|’=''|‘=''|...=…|..=‥', '.!?', 'Sr.|Sra.|Dr.', 'a-zA-ZÀ-ÖØ-öø-ȳáéíóúÁÉÍÓÚñÑ', 0, 0, 'spacedel');
    INSERT INTO languages VALUES (2, 'Japanese', '', '.!?。？！', '', '\\p{Han}\\p{Katakana}\\p{Hiragana}', 0, 1, 'japanese');
    INSERT INTO languagedicts VALUES (1, 1, 'terms', 'embeddedhtml', 'https://es.thefreedictionary.com/[LUTE]', 1, 1);
    INSERT INTO languagedicts VALUES (2, 1, 'sentences', 'popuphtml', '*https://www.deepl.com/translator#es/en/[LUTE]', 1, 2);
    INSERT INTO languagedicts VALUES (3, 1, 'terms', 'popuphtml', 'https://www.wordreference.com/es/en/translation.asp?spen=[LUTE]', 1, 3);
    INSERT INTO words (WoID, WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoRomanization, WoTokenCount, WoSyncStatus) VALUES
      (1, 1, 'gato', 'gato', 1, 'cat', NULL, 1, 0),
      (2, 1, 'gatos', 'gatos', 3, 'cats', NULL, 1, 1),
      (3, 1, 'Hola', 'hola', 99, NULL, NULL, 1, 0),
      (4, 1, 'el', 'el', 98, NULL, NULL, 1, 0),
      (5, 1, 'de${ZW} ${ZW}la', 'de${ZW} ${ZW}la', 2, 'of the', NULL, 3, 0),
      (6, 2, '猫', '猫', 4, 'cat', 'neko', 1, 0);
    INSERT INTO wordparents VALUES (2, 1);
    INSERT INTO tags VALUES (1, 'noun', ''), (2, 'plural', '');
    INSERT INTO wordtags VALUES (1, 1), (2, 1), (2, 2);
    INSERT INTO books (BkID, BkLgID, BkTitle, BkSourceURI, BkArchived, BkCurrentTxID) VALUES (1, 1, 'Cuentos', 'https://example.com/cuentos', 0, 2);
    INSERT INTO texts (TxID, TxBkID, TxOrder, TxText, TxReadDate) VALUES (1, 1, 1, 'Había una vez un gato.', '2024-03-01 10:00:00'), (2, 1, 2, 'El gato tenía hambre.', NULL), (3, 1, 3, 'Fin de la historia.', NULL);
    INSERT INTO tags2 VALUES (1, 'fiction', '');
    INSERT INTO booktags VALUES (1, 1);
  `);
}

const count = (sql: string, ...p: unknown[]) => (s.core.sqlite.prepare(sql).get(...p) as { n: number }).n;
const TABLES = ['languages', 'words', 'word_tag_map', 'tags', 'texts', 'text_tags', 'text_tag_map', 'books', 'book_chapters'];
const snapshot = () => Object.fromEntries(TABLES.map((t) => [t, count(`SELECT count(*) AS n FROM ${t}`)]));
const importLute = (data: Uint8Array, fields: Record<string, string> = {}, name = 'lute.db') => s.client.upload('/api/v1/import/lute', { name, data }, fields);

describe.skipIf(!hasFixtures)('Lute v3 database', () => {
  it('previews, then imports languages, terms with parents and tags, and a book with its pages as chapters', async () => {
    const bytes = luteDb();
    const preview = await importLute(bytes, { preview: '1' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.counts).toMatchObject({ languages: 2, terms: 6, texts: 3, feeds: 0, termTags: 2 });
    expect(count('SELECT count(*) AS n FROM languages')).toBe(0);

    const res = await importLute(zlib.gzipSync(bytes), {}, 'lute_backup.db.gz');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: { languages: 2, terms: 6, texts: 3, books: 1 } });
    const spanish = s.core.sqlite.prepare("SELECT * FROM languages WHERE LgName = 'Spanish'").get() as Record<string, unknown>;
    expect(spanish).toMatchObject({
      LgParserType: 'regex',
      LgExceptionsSplitSentences: 'Sr.|Sra.|Dr.',
      LgDict1URI: 'https://es.thefreedictionary.com/###',
      LgDict2URI: 'https://www.wordreference.com/es/en/translation.asp?spen=###',
      LgGoogleTranslateURI: 'https://www.deepl.com/translator#es/en/###',
    });
    expect(s.core.sqlite.prepare("SELECT LgParserType, LgShowRomanization FROM languages WHERE LgName = 'Japanese'").get()).toEqual({
      LgParserType: 'morphological',
      LgShowRomanization: 1,
    });
    const words = s.core.sqlite.prepare('SELECT WoText, WoStatus, WoTranslation, WoLemma, WoRomanization FROM words ORDER BY WoTextLC').all();
    expect(words).toEqual([
      { WoText: 'de la', WoStatus: 2, WoTranslation: 'of the', WoLemma: null, WoRomanization: '' },
      { WoText: 'el', WoStatus: 98, WoTranslation: '', WoLemma: null, WoRomanization: '' },
      // Lute's own trigger gave the parent its following child's status when the parent link was written.
      { WoText: 'gato', WoStatus: 3, WoTranslation: 'cat', WoLemma: null, WoRomanization: '' },
      { WoText: 'gatos', WoStatus: 3, WoTranslation: 'cats', WoLemma: 'gato', WoRomanization: '' },
      { WoText: 'Hola', WoStatus: 99, WoTranslation: '', WoLemma: null, WoRomanization: '' },
      { WoText: '猫', WoStatus: 4, WoTranslation: 'cat', WoLemma: null, WoRomanization: 'neko' },
    ]);
    const gatosTags = (
      s.core.sqlite
        .prepare("SELECT TgText FROM word_tag_map JOIN tags ON TgID = WtTgID JOIN words ON WoID = WtWoID WHERE WoText = 'gatos' ORDER BY TgText")
        .all() as { TgText: string }[]
    ).map((r) => r.TgText);
    expect(gatosTags).toEqual(['noun', 'plural']);
    const pages = s.core.sqlite.prepare('SELECT TxTitle, TxText, TxSourceURI FROM texts ORDER BY TxID').all();
    expect(pages).toEqual([
      { TxTitle: 'Cuentos (1/3)', TxText: 'Había una vez un gato.', TxSourceURI: 'https://example.com/cuentos' },
      { TxTitle: 'Cuentos (2/3)', TxText: 'El gato tenía hambre.', TxSourceURI: 'https://example.com/cuentos' },
      { TxTitle: 'Cuentos (3/3)', TxText: 'Fin de la historia.', TxSourceURI: 'https://example.com/cuentos' },
    ]);
    expect(count("SELECT count(*) AS n FROM text_tag_map JOIN text_tags ON T2ID = TtT2ID WHERE T2Text = 'fiction'")).toBe(3);
    // The book: its pages in order as chapters, the reading position where Lute had it (page 2 of 3).
    const books = await s.client.get('/api/v1/books');
    expect(books.body).toHaveLength(1);
    const book = await s.client.get(`/api/v1/books/${books.body[0].BkID}`);
    expect(book.body).toMatchObject({ BkTitle: 'Cuentos', BkCurrentChapter: 2, BkSourceURI: 'https://example.com/cuentos' });
    // Progress by words, as every book's (issue 51): page 1, read in Lute, is 5 of the book's 13 words — not 1 of 3 pages.
    expect(book.body.BkProgress).toBeCloseTo(5 / 13, 5);
    expect(book.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    const firstChapter = await s.client.get(`/api/v1/texts/${book.body.chapters[0].text_id}`);
    expect(firstChapter.body.TxText).toBe('Había una vez un gato.');
    // Parsed, with the imported terms linked in the reader's occurrences.
    expect(count("SELECT count(*) AS n FROM word_occurrences JOIN words ON WoID = Ti2WoID WHERE WoText = 'gato'")).toBe(2);
  });

  it('a second run adds nothing', async () => {
    const before = snapshot();
    const res = await importLute(luteDb());
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual({ languages: 0, terms: 0, texts: 0, feeds: 0, books: 0 });
    expect(res.body.skipped.books).toBe(1);
    expect(res.body.merged.languages).toBe(2);
    expect(snapshot()).toEqual(before);
  });
});

describe.skipIf(!hasFixtures)('hostile or foreign SQLite files: clear error, nothing stored', () => {
  const refused = async (data: Uint8Array, message: RegExp) => {
    const before = snapshot();
    const res = await importLute(data);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(snapshot()).toEqual(before);
  };

  it('views, foreign triggers, other databases, not SQLite', async () => {
    await refused(
      luteDb((db) => {
        fillLute(db);
        db.exec('CREATE VIEW v AS SELECT * FROM words');
      }),
      /holds views \(v\)/,
    );
    await refused(
      luteDb((db) => {
        fillLute(db);
        db.exec('CREATE TRIGGER evil AFTER INSERT ON tags BEGIN DELETE FROM words; END');
      }),
      /unknown triggers \(evil\)/,
    );
    const other = path.join(os.tmpdir(), `other-${process.pid}.db`);
    const db = new Database(other);
    db.exec('CREATE TABLE languages (LgID INTEGER); CREATE TABLE notes (x)');
    db.close();
    await refused(fs.readFileSync(other), /not a Lute v3 database: it has no words/);
    fs.rmSync(other);
    await refused(Buffer.from('-- lwt-backup\nINSERT INTO words VALUES (1);'), /not a Lute database: the file is not SQLite/);
    const bytes = zlib.gzipSync(luteDb());
    await refused(bytes.subarray(0, bytes.length - 200), /cut short|not a valid \.gz/);
  });
});
