// GET /texts/{id}/words in both views, and the cached reading payloads: the compact view carries the same
// items as the full one, and no cached payload outlives a change the reader would see.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import fs from 'node:fs';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import type { CompactReadingItems, ReaderView, ReadingItem, ReadingItems } from '../../src-shared/contract/reader';

const s = withServer({ language: { LgName: 'German' } });

const newText = async (text: string, lg = s.languageId) =>
  (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 't', TxText: text })).body.TxID as number;
const full = async (id: number) => (await s.client.get<ReadingItems>(`/api/v1/texts/${id}/words`)).body;
const compact = async (id: number) => (await s.client.get<CompactReadingItems>(`/api/v1/texts/${id}/words?view=compact`)).body;

/** The compact view read back as full items. */
function expand(c: CompactReadingItems): ReadingItem[] {
  return c.items.order.map((order, i) => {
    const [text, hex, kind] = c.forms[c.items.form[i]];
    const item: ReadingItem = {
      Ti2Order: order,
      Ti2WordCount: c.items.wordCount[i],
      Ti2WoID: c.items.termId[i] || null,
      text,
      hex,
      status: c.items.status[i],
      kind,
      sentence: c.items.sentence[i],
    };
    if (c.readings?.[i] !== undefined) item.reading = c.readings[i];
    return item;
  });
}

describe('compact view', () => {
  it('agrees with the full view item by item: words, punctuation, multi-word terms, statuses', async () => {
    const id = await newText('Der Hund, der Hund! Nach Hause gehen wir.\n\nDer Hund schläft 3.5 Stunden.');
    await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Hund', WoStatus: 3 });
    await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'nach Hause', WoStatus: 2 });
    const f = await full(id);
    const c = await compact(id);
    expect(c.TxID).toBe(f.TxID);
    expect(c.TxLgID).toBe(f.TxLgID);
    expect(expand(c)).toEqual(f.items);
    expect(f.items.filter((i) => i.Ti2WordCount === 2)).toHaveLength(1);
    expect(f.items.filter((i) => i.text === 'Hund').every((i) => i.status === 3)).toBe(true);
    // Each distinct token text is sent once.
    expect(c.forms.length).toBe(new Set(f.items.map((i) => `${i.kind}|${i.text}`)).size);
    expect(c.forms.length).toBeLessThan(f.items.length);
  });

  it.runIf(hasFixtures)('carries Japanese readings like the full view', async () => {
    const ja = (await s.client.post('/api/v1/languages', { LgName: 'Japanese', preset: 'ja' })).body.LgID;
    const text = fs.readFileSync(fixture('texts', 'ja_kitakaze_to_taiyou_lute.txt'), 'utf8').replace(/^#.*\n/gm, '');
    const id = await newText(text, ja);
    const f = await full(id);
    expect(f.items.some((i) => i.reading)).toBe(true);
    expect(expand(await compact(id))).toEqual(f.items);
  });

  it('refuses an unknown view and a foreign text', async () => {
    const id = await newText('Ein Satz.');
    expect((await s.client.get(`/api/v1/texts/${id}/words?view=tiny`)).status).toBe(400);
    const { languageId } = insertForeignLanguage(s.core);
    const foreign = Number(
      s.core.sqlite
        .prepare(
          "INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) SELECT ?, LgUsID, 'x', 'Geheim.', 0, 0 FROM languages WHERE LgID = ?",
        )
        .run(languageId, languageId).lastInsertRowid,
    );
    expect((await s.client.get(`/api/v1/texts/${foreign}/words?view=compact`)).status).toBe(404);
  });
});

describe('cached reading payloads never outlive a change', () => {
  const statusOf = (items: ReadingItem[], text: string) => items.find((i) => i.text === text && i.Ti2WordCount === 1)?.status;

  it('term created, changed, reviewed and deleted: both views and the reader see it at once', async () => {
    const id = await newText('Die Katze sieht die Maus.');
    for (const view of [full, compact]) await view(id); // warm every cache
    await s.client.get(`/api/v1/texts/${id}/reader`);
    const cat = (await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Katze', WoStatus: 1, WoTranslation: 'cat' })).body.WoID as number;
    expect(statusOf((await full(id)).items, 'Katze')).toBe(1);
    expect(statusOf(expand(await compact(id)), 'Katze')).toBe(1);
    await s.client.put(`/api/v1/terms/${cat}`, { WoStatus: 4 });
    expect(statusOf((await full(id)).items, 'Katze')).toBe(4);
    await s.client.put('/api/v1/review/status', { term_id: cat, status: 5 });
    expect(statusOf((await full(id)).items, 'Katze')).toBe(5);
    const reader = (await s.client.get<ReaderView>(`/api/v1/texts/${id}/reader`)).body;
    expect(reader.terms.translation[reader.terms.id.indexOf(cat)]).toBe('cat');
    await s.client.delete(`/api/v1/terms/${cat}`);
    expect(statusOf((await full(id)).items, 'Katze')).toBe(0);
    expect(statusOf(expand(await compact(id)), 'Katze')).toBe(0);
  });

  it('a payload patched after each term change reads like one built from scratch, in both views', async () => {
    // Each cached payload follows the changes (only the touched forms are read again); a second copy of the
    // text, stored after the changes, is built from nothing. Both views must agree with it item by item.
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Patchish' })).body.LgID as number;
    const text = 'Der Hund sieht den Hund. Der Hund und die Katze gehen nach Hause.\n\nNach Hause geht der Hund, die Katze nicht.';
    const id = await newText(text, lg);
    const items = (f: ReadingItems) => f.items;
    const agree = async (step: string) => {
      const fresh = await newText(text, lg);
      const expected = items(await full(fresh));
      expect(items(await full(id)), step).toEqual(expected);
      expect(expand(await compact(id)), step).toEqual(expected);
      await s.client.delete(`/api/v1/texts/${fresh}`);
    };
    const quick = async (WoText: string, WoStatus: number) =>
      (await s.client.post('/api/v1/terms/quick', { WoLgID: lg, WoText, WoStatus })).body.WoID as number;
    await agree('no terms');
    const hund = await quick('Hund', 1);
    await agree('term created');
    await quick('hund', 99);
    await agree('status 1 -> 99 (a longer value)');
    await s.client.put('/api/v1/review/status', { term_id: hund, status: 3 });
    await agree('review answer');
    const katze = await quick('Katze', 2);
    await s.client.delete(`/api/v1/terms/${hund}`);
    await agree('one term deleted, another created');
    await quick('Hund', 4);
    await agree('created again with a new id');
    const multi = (await s.client.post('/api/v1/terms/multi', { WoLgID: lg, WoText: 'nach Hause', WoStatus: 2 })).body.WoID as number;
    await agree('multi-word term created (new occurrences)');
    await s.client.put(`/api/v1/terms/multi/${multi}`, { WoStatus: 5 });
    await agree('multi-word status changed');
    await s.client.put(`/api/v1/terms/${katze}`, { WoText: 'Katzen' });
    await agree('a term renamed away from the text');
    await s.client.post(`/api/v1/texts/${id}/mark-all-known`);
    await agree('mark all known');
    await s.client.delete(`/api/v1/terms/${multi}`);
    await agree('multi-word term deleted');
    // A term of another language with the same text leaves this text alone.
    await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'sieht', WoStatus: 1 });
    await agree('a change in another language');
  });

  it('text edited and language settings changed: new items', async () => {
    const id = await newText('Eins zwei drei.');
    expect((await full(id)).items.map((i) => i.text).join('')).toBe('Eins zwei drei.');
    await s.client.put(`/api/v1/texts/${id}`, { TxText: 'Vier fünf.' });
    expect((await full(id)).items.map((i) => i.text).join('')).toBe('Vier fünf.');
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Testish' })).body.LgID;
    const t2 = await newText('ab-cd ef', lg);
    expect((await full(t2)).items.filter((i) => i.kind === 'word').map((i) => i.text)).toEqual(['ab', 'cd', 'ef']);
    await s.client.put(`/api/v1/languages/${lg}`, { LgRegexpWordCharacters: 'a-z\\-' });
    expect((await full(t2)).items.filter((i) => i.kind === 'word').map((i) => i.text)).toEqual(['ab-cd', 'ef']);
  });

  it('the reader payload reads the audio and reading position fresh', async () => {
    const id = await newText('Ein kurzer Text.');
    await s.client.get(`/api/v1/texts/${id}/reader`);
    await s.client.put(`/api/v1/texts/${id}/audio-position`, { position: 12.5 });
    expect((await s.client.get<ReaderView>(`/api/v1/texts/${id}/reader`)).body.text.TxAudioPosition).toBe(12.5);
  });
});
