// Kindle's My Clippings.txt through the term import over real HTTP (issue 48): the preview lists its books with
// their highlights; the import makes the one-word highlights status-1 terms (the book in the notes, a known term
// keeping its status) and each chosen book's longer highlights one text, tagged kindle-highlights.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { CLIPPINGS_TEXT_MAX_CHARS, readClippings } from '../../src-main/modules/terms/import-clippings';

let german: number;
let english: number;
const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  german = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID;
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const FILE = new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/kindle/My Clippings.txt')));
const upload = (p: string, language: number, fields: Record<string, string> = {}, data = FILE) =>
  s.client.upload(p, { name: 'My Clippings.txt', data }, { language_id: String(language), ...fields });
const terms = (lang: number) =>
  s.core.sqlite.prepare('SELECT WoText, WoStatus, WoNotes FROM words WHERE WoLgID = ? ORDER BY WoText').all(lang) as {
    WoText: string;
    WoStatus: number;
    WoNotes: string;
  }[];
const texts = (lang: number) =>
  s.core.sqlite.prepare('SELECT TxTitle, TxText FROM texts WHERE TxLgID = ? ORDER BY TxID').all(lang) as { TxTitle: string; TxText: string }[];

describe("Kindle's My Clippings.txt", () => {
  it('previews the books with their passages and words (Kindle interfaces in four languages), nothing stored', async () => {
    const res = await upload('/api/v1/terms/import/preview', german);
    expect(res.status).toBe(200);
    expect(res.body.clippings.books).toEqual([
      { title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll', passages: 2, words: 1 },
      { title: 'Die Verwandlung', author: 'Franz Kafka', passages: 1, words: 1 },
      { title: 'Niebla', author: 'Miguel de Unamuno', passages: 1, words: 1 },
      { title: 'Le Petit Prince', author: 'Antoine de Saint-Exupéry', passages: 1, words: 0 },
    ]);
    expect(res.body.rows).toBe(3);
    expect(terms(german)).toEqual([]);
    expect(texts(german)).toEqual([]);
  });

  it('imports the chosen book: its word as a status-1 term, its passage as a text; a known term keeps its status', async () => {
    await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'curiouser', WoStatus: 3 });
    const de = await upload('/api/v1/terms/import', german, { clippings_books: '1' });
    expect(de.status).toBe(200);
    expect(de.body).toMatchObject({ created: 1, texts: [{ title: 'Die Verwandlung (Franz Kafka)' }] });
    expect(terms(german)).toEqual([{ WoText: 'Ungeziefer', WoStatus: 1, WoNotes: 'Kindle: Die Verwandlung' }]);
    expect(texts(german)).toEqual([
      {
        TxTitle: 'Die Verwandlung (Franz Kafka)',
        TxText: 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett zu einem ungeheueren Ungeziefer verwandelt.',
      },
    ]);
    const tags = s.core.sqlite.prepare("SELECT count(*) AS n FROM text_tag_map JOIN text_tags ON T2ID = TtT2ID WHERE T2Text = 'kindle-highlights'").get() as {
      n: number;
    };
    expect(tags.n).toBe(1);

    const en = await upload('/api/v1/terms/import', english, { clippings_books: '0' });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ created: 0, skipped: 1 });
    expect(terms(english)).toEqual([expect.objectContaining({ WoText: 'curiouser', WoStatus: 3 })]);
    // Two passages, the one made longer kept whole; the note is not a passage.
    expect(texts(english)[0].TxText).toBe(
      'Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do.\n\n"Who in the world am I?" Ah, that\'s the great puzzle!',
    );
  });

  it('reads the same highlights pasted (LF, no BOM) as uploaded', async () => {
    const text = new TextDecoder()
      .decode(FILE)
      .replace(/^\uFEFF/, '')
      .replace(/\r\n/g, '\n');
    const res = await s.client.post('/api/v1/terms/import/preview', { language_id: german, text });
    expect(res.status).toBe(200);
    expect(res.body.clippings.books).toHaveLength(4);
  });

  it("cuts a book's highlights past a million characters into several texts", () => {
    const passage = 'word '.repeat(150_000).trim();
    const entry = (n: number) =>
      `Big Book (Someone)\n- Your Highlight on page ${n} | Location ${n}-${n} | Added on Monday, 3 March 2025 10:00:00\n\n${n} ${passage}\n==========\n`;
    const parsed = readClippings({ mode: 'import', language_id: 1, source: { text: '' } }, [1, 2].map(entry).join(''));
    expect(parsed.clippingTexts?.map((t) => t.title)).toEqual(['Big Book (Someone) (1)', 'Big Book (Someone) (2)']);
    expect(parsed.clippingTexts?.every((t) => t.text.length <= CLIPPINGS_TEXT_MAX_CHARS)).toBe(true);
  });
});
