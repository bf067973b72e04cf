// Texts API: create/read/update/delete, ownership, parsing into sentences and occurrences, library list,
// tags, .txt upload, audio position clamping, legacy routes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, insertForeignLanguage, insertForeignUser } from '../helpers/core';
import { sentenceTexts } from '../../src-main/modules/texts/sentences';
import { backgroundParsesIdle } from '../../src-main/modules/texts';
import { LOCAL_OWNER } from '../../src-main/db/scope';

const s = withServer({ language: { LgName: 'German' } });

const count = (sql: string, ...args: unknown[]) => (s.core.sqlite.prepare(sql).get(...args) as { n: number }).n;
const create = (body: Record<string, unknown>) => s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 'T', ...body });
/** A text's sentences as the vocabulary module reads them: spans of TxText by SeID. */
const sentencesOf = (textId: number) => {
  const ids = s.core.sqlite.prepare('SELECT SeID FROM sentences WHERE SeTxID = ? ORDER BY SeOrder').pluck().all(textId) as number[];
  const texts = sentenceTexts(s.core.sqlite, LOCAL_OWNER, ids);
  return ids.map((id) => texts.get(id));
};

describe('texts CRUD and parsing', () => {
  it('creates a text, stores sentences and word occurrences (no whitespace rows, NULL for unknown)', async () => {
    const res = await create({ TxTitle: 'Hund', TxText: 'Der Hund schläft. Der Hund träumt!', TextTags: { TagList: ['märchen, kurz', 'kurz'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ TxTitle: 'Hund', TxLgID: s.languageId, TxAudioPosition: 0, TxArchived: false, TextTags: ['kurz', 'märchen'] });
    const id = res.body.TxID;
    expect(count('SELECT count(*) n FROM sentences WHERE SeTxID = ?', id)).toBe(2);
    expect(sentencesOf(id)).toEqual(['Der Hund schläft.', 'Der Hund träumt!']);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(6);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WoID IS NULL', id)).toBe(6);
    const orders = s.core.sqlite
      .prepare('SELECT Ti2Order FROM word_occurrences WHERE Ti2TxID = ? ORDER BY Ti2Order')
      .all(id)
      .map((r: any) => r.Ti2Order);
    expect(orders).toEqual([1, 3, 5, 9, 11, 13]);
    expect((await s.client.get(`/api/v1/texts/${id}`)).body.TxText).toBe('Der Hund schläft. Der Hund träumt!');
  });

  it('updating the text parses it again', async () => {
    const id = (await create({ TxText: 'Eins zwei.' })).body.TxID;
    const upd = await s.client.put(`/api/v1/texts/${id}`, { TxText: 'Eins zwei drei vier.' });
    expect(upd.status).toBe(200);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(4);
    const titleOnly = await s.client.put(`/api/v1/texts/${id}`, { TxTitle: 'Neu' });
    expect(titleOnly.body.TxTitle).toBe('Neu');
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(4);
  });

  it('changing the language parsing settings re-parses its texts', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Splitty', LgRegexpWordCharacters: 'a-z' })).body.LgID;
    const id = (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'x', TxText: 'abc de' })).body.TxID;
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(2);
    expect((await s.client.put(`/api/v1/languages/${lg}`, { LgSplitEachChar: true })).status).toBe(200);
    // Marked in the change's transaction, parsed after it a few texts a turn.
    await backgroundParsesIdle(s.core.context());
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(5);
    expect(count('SELECT TxNeedsParse n FROM texts WHERE TxID = ?', id)).toBe(0);
  });

  it('switching a language to the Japanese analyzer before it has loaded: parsed when next opened', async () => {
    const lg = (
      await s.client.post('/api/v1/languages', {
        LgName: 'Nihongo',
        LgParserType: 'regex',
        LgRegexpWordCharacters: '\\u3040-\\u30ff\\u4e00-\\u9fff',
        LgRegexpSplitSentences: '。',
      })
    ).body.LgID;
    const id = (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'x', TxText: '北風と太陽。' })).body.TxID;
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(1);
    expect((await s.client.put(`/api/v1/languages/${lg}`, { LgParserType: 'morphological' })).status).toBe(200);
    expect(count('SELECT TxNeedsParse n FROM texts WHERE TxID = ?', id)).toBe(1);
    const words = (await s.client.get(`/api/v1/texts/${id}/words`)).body.items.filter((i: { Ti2WordCount: number }) => i.Ti2WordCount === 1);
    expect(words.map((w: { text: string }) => w.text)).toEqual(['北風', 'と', '太陽']);
    expect(count('SELECT TxNeedsParse n FROM texts WHERE TxID = ?', id)).toBe(0);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(3);
  });

  it('a pending parse stored a turn after it tokenized gives way to an edit made in between, and to a second reader', async () => {
    const id = (await create({ TxText: 'Alter Text hier.' })).body.TxID;
    s.core.sqlite.prepare('UPDATE texts SET TxNeedsParse = 1 WHERE TxID = ?').run(id);
    // Both readers tokenize the old text, then wait a turn; the edit stores its own parse within this turn.
    const readers = [s.core.dispatch('reader.words', { id }), s.core.dispatch('reader.words', { id })];
    const edited = s.core.dispatch('texts.update', { id, TxText: 'Ganz neuer Text mit mehr Wörtern.' });
    await Promise.all([...readers, edited]);
    expect(count('SELECT TxNeedsParse n FROM texts WHERE TxID = ?', id)).toBe(0);
    expect(sentencesOf(id)).toEqual(['Ganz neuer Text mit mehr Wörtern.']);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(6);

    // Two readers of a text no one edits: one stores the parse, the other finds it stored.
    s.core.sqlite.prepare('UPDATE texts SET TxNeedsParse = 1 WHERE TxID = ?').run(id);
    await Promise.all([s.core.dispatch('reader.words', { id }), s.core.dispatch('reader.words', { id })]);
    expect(count('SELECT TxNeedsParse n FROM texts WHERE TxID = ?', id)).toBe(0);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(6);
  });

  it('deletes a text with its sentences and occurrences', async () => {
    const id = (await create({ TxText: 'Weg damit.' })).body.TxID;
    expect((await s.client.delete(`/api/v1/texts/${id}`)).body).toEqual({ success: true, deleted: 1 });
    expect((await s.client.get(`/api/v1/texts/${id}`)).status).toBe(404);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', id)).toBe(0);
    expect(count('SELECT count(*) n FROM sentences WHERE SeTxID = ?', id)).toBe(0);
  });

  it("deleting a language takes its texts' occurrences with them (no parent check per occurrence row, a trigger instead)", async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Gone' })).body.LgID;
    const kept = (await create({ TxText: 'Bleibt hier. Bleibt.' })).body.TxID;
    const keptRows = count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', kept);
    const ids = [];
    for (const text of ['Eins zwei drei.', 'Vier fünf.'])
      ids.push((await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'x', TxText: text })).body.TxID);
    const ofGone = `SELECT count(*) n FROM word_occurrences WHERE Ti2TxID IN (${ids.join(',')})`;
    expect(count(ofGone)).toBe(5);
    expect((await s.client.delete(`/api/v1/languages/${lg}`)).status).toBe(200);
    expect(count(ofGone)).toBe(0);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ?', kept)).toBe(keptRows);
    expect(count('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID NOT IN (SELECT TxID FROM texts)')).toBe(0);
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const before = count('SELECT count(*) n FROM texts');
    const cases = [
      { TxText: '   ' },
      { TxTitle: '', TxText: 'x' },
      { TxLgID: -1, TxText: 'x' },
      { TxLgID: 'abc', TxText: 'x' },
      { TxText: 'x', TextTags: { TagList: ['gut, diesertagistvielzulangfürdengrenzwert'] } },
    ];
    for (const c of cases) {
      const res = await create(c);
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect(count('SELECT count(*) n FROM texts')).toBe(before);
    expect(count("SELECT count(*) n FROM text_tags WHERE T2Text = 'gut'")).toBe(0);
  });
});

describe('ownership', () => {
  it('refuses a text under a foreign or missing language', async () => {
    const { languageId } = insertForeignLanguage(s.core);
    for (const lg of [languageId, 999_999]) {
      const res = await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'x', TxText: 'y' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Language not found');
    }
    expect((await s.client.get(`/api/v1/texts/by-language/${languageId}`)).status).toBe(404);
  });

  it('a foreign text behaves as missing', async () => {
    const { userId, languageId } = insertForeignLanguage(s.core);
    const foreign = Number(
      s.core.sqlite
        .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, 'theirs', 'x', 0, 0)")
        .run(languageId, userId).lastInsertRowid,
    );
    expect((await s.client.get(`/api/v1/texts/${foreign}`)).status).toBe(404);
    expect((await s.client.put(`/api/v1/texts/${foreign}`, { TxTitle: 'mine' })).status).toBe(404);
    expect((await s.client.delete(`/api/v1/texts/${foreign}`)).status).toBe(404);
    expect((await s.client.put(`/api/v1/texts/${foreign}/audio-position`, { position: 3 })).status).toBe(404);
    expect((await s.client.put(`/api/v1/texts/${foreign}/archive`, { archived: true })).status).toBe(404);
    const list = await s.client.get('/api/v1/texts?perPage=200');
    expect(list.body.items.some((t: { TxID: number }) => t.TxID === foreign)).toBe(false);
    expect(count('SELECT TxArchived n FROM texts WHERE TxID = ?', foreign)).toBe(0);
  });

  it('moving a text to a foreign language is refused', async () => {
    const { languageId } = insertForeignLanguage(s.core);
    const id = (await create({ TxText: 'Bleib hier.' })).body.TxID;
    expect((await s.client.put(`/api/v1/texts/${id}`, { TxLgID: languageId })).status).toBe(404);
    expect((await s.client.get(`/api/v1/texts/${id}`)).body.TxLgID).toBe(s.languageId);
  });
});

describe('library', () => {
  it('lists with search, tag filter, sort, archive and per-text word counts', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Spanish' })).body.LgID;
    const a = (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'Alpha gato', TxText: 'Hola gato. Hola perro.', TextTags: { TagList: 'animales' } }))
      .body.TxID;
    const b = (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'Beta', TxText: 'Uno dos tres.' })).body.TxID;
    const page = await s.client.get(`/api/v1/texts?language=${lg}&sort=title`);
    expect(page.body.items.map((t: { TxID: number }) => t.TxID)).toEqual([a, b]);
    expect(page.body.items[0].counts).toEqual({ total: 3, unknown: 3, learning: 0, known: 0, ignored: 0 });
    expect(page.body.items[0].LgName).toBe('Spanish');
    expect((await s.client.get(`/api/v1/texts?language=${lg}&search=gat`)).body.items.map((t: { TxID: number }) => t.TxID)).toEqual([a]);
    expect((await s.client.get(`/api/v1/texts?language=${lg}&tag=animales`)).body.total).toBe(1);
    expect((await s.client.put(`/api/v1/texts/${b}/archive`, { archived: true })).body.TxArchived).toBe(true);
    expect((await s.client.get(`/api/v1/texts?language=${lg}`)).body.total).toBe(1);
    expect((await s.client.get(`/api/v1/texts?language=${lg}&archived=1`)).body.items[0].TxID).toBe(b);
    expect((await s.client.put(`/api/v1/texts/${b}/archive`, { archived: false })).body.TxArchived).toBe(false);
    const byLang = await s.client.get(`/api/v1/texts/by-language/${lg}`);
    expect(byLang.body.map((t: { TxID: number }) => t.TxID).sort()).toEqual([a, b].sort());
  });

  it('text tags: create, unique per user, at most 20 characters, counts, delete', async () => {
    const made = await s.client.post('/api/v1/text-tags', { T2Text: 'novela', T2Comment: 'long' });
    expect(made.status).toBe(200);
    expect((await s.client.post('/api/v1/text-tags', { T2Text: 'novela' })).status).toBe(409);
    const long = await s.client.post('/api/v1/text-tags', { T2Text: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/20 characters/);
    const list = (await s.client.get('/api/v1/text-tags')).body;
    expect(list.find((t: { T2Text: string }) => t.T2Text === 'animales').textCount).toBe(1);
    expect((await s.client.delete(`/api/v1/text-tags/${made.body.T2ID}`)).status).toBe(200);
    expect((await s.client.delete(`/api/v1/text-tags/${made.body.T2ID}`)).status).toBe(404);
  });

  it('a foreign text tag behaves as missing', async () => {
    const userId = insertForeignUser(s.core);
    const tag = Number(s.core.sqlite.prepare("INSERT INTO text_tags (T2UsID, T2Text) VALUES (?, 'theirs')").run(userId).lastInsertRowid);
    expect((await s.client.put(`/api/v1/text-tags/${tag}`, { T2Text: 'mine' })).status).toBe(404);
    expect((await s.client.delete(`/api/v1/text-tags/${tag}`)).status).toBe(404);
    expect((await s.client.get('/api/v1/text-tags')).body.some((t: { T2ID: number }) => t.T2ID === tag)).toBe(false);
    // The same name is free for this user.
    expect((await s.client.post('/api/v1/text-tags', { T2Text: 'theirs' })).status).toBe(200);
  });
});

describe('upload', () => {
  const up = (name: string, data: Uint8Array, fields: Record<string, string> = {}) =>
    s.client.upload('/api/v1/texts/upload', { name, data }, { TxLgID: String(s.languageId), ...fields });

  it('UTF-8 with BOM and CRLF: BOM stripped, line endings normalised when parsed', async () => {
    const res = await up('brief.txt', new Uint8Array(Buffer.from('\ufeffErste Zeile.\r\nZweite Zeile.\rDritte.', 'utf8')));
    expect(res.status).toBe(200);
    expect(res.body.TxTitle).toBe('brief');
    expect(res.body.TxText.startsWith('Erste')).toBe(true);
    expect(count('SELECT count(*) n FROM sentences WHERE SeTxID = ?', res.body.TxID)).toBe(3);
    expect(sentencesOf(res.body.TxID)).toEqual(['Erste Zeile.', 'Zweite Zeile.', 'Dritte.']);
  });

  it('UTF-16 with a BOM is converted', async () => {
    const res = await up('u16.txt', new Uint8Array([0xff, 0xfe, ...Buffer.from('Grüße aus Köln.', 'utf16le')]));
    expect(res.status).toBe(200);
    expect(res.body.TxText).toBe('Grüße aus Köln.');
  });

  it('other encodings, binary files and non-.txt files are refused, nothing written', async () => {
    const before = count('SELECT count(*) n FROM texts');
    const latin1 = await up('alt.txt', new Uint8Array(Buffer.from('Grüße', 'latin1')));
    expect(latin1.status).toBe(400);
    expect(latin1.body.error).toMatch(/not UTF-8/);
    expect((await up('bin.txt', new Uint8Array([104, 0, 105]))).status).toBe(400);
    expect((await up('book.epub', new Uint8Array(Buffer.from('PK')))).body.error).toMatch(/not a \.txt file/);
    expect(count('SELECT count(*) n FROM texts')).toBe(before);
  });

  it('a hard-wrapped file is stored as paragraphs (issue 31, item 4), unless joinWrappedLines is false', async () => {
    const line = 'Es war einmal ein Mann, der hatte einen Esel, welcher schon lange';
    const wrapped = [
      line,
      'Jahre die Säcke unverdrossen zur Mühle getragen hatte, dessen',
      'Kräfte aber nun zu Ende gingen, so dass er zur Arbeit nicht mehr',
      'taugte. Da dachte der Herr daran, ihn aus dem Futter zu schaffen.',
      '',
      'Aber der Esel merkte, dass kein guter Wind wehte, lief fort und',
      'machte sich auf den Weg nach Bremen.',
      '',
    ].join('\n');
    const joined = await up('esel.txt', new Uint8Array(Buffer.from(wrapped, 'utf8')));
    expect(joined.status).toBe(200);
    expect(joined.body.TxText.split('\n\n')).toHaveLength(2);
    expect(joined.body.TxText).toContain('schon lange Jahre die Säcke');
    // The sentence that spanned four lines is one sentence.
    expect(sentencesOf(joined.body.TxID)).toContain(
      'Es war einmal ein Mann, der hatte einen Esel, welcher schon lange Jahre die Säcke unverdrossen zur Mühle getragen hatte, dessen Kräfte aber nun zu Ende gingen, so dass er zur Arbeit nicht mehr taugte.',
    );
    const kept = await up('esel2.txt', new Uint8Array(Buffer.from(wrapped, 'utf8')), { joinWrappedLines: 'false' });
    expect(kept.body.TxText).toContain('schon lange\nJahre');
  });

  it.skipIf(!hasFixtures)('the Lute German fixture: title from its header, header not in the text', async () => {
    const res = await up('de.txt', new Uint8Array(fs.readFileSync(fixture('texts', 'de_grimm_bremer_stadtmusikanten_lute.txt'))));
    expect(res.status).toBe(200);
    expect(res.body.TxTitle).toBe('Die Bremer Stadtmusikanten');
    expect(res.body.TxText.startsWith('Es hatte ein Mann einen Esel')).toBe(true);
  });
});

describe('audio and reading position, finishing', () => {
  it('clamps the audio position: NaN and negatives to 0, above 24 hours to 24 hours', async () => {
    const id = (await create({ TxText: 'Hör zu.', TxAudioURI: 'https://example.org/a.mp3' })).body.TxID;
    const put = (position: unknown) => s.client.put(`/api/v1/texts/${id}/audio-position`, { position });
    expect((await put(12.75)).body).toEqual({ success: true, position: 12.75 });
    expect((await s.client.get(`/api/v1/texts/${id}`)).body.TxAudioPosition).toBe(12.75);
    expect((await put('NaN')).body.position).toBe(0);
    expect((await put(null)).body.position).toBe(0);
    expect((await put(-4)).body.position).toBe(0);
    expect((await put(1e9)).body.position).toBe(86400);
    expect((await put('Infinity')).body.position).toBe(86400);
    expect((await s.client.get(`/api/v1/texts/${id}`)).body.TxAudioPosition).toBe(86400);
  });

  it('reading position and finished', async () => {
    const id = (await create({ TxText: 'Ende gut.' })).body.TxID;
    expect((await s.client.put(`/api/v1/texts/${id}/reading-position`, { position: 3 })).body.position).toBe(3);
    const done = await s.client.post(`/api/v1/texts/${id}/finished`);
    expect(done.status).toBe(200);
    expect(done.body.TxFinishedAt).toBe(s.core.clock.now());
    expect(done.body.TxPosition).toBe(3);
  });
});

describe('deprecated routes', () => {
  it('/text/print-plain gives a printable page with deprecation headers; escapes the title', async () => {
    const id = (await create({ TxTitle: '<b>Drucken</b>', TxText: 'Absatz eins.\n\nAbsatz zwei.' })).body.TxID;
    const res = await s.client.get(`/text/print-plain?text=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('deprecation')).toBeTruthy();
    expect(res.headers.get('sunset')).toBeTruthy();
    expect(res.headers.get('link')).toMatch(/successor/);
    expect(res.text).toContain('&lt;b&gt;Drucken&lt;/b&gt;');
    expect(res.text).toContain('<p>Absatz zwei.</p>');
    expect((await s.client.get('/text/print-plain?text=999999')).status).toBe(404);
  });

  it('/text/read, /text/display and /text/edit redirect to their successors', async () => {
    for (const [from, to] of [
      ['/text/read?start=5', '/read/5'],
      ['/text/display?text=7', '/read/7'],
      ['/text/edit?id=9', '/texts/9/edit'],
      ['/text/edit?new=1', '/texts/new'],
      ['/text/read?start=javascript:x', '/texts'],
    ]) {
      const res = await s.client.get(from);
      expect([301, 302, 303, 307, 308]).toContain(res.status);
      expect(res.headers.get('location')).toBe(to);
      expect(res.headers.get('deprecation')).toBeTruthy();
    }
  });
});
