// A large library never freezes the server (issue 34 item 2), measured on the built server (dist/main/serve.js)
// over real HTTP, on a library of 1,000,000 terms built by direct inserts into a fresh data folder (no
// sqlite_stat1: the server gathers statistics itself at start, as it would for a library that was never closed
// cleanly):
//   large_library_setup_ms                 — building that library (migrations + 1 M inserted terms). Target < 60 s.
//   text_create_1m_terms_library_ms        — POST /api/v1/texts of a 600-word text whose words are (mostly) terms of
//                                            the library, median of 10. Target < 50 ms.
//   book_import_200_chapters_1m_terms_ms   — POST /api/v1/books of a 200-chapter EPUB (~600 words a chapter).
//                                            Target < 3,000 ms.
//   language_rules_change_1m_terms_ms      — PUT /api/v1/languages/:id with new sentence rules (the texts are flagged in
//                                            the change and parsed again after it, a few a turn).
//   language_reparse_1m_terms_ms           — from that PUT until every text of the language is parsed again (read
//                                            from the database file on a read-only connection of the bench's own).
//   server_p99_during_text_create_ms, server_p99_during_book_import_ms, server_p99_during_language_reparse_ms,
//   server_p99_during_lwt_move_ms,
//   server_p99_during_backup_download_ms,
//   server_p99_during_restore_ms           — p99 latency of GET /api/v1/version, asked one after another while the
//                                            creates, the book import, the move-in of the LWT demo backup
//                                            (../shared/fixtures/migrate), the download of the library's backup and
//                                            its restore run. Target < 50 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { databaseFile } from '../src-main/core/data-dir';
import { migrationsDir } from '../src-main/core/paths';
import { makeEpub } from '../tests/helpers/epub';
import { fixture, hasFixtures, TestClient } from '../tests/helpers/core';
import { ms, now, percentile, sized } from './helpers';
import { longest, p99, pollVersion } from './loop-probe';
import type { Report } from './run';
import { startServeProcess } from './serve-process';

export const TERMS = sized(1_000_000, 20_000);
/** The big book's chapters, and the texts created (median). */
const BOOK_CHAPTERS = sized(200, 20);
const CREATES = sized(10, 3);
const LETTERS = 'abcdefghij';

/** The text of term i: its decimal digits as letters (a word for every tokenizer), as the SQL below spells it. */
export const termText = (i: number) => 'w' + [...String(i)].map((d) => LETTERS[Number(d)]).join('');

/** SQL spelling of termText: one replace() per digit. */
const TERM_TEXT_SQL = [...LETTERS].reduce((expr, letter, digit) => `replace(${expr}, '${digit}', '${letter}')`, 'CAST(i AS TEXT)');

/** A data folder whose database holds one English language with TERMS terms, and no statistics. */
export function buildLibrary(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-bench-1m-'));
  const sqlite = openSqlite(databaseFile(dataDir));
  migrate(sqlite, migrationsDir());
  sqlite.exec(`INSERT INTO languages (LgName, LgIsoCode, LgCreated) VALUES ('English', 'en', 0)`);
  sqlite.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TERMS})
    INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoCreated, WoModified, WoStatusChanged)
    SELECT 1, 'w' || ${TERM_TEXT_SQL}, 'w' || ${TERM_TEXT_SQL}, 1 + i % 5, 'translation', 0, 0, 0 FROM n`);
  sqlite.exec('DROP TABLE IF EXISTS sqlite_stat1');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  // Closed without PRAGMA optimize (closeSqlite gathers statistics): the server starts without any.
  sqlite.close();
  return dataDir;
}

/** Resolves once no text of the library waits for its parse, looking at the file every 20 ms. */
async function untilEveryTextParsed(dataDir: string): Promise<void> {
  const sqlite = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    const waiting = sqlite.prepare('SELECT count(*) FROM texts WHERE TxNeedsParse = 1').pluck();
    while ((waiting.get() as number) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    sqlite.close();
  }
}

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/**
 * ~`words` words, sentences of 12, drawn as prose is: a few words very often, most rarely (rank r with probability
 * ~1/r among 50,000), each rank a term spread over the whole library; one word in 20 is not a term yet.
 */
function chapterText(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const rank = Math.floor(Math.exp(random() * Math.log(50_000)));
    const w = i % 20 === 19 ? termText(TERMS + rank) : termText(1 + ((rank * 7919) % TERMS));
    out.push((i + 1) % 12 === 0 ? `${w}.` : w);
  }
  return out.join(' ');
}

export default async function (report: Report) {
  const t = now();
  const dataDir = buildLibrary();
  report('large_library_setup_ms', Math.round(ms(t)), 'ms');
  const server = await startServeProcess({ BACKUP_RESTORE_ENABLED: 'true' }, dataDir);
  try {
    const client = await new TestClient(server.url).init();
    const langs = (await client.get('/api/v1/languages')).body as { LgID: number }[] | { items: { LgID: number }[] };
    const languageId = (Array.isArray(langs) ? langs : langs.items)[0].LgID;

    // Warm-up: statements, tokenizer and the worker bundle are loaded once, as in a running app.
    const warm = await client.post('/api/v1/texts', { TxLgID: languageId, TxTitle: 'warm', TxText: chapterText(200) });
    if (warm.status !== 200) throw new Error(`warm-up text failed: ${warm.status} ${warm.text.slice(0, 200)}`);

    const creates: number[] = [];
    const duringCreate = await pollVersion(server.url);
    for (let i = 0; i < CREATES; i++) {
      const s = now();
      const res = await client.post('/api/v1/texts', { TxLgID: languageId, TxTitle: `Text ${i}`, TxText: chapterText(600) });
      creates.push(ms(s));
      if (res.status !== 200) throw new Error(`text create failed: ${res.status} ${res.text.slice(0, 200)}`);
    }
    report('text_create_1m_terms_library_ms', Math.round(percentile(creates, 50) * 10) / 10, 'ms');
    const createSamples = await duringCreate.stop();
    report('server_p99_during_text_create_ms', p99(createSamples), 'ms');
    report('server_longest_wait_during_text_create_ms', longest(createSamples), 'ms');

    const docs = Array.from({ length: BOOK_CHAPTERS }, (_, i) => ({ path: `c${i + 1}.xhtml`, body: `<h2>Chapter ${i + 1}</h2><p>${chapterText(600)}</p>` }));
    const epub = await makeEpub({ title: 'Bench 200', language: 'en', docs, nav: docs.map((d, i) => ({ title: `Chapter ${i + 1}`, href: d.path })) });
    const duringBook = await pollVersion(server.url);
    const b = now();
    const book = await client.upload('/api/v1/books', { name: 'bench200.epub', data: epub }, { language_id: String(languageId) });
    const bookMs = ms(b);
    const bookSamples = await duringBook.stop();
    if (book.status !== 200 || book.body.BkChapterCount !== BOOK_CHAPTERS)
      throw new Error(`200-chapter import failed: ${book.status} ${book.text.slice(0, 200)}`);
    report('book_import_200_chapters_1m_terms_ms', Math.round(bookMs), 'ms');
    report('server_p99_during_book_import_ms', p99(bookSamples), 'ms');
    report('server_longest_wait_during_book_import_ms', longest(bookSamples), 'ms');

    const duringRules = await pollVersion(server.url);
    const r = now();
    const changed = await client.put(`/api/v1/languages/${languageId}`, { LgRegexpSplitSentences: '.!?;' });
    if (changed.status !== 200) throw new Error(`rules change failed: ${changed.status} ${changed.text.slice(0, 200)}`);
    report('language_rules_change_1m_terms_ms', Math.round(ms(r) * 10) / 10, 'ms');
    await untilEveryTextParsed(dataDir);
    report('language_reparse_1m_terms_ms', Math.round(ms(r)), 'ms');
    const rulesSamples = await duringRules.stop();
    report('server_p99_during_language_reparse_ms', p99(rulesSamples), 'ms');
    report('server_longest_wait_during_language_reparse_ms', longest(rulesSamples), 'ms');

    if (hasFixtures) {
      const demo = new Uint8Array(fs.readFileSync(fixture('migrate', 'lwt_demo_backup.sql.gz')));
      const duringMove = await pollVersion(server.url);
      const moved = await client.upload('/api/v1/import/lwt', { name: 'lwt_backup.sql.gz', data: demo });
      const moveSamples = await duringMove.stop();
      if (moved.status !== 200) throw new Error(`LWT move-in failed: ${moved.status} ${moved.text.slice(0, 200)}`);
      report('server_p99_during_lwt_move_ms', p99(moveSamples), 'ms');
      report('server_longest_wait_during_lwt_move_ms', longest(moveSamples), 'ms');
    }

    // The library's own backup (a million terms, the texts and the book above) restored over it.
    const duringBackup = await pollVersion(server.url);
    const backup = await client.get<Buffer>('/api/v1/backup');
    const backupSamples = await duringBackup.stop();
    if (backup.status !== 200) throw new Error(`backup download failed: ${backup.status}`);
    report('server_p99_during_backup_download_ms', p99(backupSamples), 'ms');
    report('server_longest_wait_during_backup_download_ms', longest(backupSamples), 'ms');
    const duringRestore = await pollVersion(server.url);
    const restored = await client.upload('/api/v1/backup/restore', { name: 'library.zip', data: new Uint8Array(backup.body) });
    const restoreSamples = await duringRestore.stop();
    if (restored.status !== 200) throw new Error(`restore failed: ${restored.status} ${restored.text.slice(0, 200)}`);
    report('server_p99_during_restore_ms', p99(restoreSamples), 'ms');
    report('server_longest_wait_during_restore_ms', longest(restoreSamples), 'ms');
  } finally {
    await server.stop();
  }
}
