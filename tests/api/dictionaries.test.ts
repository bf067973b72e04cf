// Local dictionaries over real HTTP: CRUD, ownership, imports of every real-world fixture (StarDict bundles
// packed into every archive type, CSV/JSON vocab, Yomitan) and the word-plus-lemma lookup.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import { ARCHIVE_KINDS, folderFiles, hasBzip2, hasXz, pack } from '../helpers/archives';

const s = withServer({ language: { LgName: 'Japanese' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });

const entryRows = (dictionaryId: number) =>
  (s.core.sqlite.prepare('SELECT COUNT(*) AS n FROM local_dictionary_entries WHERE LeLdID = ?').get(dictionaryId) as { n: number }).n;

async function newDictionary(name: string, lgId = s.languageId): Promise<number> {
  const res = await s.client.post('/api/v1/local-dictionaries', { LdLgID: lgId, LdName: name });
  expect(res.status).toBe(200);
  return res.body.LdID;
}

describe('local dictionaries CRUD', () => {
  it('creates, lists with counts, renames and deletes', async () => {
    const id = await newDictionary('My glossary');
    const list = await s.client.get(`/api/v1/local-dictionaries?language_id=${s.languageId}`);
    expect(list.status).toBe(200);
    expect(list.body.find((d: { LdID: number }) => d.LdID === id)).toMatchObject({ LdName: 'My glossary', LdEntryCount: 0, LdLgID: s.languageId });
    const renamed = await s.client.put(`/api/v1/local-dictionaries/${id}`, { LdName: 'Renamed' });
    expect(renamed.body.LdName).toBe('Renamed');
    expect((await s.client.delete(`/api/v1/local-dictionaries/${id}`)).body).toEqual({ success: true, deleted: 1 });
    expect((await s.client.delete(`/api/v1/local-dictionaries/${id}`)).status).toBe(404);
  });

  it('refuses a missing, foreign or non-positive language with the spec text', async () => {
    const { languageId: foreign } = insertForeignLanguage(s.core);
    for (const LdLgID of [foreign, 999_999, 0, -3]) {
      const res = await s.client.post('/api/v1/local-dictionaries', { LdLgID, LdName: 'x' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Language not found or access denied');
    }
    expect((await s.client.post('/api/v1/local-dictionaries', { LdLgID: s.languageId, LdName: '  ' })).status).toBe(400);
  });

  it('treats a foreign dictionary exactly like a missing one', async () => {
    const { userId, languageId: foreignLg } = insertForeignLanguage(s.core);
    const foreignId = Number(
      s.core.sqlite.prepare("INSERT INTO local_dictionaries (LdLgID, LdUsID, LdName, LdCreated) VALUES (?, ?, 'theirs', 0)").run(foreignLg, userId)
        .lastInsertRowid,
    );
    s.core.sqlite
      .prepare("INSERT INTO local_dictionary_entries (LeLdID, LeTerm, LeTermLC, LeDefinition) VALUES (?, 'secret', 'secret', 'hidden')")
      .run(foreignId);
    const missing = await s.client.put('/api/v1/local-dictionaries/987654', { LdName: 'x' });
    const foreign = await s.client.put(`/api/v1/local-dictionaries/${foreignId}`, { LdName: 'x' });
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.error).toBe('Dictionary not found');
    expect((await s.client.delete(`/api/v1/local-dictionaries/${foreignId}`)).status).toBe(404);
    const up = await s.client.upload(`/api/v1/local-dictionaries/${foreignId}/import`, { name: 'a.csv', data: Buffer.from('a,b\n') });
    expect(up.status).toBe(404);
    expect((await s.client.get('/api/v1/local-dictionaries')).body.some((d: { LdID: number }) => d.LdID === foreignId)).toBe(false);
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${foreignLg}&term=secret`);
    expect(look.status).toBe(404);
    expect(entryRows(foreignId)).toBe(1);
  });
});

describe('imports of plain files', () => {
  it('imports a CSV with a header, a BOM and semicolons', async () => {
    const id = await newDictionary('csv');
    const csv = '\ufeffWord;Translation;Reading\n犬;dog;いぬ\n猫;"cat; feline";ねこ\n;orphan;\n';
    const res = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: 'animals.csv', data: Buffer.from(csv) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'csv', imported: 2, skipped: 1, skipped_reasons: { empty_headword: 1 } });
    expect(res.body.dictionary.LdEntryCount).toBe(2);
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${s.languageId}&term=${encodeURIComponent('猫')}`);
    expect(look.body.entries[0]).toMatchObject({ LeTerm: '猫', LeDefinition: 'cat; feline', LeReading: 'ねこ', LdName: 'csv' });
  });

  it('imports a TSV without a header, with stray quotes kept', async () => {
    const id = await newDictionary('tsv');
    const res = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, {
      name: 'x.tsv',
      data: Buffer.from('Haus\t"house" (building)\r\nBaum\ttree\r\n'),
    });
    expect(res.body).toMatchObject({ imported: 2, skipped: 0 });
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${s.languageId}&term=haus`);
    expect(look.body.entries[0].LeDefinition).toBe('"house" (building)');
  });

  it('replaces the entries when asked to', async () => {
    const id = await newDictionary('replace');
    await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: 'a.tsv', data: Buffer.from('a\t1\nb\t2\n') });
    await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: 'a.tsv', data: Buffer.from('c\t3\n') });
    expect(entryRows(id)).toBe(3);
    const res = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: 'a.tsv', data: Buffer.from('d\t4\n') }, { replace: '1' });
    expect(res.body.dictionary.LdEntryCount).toBe(1);
    expect(entryRows(id)).toBe(1);
  });

  it('creates and imports in one step from an upload, named after the source', async () => {
    const res = await s.client.upload(
      '/api/v1/local-dictionaries/upload',
      { name: 'my-words.json', data: Buffer.from(JSON.stringify([{ word: 'x', meaning: 'y' }])) },
      { language_id: String(s.languageId) },
    );
    expect(res.status).toBe(200);
    expect(res.body.dictionary).toMatchObject({ LdName: 'my-words', LdEntryCount: 1, LdSourceFormat: 'json' });
  });
});

describe.skipIf(!hasFixtures)('real-world fixtures (../shared/fixtures)', () => {
  const stardict = [
    { dir: 'pyglossary_100-ja-en.sd', headwords: 100, synonyms: 111 },
    { dir: 'pyglossary_stardict-mixed-types-1.sd', headwords: 3, synonyms: 0 },
    { dir: 'sdcv_rus-eng-stardict-2.4.2', headwords: 1, synonyms: 0 },
    // 124 .syn rows; two only repeat their own headword and add nothing.
    { dir: 'sdcv_stardict-test_multiple_results-2.4.2', headwords: 246, synonyms: 122 },
    { dir: 'sdcv_stardict-test_synonyms-2.4.2', headwords: 2, synonyms: 2 },
  ];

  it(`imports every StarDict fixture packed as ${ARCHIVE_KINDS.join(', ')}${hasBzip2 && hasXz ? '' : ' (bzip2/xz CLI missing: those kinds skipped)'}`, async () => {
    for (const sd of stardict) {
      const files = folderFiles(fixture('stardict', sd.dir));
      for (const kind of ARCHIVE_KINDS) {
        const id = await newDictionary(`${sd.dir} ${kind}`);
        const res = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: `${sd.dir}.${kind}`, data: await pack(kind, files) });
        expect(res.status, `${sd.dir}.${kind}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toMatchObject({ format: 'stardict', imported: sd.headwords, skipped: 0 });
        expect(res.body.synonyms, sd.dir).toBe(sd.synonyms);
        expect(entryRows(id)).toBe(sd.headwords + res.body.synonyms);
        await s.client.delete(`/api/v1/local-dictionaries/${id}`);
      }
    }
  }, 120_000); // 25 imports, each in its own worker (issue 21)

  it('looks up StarDict headwords and synonyms', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'StarDict test', LgIsoCode: 'en' })).body.LgID;
    for (const sd of stardict) {
      const id = await newDictionary(sd.dir, lg);
      const res = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, {
        name: `${sd.dir}.zip`,
        data: await pack('zip', folderFiles(fixture('stardict', sd.dir))),
      });
      expect(res.status).toBe(200);
    }
    const get = (term: string) => s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${lg}&term=${encodeURIComponent(term)}`);
    const bark = await get('BARK');
    expect(bark.body.entries).toHaveLength(2);
    expect(bark.body.entries[0].LeDefinition).toBe('The harsh sound made by a dog.');
    expect((await get('человек')).body.entries[0].LeDefinition).toContain('man');
    expect((await get('Entry 2: two html')).body.entries[0].LeDefinition).toContain('<i>HTML text 2</i>');
    // .syn: "bar" leads to the article of "test" in the dictzip bundle.
    expect((await get('bar')).body.entries[0].LeDefinition).toBe('result of test');
    expect((await get('まる')).body.entries.length).toBeGreaterThan(0);
  }, 120_000);

  it('imports the pyglossary CSV and JSON vocab with alternates as synonyms', async () => {
    const csvId = await newDictionary('vocab csv');
    const csv = await s.client.upload(`/api/v1/local-dictionaries/${csvId}/import`, {
      name: 'pyglossary_100-ja-en.csv',
      data: fs.readFileSync(fixture('vocab', 'pyglossary_100-ja-en.csv')),
    });
    expect(csv.body).toMatchObject({ format: 'csv', imported: 100, skipped: 0 });
    expect(csv.body.synonyms).toBeGreaterThan(50);
    expect(csv.body.dictionary.LdDescription).toContain('Japanese Multilingual Dictionary');
    const jsonId = await newDictionary('vocab json');
    const json = await s.client.upload(`/api/v1/local-dictionaries/${jsonId}/import`, {
      name: 'pyglossary_100-ja-en.json',
      data: fs.readFileSync(fixture('vocab', 'pyglossary_100-ja-en.json')),
    });
    // The JSON holds one "" headword: skipped and counted, the import goes on.
    expect(json.body).toMatchObject({ format: 'json', imported: 100, skipped: 1, skipped_reasons: { empty_headword: 1 } });
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${s.languageId}&term=${encodeURIComponent('おけさ')}`);
    const fromVocab = look.body.entries.filter((e: { LdName: string }) => e.LdName.startsWith('vocab'));
    expect(fromVocab).toHaveLength(2);
    expect(fromVocab[0].LeDefinition).toContain('folk song');
    // おーい is an alternate spelling of おおい.
    const alt = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${s.languageId}&term=${encodeURIComponent('おーい')}`);
    expect(alt.body.entries.some((e: { LeDefinition: string }) => e.LeDefinition.includes('ahoy'))).toBe(true);
  });

  it('imports the Yomitan dictionary with structured content rendered to safe HTML', async () => {
    const id = await newDictionary('yomitan');
    const res = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, {
      name: 'surasura.zip',
      data: fs.readFileSync(fixture('yomitan', 'marvnc_Monolingual_surasura.zip')),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'yomitan', imported: 1422, skipped: 0 });
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${s.languageId}&term=${encodeURIComponent('ぞろり')}`);
    const def: string = look.body.entries[0].LeDefinition;
    expect(def).toContain('<li>多くのものが一つながりに並んでいるさま。</li>');
    expect(def).not.toMatch(/style=|data-|on\w+=/);
  });

  it('answers the lemma entries next to the word', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
    const id = await newDictionary('de', lg);
    await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: 'de.tsv', data: Buffer.from('gehen\tto go\nging\tpast of gehen\n') });
    const withHint = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${lg}&term=Ging&lemma=gehen`);
    expect(withHint.body).toMatchObject({ term: 'Ging', lemma: 'gehen' });
    expect(withHint.body.entries[0].LeDefinition).toBe('past of gehen');
    expect(withHint.body.lemma_entries[0].LeDefinition).toBe('to go');
    // Without a hint, the stored term's WoLemma is used.
    s.core.sqlite
      .prepare(
        "INSERT INTO words (WoLgID, WoText, WoTextLC, WoLemma, WoLemmaLC, WoStatus, WoCreated, WoModified, WoStatusChanged) VALUES (?, 'ging', 'ging', 'gehen', 'gehen', 1, 0, 0, 0)",
      )
      .run(lg);
    const stored = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${lg}&term=ging`);
    expect(stored.body.lemma).toBe('gehen');
    expect(stored.body.lemma_entries).toHaveLength(1);
    const self = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${lg}&term=gehen&lemma=Gehen`);
    expect(self.body.lemma_entries).toEqual([]);
    const none = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${lg}&term=nichts`);
    expect(none.body).toEqual({ term: 'nichts', lemma: null, entries: [], lemma_entries: [] });
  });
});
