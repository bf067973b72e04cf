// Issue 21, items 1, 2, 5, 10: hostile Anki packages and dictionaries, each refused with a clear 4xx while the
// server keeps answering, nothing is stored, the database stays sound and memory stays bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { makeZip } from '../helpers/archives';
import { expectRefusedSafely, gzipBomb, hostileApkgs, overlappingStarDict, PNG, randomBytes, rawZip, zipOf } from './hostile';

let s: TestServer;
/** Junk that parses into nothing: refused naming what was expected. */
const NO_ENTRIES = /holds no dictionary entries|has no readable (rows|entries)|has no entries with a definition/;
let languageId: number;

beforeAll(async () => {
  // The watchers ping /api/v1/version every 25 ms: far past the default per-minute budget.
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000' } });
  languageId = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
  // First-use costs that are not the hostile file's: the worker bundle (sources only) and sql.js.
  await s.client.upload('/api/v1/apkg/inspect', { name: 'warm.apkg', data: await hostileApkgs.notAZip() });
}, 60_000);
afterAll(async () => s?.close());

describe('hostile Anki packages', { timeout: 90_000 }, () => {
  it('refuses a collection whose col, notes or notetypes is a view (endless recursive CTE, randomblob), on inspect, re-import and deck import', async () => {
    const recursiveCol = await hostileApkgs.recursiveCol();
    expect(recursiveCol.length).toBeLessThan(2000);
    const asView = /is a view, not a table; it was refused/;
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'col.apkg', data: recursiveCol }, asView);
    await expectRefusedSafely(s, '/api/v1/apkg/import', { name: 'col.apkg', data: recursiveCol }, asView);
    await expectRefusedSafely(s, '/api/v1/apkg/import-deck', { name: 'col.apkg', data: recursiveCol }, asView, {
      language_id: String(languageId),
      note_type_id: '1',
      term_field: 'Front',
    });
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'notes.apkg', data: await hostileApkgs.recursiveNotes() }, asView);
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'blob.apkg', data: await hostileApkgs.randomblobNotes() }, asView);
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'nt.apkg', data: await hostileApkgs.notetypesView() }, asView);
  });

  it('refuses triggers', async () => {
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'trigger.apkg', data: await hostileApkgs.trigger() }, /holds triggers/);
  });

  it('refuses zstd and zip bombs before or while inflating, and corrupt data', async () => {
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'zstd.apkg', data: await hostileApkgs.zstdDeclaredBomb() }, /unpacks to more than 64 MB/);
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'rle.apkg', data: await hostileApkgs.zstdRleBomb() }, /unpacks to more than 64 MB/);
    await expectRefusedSafely(
      s,
      '/api/v1/apkg/inspect',
      { name: 'lying.apkg', data: await hostileApkgs.lyingZipEntry() },
      /more than its header declares|decompression bomb/,
    );
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'corrupt.apkg', data: await hostileApkgs.corruptZstd() }, /not valid zstd data/);
    await expectRefusedSafely(s, '/api/v1/apkg/inspect', { name: 'junk.apkg', data: await hostileApkgs.notAZip() }, /Not an Anki package/);
  });
});

describe('hostile dictionaries', { timeout: 90_000 }, () => {
  const upload = '/api/v1/local-dictionaries/upload';
  const fields = () => ({ language_id: String(languageId) });

  it('refuses a StarDict whose .idx points thousands of times at one large region of the .dict (item 2)', async () => {
    const bomb = await zipOf(overlappingStarDict(5000, 1024 * 1024));
    expect(bomb.length).toBeLessThan(40_000);
    await expectRefusedSafely(s, upload, { name: 'bomb.zip', data: bomb }, NO_ENTRIES, fields());
    // Articles under the per-definition limit, repeated: refused by the stored-bytes budget (20× the upload).
    const repeated = await zipOf(overlappingStarDict(5000, 60 * 1024));
    await expectRefusedSafely(s, upload, { name: 'repeated.zip', data: repeated }, /would store more than 1 MB of text \(limit: 20 times the upload/, fields());
    await expectRefusedSafely(s, upload, { name: 'few.zip', data: await zipOf(overlappingStarDict(300, 1024 * 1024)) }, NO_ENTRIES, fields());
  });

  it('refuses junk instead of creating empty dictionaries, and invalid UTF-8 (item 5)', async () => {
    await expectRefusedSafely(s, upload, { name: 'random.csv', data: randomBytes(20_000) }, /not a text file|not valid UTF-8/, fields());
    await expectRefusedSafely(s, upload, { name: 'image.csv', data: PNG }, /not a text file|not valid UTF-8/, fields());
    await expectRefusedSafely(
      s,
      upload,
      { name: 'latin1.csv', data: Buffer.from('Haus,h\xe4uschen\nBaum,tree\n', 'latin1') },
      /not valid UTF-8 text/,
      fields(),
    );
    // 50 MB on one line: streamed to a temporary file, read and parsed in the worker (the main thread never holds it).
    await expectRefusedSafely(s, upload, { name: 'line.csv', data: Buffer.alloc(50 * 1024 * 1024, 0x61) }, NO_ENTRIES, fields());
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    await expectRefusedSafely(s, upload, { name: 'deep.json', data: Buffer.from(deep) }, NO_ENTRIES, fields());
    await expectRefusedSafely(s, upload, { name: 'empty-object.json', data: Buffer.from('{"a": {"b": {"c": {}}}}') }, NO_ENTRIES, fields());
  });

  it('refuses archive tricks: traversal, absolute paths, bombs, too many entries', async () => {
    const good = overlappingStarDict(1, 10);
    await expectRefusedSafely(
      s,
      upload,
      { name: 'evil.zip', data: await makeZip([...good, { name: '../evil.txt', data: Buffer.from('x') }]) },
      /climbs out of its folder/,
      fields(),
    );
    await expectRefusedSafely(
      s,
      upload,
      { name: 'abs.zip', data: await makeZip([...good, { name: '/etc/evil', data: Buffer.from('x') }]) },
      /absolute path/,
      fields(),
    );
    await expectRefusedSafely(s, upload, { name: 'bomb.tar.gz', data: gzipBomb() }, /decompression bomb/, fields());
    const many = Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }));
    await expectRefusedSafely(s, upload, { name: 'many.zip', data: rawZip(many) }, /entries; at most 500/, fields());
  });

  it('stores dictionary HTML only after DOMPurify, and keeps a source website only when it is http(s)', async () => {
    const csv = [
      'term,definition',
      'Haus,"<b onclick=""alert(1)"">house</b><script>alert(2)</script><img src=x onerror=alert(3)><a href=""javascript:alert(4)"">x</a>"',
      'Baum,<i>tree</i>',
    ].join('\n');
    const res = await s.client.upload(upload, { name: 'html.csv', data: Buffer.from(csv) }, fields());
    expect(res.status, res.text).toBe(200);
    const stored = s.core.sqlite
      .prepare('SELECT LeTerm, LeDefinition FROM local_dictionary_entries WHERE LeLdID = ? ORDER BY LeTerm')
      .all(res.body.dictionary.LdID) as { LeTerm: string; LeDefinition: string }[];
    expect(stored).toEqual([
      { LeTerm: 'Baum', LeDefinition: '<i>tree</i>' },
      { LeTerm: 'Haus', LeDefinition: '<b>house</b>x' },
    ]);
  });
});
