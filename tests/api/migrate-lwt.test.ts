// Moving in from LWT: the real demo backup (every language, all 207 terms with statuses, translations and tags,
// 9 texts + 1 archived, 12 feeds), preview, conflicts (merge / rename), a second run adding nothing, and malformed
// or hostile dumps refused with a clear error and nothing stored.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, startTestServer, type TestServer } from '../helpers/core';

const DEMO = fixture('migrate', 'lwt_demo_backup.sql.gz');
const demoBytes = () => fs.readFileSync(DEMO);
const demoSql = () => zlib.gunzipSync(demoBytes()).toString('utf8');

// 300 MB of zeros in ~300 KB, made before the server starts (an idle keep-alive socket would be closed meanwhile).
const BOMB = zlib.gzipSync(Buffer.alloc(300 * 1024 * 1024), { level: 1 });

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
});
afterAll(() => s?.close());

const count = (sql: string, ...params: unknown[]) => (s.core.sqlite.prepare(sql).get(...params) as { n: number }).n;
const TABLES = ['languages', 'words', 'word_tag_map', 'tags', 'texts', 'text_tags', 'text_tag_map', 'news_feeds'];
const snapshot = () => Object.fromEntries(TABLES.map((t) => [t, count(`SELECT count(*) AS n FROM ${t}`)]));

const importLwt = (data: Uint8Array, fields: Record<string, string> = {}, name = 'lwt_backup.sql.gz') =>
  s.client.upload('/api/v1/import/lwt', { name, data }, fields);

describe.skipIf(!hasFixtures)('LWT demo backup', () => {
  it('previews without storing anything', async () => {
    const before = snapshot();
    const res = await importLwt(demoBytes(), { preview: '1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.preview).toBe(true);
    expect(res.body.counts).toMatchObject({ terms: 207, texts: 9, archivedTexts: 1, feeds: 12 });
    const names = res.body.languages.map((l: { name: string }) => l.name);
    expect(names.slice(0, 8)).toEqual(['French', 'Chinese', 'German', 'Chinese2', 'Japanese', 'Korean', 'Thai', 'Hebrew']);
    expect(res.body.languages.find((l: { name: string }) => l.name === 'French')).toMatchObject({ action: 'create', conflict: false, texts: 3 });
    // Issue 32: feeds whose language the backup lacks make no "LWT language 9…14"; the preview offers them.
    expect(names.filter((n: string) => n.startsWith('LWT language'))).toEqual([]);
    expect(res.body.orphan_feeds.map((f: { name: string }) => f.name).sort()).toEqual(
      ['El Pais', 'Euronews Arabic', 'Il Corriere', 'RIA Novosti', 'Spanish Podcast', 'The Guardian'].sort(),
    );
    expect(res.body.notes.join(' ')).not.toMatch(/LWT language/);
    expect(snapshot()).toEqual(before);
  });

  it('imports every language, term, text and feed', async () => {
    const res = await importLwt(demoBytes());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The six feeds without a language in the backup are skipped by default (nothing else to give them yet).
    expect(res.body.created).toMatchObject({ languages: 8, terms: 207, texts: 10, feeds: 6 });
    const langs = s.core.sqlite.prepare('SELECT * FROM languages ORDER BY LgID').all() as Record<string, unknown>[];
    const byName = new Map(langs.map((l) => [l.LgName as string, l]));
    for (const n of ['French', 'Chinese', 'German', 'Chinese2', 'Japanese', 'Korean', 'Thai', 'Hebrew']) expect(byName.has(n), n).toBe(true);
    const french = byName.get('French')!;
    expect(french).toMatchObject({
      LgIsoCode: 'fr',
      LgRegexpSplitSentences: '.!?:;',
      LgExceptionsSplitSentences: '[A-Z].|Dr.',
      LgDict1URI: 'http://www.wordreference.com/fren/###',
      LgGoogleTranslateURI: 'https://translate.google.com/?ie=UTF-8&sl=fr&tl=en&text=###',
    });
    expect(french.LgCharacterSubstitutions).toBe("´='|`='|’='|‘='|...=…|..=‥");
    expect(byName.get('Hebrew')).toMatchObject({ LgRightToLeft: 1, LgRegexpWordCharacters: '\\u{0590}-\\u{05FF}', LgIsoCode: 'he' });
    expect(byName.get('Chinese')).toMatchObject({ LgParserType: 'character', LgSplitEachChar: 1, LgRemoveSpaces: 1, LgTextSize: 200 });

    expect(count('SELECT count(*) AS n FROM words')).toBe(207);
    const manon = s.core.sqlite.prepare("SELECT * FROM words WHERE WoTextLC = 'manon'").get() as Record<string, unknown>;
    expect(manon).toMatchObject({ WoStatus: 98, WoTranslation: '(name)', WoSentence: 'Bonjour {Manon}.', WoLgID: french.LgID });
    const alors = s.core.sqlite.prepare("SELECT * FROM words WHERE WoTextLC = 'alors'").get() as Record<string, unknown>;
    expect(alors.WoSentence).toBe("{Alors}, je crois qu'il y a pas longtemps, là, vous avez fait une bonne action ?");
    const statuses = Object.fromEntries(
      (s.core.sqlite.prepare('SELECT WoStatus AS st, count(*) AS n FROM words GROUP BY WoStatus').all() as { st: number; n: number }[]).map((r) => [r.st, r.n]),
    );
    const expected: Record<number, number> = {};
    // Counted straight from the dump text: the 5th value of every words row.
    for (const m of demoSql().matchAll(/INSERT INTO words\s+VALUES\s*\(\s*'\d+'\s*,\s*'\d+'\s*,\s*'(?:[^'\\]|\\.)*'\s*,\s*'(?:[^'\\]|\\.)*'\s*,\s*'(\d+)'/g)) {
      expected[Number(m[1])] = (expected[Number(m[1])] ?? 0) + 1;
    }
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(207);
    expect(statuses).toEqual(expected);
    const bonjourTags = (
      s.core.sqlite
        .prepare("SELECT TgText FROM word_tag_map JOIN tags ON TgID = WtTgID JOIN words ON WoID = WtWoID WHERE WoTextLC = 'bonjour' ORDER BY TgText")
        .all() as { TgText: string }[]
    ).map((r) => r.TgText);
    expect(bonjourTags).toEqual(['greeting', 'interj', 'masc', 'noun']);
    expect(count('SELECT count(*) AS n FROM word_tag_map')).toBe(51);
    expect(count("SELECT count(*) AS n FROM words WHERE WoTranslation = ''")).toBe(count("SELECT count(*) AS n FROM words WHERE WoTranslation = ''"));

    expect(count('SELECT count(*) AS n FROM texts WHERE TxArchived = 0')).toBe(9);
    expect(count('SELECT count(*) AS n FROM texts WHERE TxArchived = 1')).toBe(1);
    const werther = s.core.sqlite.prepare("SELECT * FROM texts WHERE TxTitle = 'Die Leiden des jungen Werther'").get() as Record<string, unknown>;
    expect(werther.TxLgID).toBe(byName.get('German')!.LgID);
    expect(String(werther.TxText).startsWith('Wie froh bin ich')).toBe(true);
    const wertherTags = (
      s.core.sqlite.prepare('SELECT T2Text FROM text_tag_map JOIN text_tags ON T2ID = TtT2ID WHERE TtTxID = ? ORDER BY T2Text').all(werther.TxID) as {
        T2Text: string;
      }[]
    ).map((r) => r.T2Text);
    expect(wertherTags).toEqual(['demo', 'goethe', 'literature']);
    // Parsed after the import: the reader has occurrences, and known terms are linked.
    expect(count('SELECT count(*) AS n FROM texts WHERE TxNeedsParse = 1')).toBe(0);
    expect(count('SELECT count(*) AS n FROM word_occurrences WHERE Ti2TxID = ?', werther.TxID)).toBeGreaterThan(100);

    expect(count('SELECT count(*) AS n FROM news_feeds')).toBe(6);
    expect(count("SELECT count(*) AS n FROM languages WHERE LgName LIKE 'LWT language%'")).toBe(0);
    const spiegel = s.core.sqlite.prepare("SELECT * FROM news_feeds WHERE NfName = 'Der Spiegel'").get() as Record<string, unknown>;
    expect(spiegel).toMatchObject({
      NfSourceURI: 'http://www.spiegel.de/schlagzeilen/index.rss',
      NfArticleSectionTags: '//p[@class="article-intro"] | //div[@class="article-section clearfix"]',
      NfOptions: 'edit_text=1,charset=meta',
      NfLgID: byName.get('German')!.LgID,
    });
    expect(String(spiegel.NfFilterTags)).toContain('js-module-box-image');
  });

  it('a second run adds nothing (merge)', async () => {
    const before = snapshot();
    const res = await importLwt(demoBytes());
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual({ languages: 0, terms: 0, texts: 0, feeds: 0, books: 0 });
    // 12 feeds: 6 already there, 6 whose language the file lacks, left out (not "already there": issue 51).
    expect(res.body.skipped).toMatchObject({ terms: 207, texts: 10, feeds: 6 });
    expect(res.body.left_out).toEqual({ feeds: 6 });
    expect(res.body.languages.find((l: { name: string }) => l.name === 'French')).toMatchObject({ conflict: true, action: 'merge' });
    expect(snapshot()).toEqual(before);
  });

  it("gives a feed without a language one of the learner's, as picked in the preview", async () => {
    const preview = await importLwt(demoBytes(), { preview: '1' });
    const orphans = preview.body.orphan_feeds as { index: number; name: string }[];
    const guardian = orphans.find((f) => f.name === 'The Guardian')!;
    const german = (s.core.sqlite.prepare("SELECT LgID FROM languages WHERE LgName = 'German'").get() as { LgID: number }).LgID;
    // A language that is not the caller's refuses the whole import, nothing stored.
    const before = snapshot();
    const foreign = await importLwt(demoBytes(), { feed_languages: JSON.stringify({ [guardian.index]: 99999 }) });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'language.notFound']);
    expect(snapshot()).toEqual(before);
    const res = await importLwt(demoBytes(), { feed_languages: JSON.stringify({ [guardian.index]: german }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toMatchObject({ languages: 0, feeds: 1 });
    // The other orphans were given no language: left out, never counted as "already there" (issue 51).
    expect(res.body.left_out).toEqual({ feeds: orphans.length - 1 });
    expect(s.core.sqlite.prepare("SELECT NfLgID FROM news_feeds WHERE NfName = 'The Guardian'").all()).toEqual([{ NfLgID: german }]);
  });

  it('rename puts conflicting languages under "Name (LWT)", once', async () => {
    const res = await importLwt(demoBytes(), { conflicts: 'rename' });
    expect(res.status).toBe(200);
    expect(res.body.languages.find((l: { name: string }) => l.name === 'German')).toMatchObject({ action: 'rename', targetName: 'German (LWT)' });
    const german2 = s.core.sqlite.prepare("SELECT LgID FROM languages WHERE LgName = 'German (LWT)'").get() as { LgID: number };
    expect(count('SELECT count(*) AS n FROM words WHERE WoLgID = ?', german2.LgID)).toBe(
      count("SELECT count(*) AS n FROM words JOIN languages ON LgID = WoLgID WHERE LgName = 'German'"),
    );
    const again = snapshot();
    const res2 = await importLwt(demoBytes(), { conflicts: 'rename' });
    expect(res2.body.created.terms).toBe(0);
    expect(snapshot()).toEqual(again);
  });
});

describe('malformed LWT files: clear error, nothing stored', () => {
  const refused = async (data: Uint8Array, message: RegExp, name = 'backup.sql.gz') => {
    const before = snapshot();
    const res = await importLwt(data, {}, name);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(snapshot()).toEqual(before);
  };
  const head = '-- lwt-backup-- \nCREATE TABLE `languages` (`LgID` int, `LgName` varchar(40), PRIMARY KEY (`LgID`));\n';

  it.skipIf(!hasFixtures)('truncated gzip', async () => {
    const bytes = demoBytes();
    await refused(bytes.subarray(0, Math.floor(bytes.length / 2)), /cut short|not a valid \.gz/);
  });

  it('a statement that is not an INSERT', async () => {
    await refused(
      zlib.gzipSync(head + "INSERT INTO languages VALUES (1, 'English');\nDELETE FROM words;\n"),
      /DELETE statement, which is never run \(line 4\)/,
    );
    await refused(zlib.gzipSync(head + "UPDATE languages SET LgName = 'x';\n"), /UPDATE statement/);
  });

  it('hostile strings stay data, unterminated ones are refused', async () => {
    await refused(
      zlib.gzipSync(head + "INSERT INTO languages VALUES (1, 'English');\nINSERT INTO words VALUES ('1', '1', 'it\\'s');\n"),
      /has 3 values but its CREATE TABLE has 0 columns|could not be read/,
    );
    await refused(zlib.gzipSync(head + "INSERT INTO languages VALUES (1, 'Eng\\'); DROP TABLE words; --);\n"), /Unterminated string/);
    // A quote-breaking payload inside a proper string is just a language name.
    const res = await importLwt(zlib.gzipSync(head + "INSERT INTO languages VALUES (1, 'x''); DROP TABLE words; --');\n"), { preview: '1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.languages[0].name).toBe("x'); DROP TABLE words; --");
  });

  it('not an LWT backup, empty, binary', async () => {
    await refused(zlib.gzipSync('CREATE TABLE `t` (`a` int);\nINSERT INTO t VALUES (1);\n'), /not an LWT backup/);
    await refused(zlib.gzipSync('-- lwt-backup\n'), /nothing to import/);
    await refused(new Uint8Array(0), /empty/);
    await refused(zlib.gzipSync(Buffer.from([0, 1, 2, 3, 0, 0])), /binary/);
  });

  it('a gzip bomb stops at the cap', async () => {
    await refused(BOMB, /unpacks to more than 256 MB/);
  }, 30_000);
});
