// Migration 0014 on a library made before it: a text parsed by the old rules ("Mr" and "." apart, orders as they
// were), terms with statuses, a multi-word term and a reading position. After it the text is parsed again by
// issue 33's rules when opened: "Mr." is one word, every term keeps its status and its links, and the reading
// position stays on the same word.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import presetFile from '../../../resources/language-presets.json';
import type { LanguagePreset } from '../../../src-shared/contract/languages';
import type { ReadingItem } from '../../../src-shared/contract/reader';
import { createCore, type Core } from '../../../src-main/app/core';
import { closeSqlite, openSqlite, type Sqlite } from '../../../src-main/db/connection';
import { migrate } from '../../../src-main/db/migrate';
import { databaseFile } from '../../../src-main/core/data-dir';
import { silentLogger } from '../../../src-main/core/context';
import { fixedClock } from '../../../src-main/core/clock';
import { createHttpServer } from '../../../src-main/http/server';
import { migrationsDir, rendererDir } from '../../../src-main/core/paths';
import { TEST_NOW, TestClient, tempDir, testConfig } from '../../helpers/core';

const dirs: string[] = [];
const dbs: Sqlite[] = [];
const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
  for (const db of dbs.splice(0)) closeSqlite(db);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of the migrations up to (not including) the one tagged `stopAt`. */
function migrationsBefore(stopAt: string): string {
  const dir = tempDir('lectio-mig0014-');
  dirs.push(dir);
  fs.cpSync(migrationsDir(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === stopAt);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const english = (presetFile as { presets: LanguagePreset[] }).presets.find((p) => p.LgName === 'English')!;
const TEXT = 'Mr. Smith is here.  He left. Then Mr. Smith left.';

describe('migration 0014: texts parsed again by the rules of issue 33', () => {
  it('keeps terms, statuses, multi-word links and the reading position', async () => {
    const dataDir = tempDir('lectio-mig0014-db-');
    dirs.push(dataDir);
    const db = openSqlite(databaseFile(dataDir));
    dbs.push(db);
    migrate(db, migrationsBefore('0014_reparse_lwt_sentence_rules'));

    const lg = Number(
      db
        .prepare(
          `INSERT INTO languages (LgName, LgParserType, LgRegexpWordCharacters, LgRegexpSplitSentences, LgExceptionsSplitSentences, LgCharacterSubstitutions, LgCreated)
           VALUES ('English', 'regex', ?, ?, 'Mr.|Dr.', ?, 0)`,
        )
        .run(english.LgRegexpWordCharacters, english.LgRegexpSplitSentences, english.LgCharacterSubstitutions).lastInsertRowid,
    );
    // Position 13: "He" in the old numbering (Mr 1, "." 2, " " 4, Smith 5, " " 6, is 7, " " 8, here 9, "." 10,
    // "  " 12, He 13), where the reader left it.
    const tx = Number(
      db.prepare('INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified, TxPosition) VALUES (?, ?, ?, 0, 0, 13)').run(lg, 't', TEXT)
        .lastInsertRowid,
    );
    const term = db.prepare(
      'INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoWordCount, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, lower(?), ?, ?, 0, 0, 0)',
    );
    const smith = Number(term.run(lg, 'Smith', 'Smith', 3, 1).lastInsertRowid);
    const left = Number(term.run(lg, 'left', 'left', 5, 1).lastInsertRowid);
    const heLeft = Number(term.run(lg, 'He left', 'He left', 2, 2).lastInsertRowid);
    // The old parse: words at their old orders, "Mr" without its period.
    const form = db.prepare('INSERT INTO token_forms (TfLgID, TfTextLC) VALUES (?, ?)');
    const tf = new Map(['mr', 'smith', 'is', 'here', 'he', 'left', 'then', 'he left'].map((w) => [w, Number(form.run(lg, w).lastInsertRowid)]));
    const occ = db.prepare('INSERT INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2WoID) VALUES (?, ?, ?, ?, ?)');
    const old: [string, number, number | null][] = [
      ['mr', 1, null],
      ['smith', 5, smith],
      ['is', 7, null],
      ['here', 9, null],
      ['he', 13, null],
      ['left', 15, left],
      ['then', 19, null],
      ['mr', 21, null],
      ['smith', 25, smith],
      ['left', 27, left],
    ];
    for (const [w, order, id] of old) occ.run(tx, tf.get(w), order, 1, id);
    occ.run(tx, tf.get('he left'), 13, 2, heLeft);
    const sentence = db.prepare('INSERT INTO sentences (SeLgID, SeTxID, SeOrder, SeFirstPos, SeStart, SeLength) VALUES (?, ?, ?, ?, ?, ?)');
    sentence.run(lg, tx, 1, 1, 0, 18);
    sentence.run(lg, tx, 2, 13, 20, 8);
    sentence.run(lg, tx, 3, 19, 29, 20);
    closeSqlite(dbs.pop()!);

    const core = createCore({ config: testConfig({}, dataDir), clock: fixedClock(TEST_NOW), log: silentLogger });
    cores.push(core);
    expect(core.sqlite.prepare('SELECT TxNeedsParse FROM texts WHERE TxID = ?').pluck().get(tx)).toBe(1);

    const http = createHttpServer(core, { rendererDir: rendererDir() });
    const port = await http.listen(0, '127.0.0.1');
    const client = await new TestClient(`http://127.0.0.1:${port}`).init();
    const items = (await client.get(`/api/v1/texts/${tx}/words`)).body.items as ReadingItem[];
    await http.close();
    const shown = items.filter((i) => i.kind === 'word' || i.Ti2WordCount > 0);
    expect(shown.filter((i) => i.Ti2WordCount === 1).map((i) => i.text)).toEqual(['Mr.', 'Smith', 'is', 'here', 'He', 'left', 'Then', 'Mr.', 'Smith', 'left']);
    expect(items.map((i) => i.text).join('')).toContain('here. He');
    // Terms and statuses kept, linked again; the multi-word term found at its new place.
    expect(core.sqlite.prepare('SELECT WoText, WoStatus FROM words ORDER BY WoID').raw().all()).toEqual([
      ['Smith', 3],
      ['left', 5],
      ['He left', 2],
    ]);
    for (const i of shown.filter((x) => x.text === 'Smith')) expect(i).toMatchObject({ Ti2WoID: smith, status: 3 });
    for (const i of shown.filter((x) => x.text === 'left')) expect(i).toMatchObject({ Ti2WoID: left, status: 5 });
    const multi = shown.filter((i) => i.Ti2WordCount === 2);
    expect(multi).toHaveLength(1);
    expect(multi[0]).toMatchObject({ text: 'He left', Ti2WoID: heLeft, status: 2 });
    // The reading position stays on "He" (the 5th word), at its new order.
    const he = shown.find((i) => i.text === 'He' && i.Ti2WordCount === 1)!;
    expect(he.Ti2Order).toBe(11);
    expect(core.sqlite.prepare('SELECT TxPosition, TxNeedsParse FROM texts WHERE TxID = ?').raw().get(tx)).toEqual([11, 0]);
  });
});
