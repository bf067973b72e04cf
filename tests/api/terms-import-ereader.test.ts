// E-reader word lists through the term import over real HTTP (issue 48): Kindle's vocab.db and Kobo's
// KoboReader.sqlite, real SQLite files read by sql.js in the worker. The preview says how many words are new, how
// many are terms already and which languages the file holds; the import makes status-1 terms of the chosen
// language with the lookup's sentence and the book's title, known terms keep their status; other or damaged SQLite
// files and foreign-language-only lists are refused with nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeKindleVocab, makeKoboReader, makeOtherSqlite } from '../helpers/ereader';

let german: number;
let english: number;
const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  german = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID;
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const terms = (lang: number) =>
  s.core.sqlite.prepare('SELECT WoText, WoStatus, WoSentence, WoNotes, WoLemma FROM words WHERE WoLgID = ? ORDER BY WoText').all(lang) as {
    WoText: string;
    WoStatus: number;
    WoSentence: string;
    WoNotes: string;
    WoLemma: string;
  }[];
const count = () => (s.core.sqlite.prepare('SELECT count(*) AS n FROM words').get() as { n: number }).n;
const upload = (path: string, name: string, data: Uint8Array, language: number) => s.client.upload(path, { name, data }, { language_id: String(language) });

const vocab = () =>
  makeKindleVocab(
    [
      { word: 'Häuser', stem: 'Haus', lang: 'de', usage: 'Die Häuser am Fluss waren alt.', book: 'b1' },
      { word: 'lief', stem: 'laufen', lang: 'de', usage: 'Er lief schnell nach Hause.', book: 'b1' },
      { word: 'lief', stem: 'laufen', lang: 'de', usage: 'Sie lief davon.', book: 'b2' },
      { word: 'Mühle', lang: 'de', usage: 'Die alte Mühle stand still.', book: 'b2' },
      { word: 'wistful', lang: 'en', usage: 'She gave a wistful smile.', book: 'b3' },
    ],
    { b1: { title: 'Der Fluss', lang: 'de' }, b2: { title: 'Die Mühle', lang: 'de' }, b3: { title: 'A Smile', lang: 'en' } },
  );

describe("Kindle's vocab.db", () => {
  it('previews: new and existing words of the language, the languages it holds, rows as they will be imported', async () => {
    const known = await s.client.post('/api/v1/terms', { WoLgID: german, WoText: 'mühle', WoStatus: 4, WoTranslation: 'mill' });
    expect(known.status).toBeLessThan(300);
    const res = await upload('/api/v1/terms/import/preview', 'vocab.db', vocab(), german);
    expect(res.status).toBe(200);
    expect(res.body.ereader).toEqual({ kind: 'kindle', languages: { de: 3, en: 1 }, words: 3, existing: 1, new: 2 });
    expect(res.body.roles).toEqual(['term', 'lemma', 'status', 'sentence', 'notes']);
    expect(res.body.sample[1]).toEqual(['Häuser', 'Haus', '1', 'Die {Häuser} am Fluss waren alt.', 'Kindle: Der Fluss']);
  });

  it('imports the German words as status-1 terms with the sentence and book; a known term keeps its status', async () => {
    const res = await upload('/api/v1/terms/import', 'vocab.db', vocab(), german);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, skipped: 1 });
    expect(terms(german)).toEqual([
      { WoText: 'Häuser', WoStatus: 1, WoSentence: 'Die {Häuser} am Fluss waren alt.', WoNotes: 'Kindle: Der Fluss', WoLemma: 'Haus' },
      { WoText: 'lief', WoStatus: 1, WoSentence: 'Er {lief} schnell nach Hause.', WoNotes: 'Kindle: Der Fluss; Die Mühle', WoLemma: 'laufen' },
      expect.objectContaining({ WoText: 'mühle', WoStatus: 4 }),
    ]);
  });

  it("imports Kobo's word list, with the book's title", async () => {
    const kobo = makeKoboReader(
      [
        { text: 'wistful', suffix: '', volume: 'file:///mnt/onboard/smile.epub' },
        { text: 'Fernweh', suffix: '-de', volume: 'file:///mnt/onboard/weit.epub' },
      ],
      { 'file:///mnt/onboard/smile.epub': 'A Smile', 'file:///mnt/onboard/weit.epub': 'Weit' },
    );
    const preview = await upload('/api/v1/terms/import/preview', 'KoboReader.sqlite', kobo, english);
    expect(preview.body.ereader).toMatchObject({ kind: 'kobo', languages: { en: 1, de: 1 }, words: 1 });
    const res = await upload('/api/v1/terms/import', 'KoboReader.sqlite', kobo, english);
    expect(res.status).toBe(200);
    expect(terms(english)).toEqual([{ WoText: 'wistful', WoStatus: 1, WoSentence: '', WoNotes: 'Kobo: A Smile', WoLemma: null }]);
  });

  it("fills each word's translation from the learner's local dictionaries (the word's entry, else its stem's)", async () => {
    const dutch = (await s.client.post('/api/v1/languages', { LgName: 'Dutch', LgIsoCode: 'nl' })).body.LgID;
    const dict = await s.client.upload(
      '/api/v1/local-dictionaries/upload',
      {
        name: 'nl.json',
        data: Buffer.from(
          JSON.stringify([
            { word: 'huis', meaning: '<b>house</b>' },
            { word: 'molen', meaning: 'mill' },
          ]),
        ),
      },
      { language_id: String(dutch) },
    );
    expect(dict.status).toBe(200);
    const nl = makeKindleVocab(
      [
        { word: 'huizen', stem: 'huis', lang: 'nl', usage: 'De huizen waren oud.', book: 'b' },
        { word: 'molen', lang: 'nl', usage: 'De molen draait.', book: 'b' },
        { word: 'fiets', lang: 'nl', usage: 'Hij pakt de fiets.', book: 'b' },
      ],
      { b: { title: 'Het Dorp', lang: 'nl' } },
    );
    const res = await upload('/api/v1/terms/import', 'vocab.db', nl, dutch);
    expect(res.status).toBe(200);
    const rows = s.core.sqlite.prepare('SELECT WoText, WoTranslation FROM words WHERE WoLgID = ? ORDER BY WoText').all(dutch);
    expect(rows).toEqual([
      { WoText: 'fiets', WoTranslation: '' },
      { WoText: 'huizen', WoTranslation: 'house' },
      { WoText: 'molen', WoTranslation: 'mill' },
    ]);
  });

  const refusals: [string, () => Uint8Array, string][] = [
    ['another SQLite database', makeOtherSqlite, 'import.notEReaderDb'],
    [
      'a damaged database (SQLite header, garbage after)',
      () => {
        const bytes = vocab();
        for (let i = 100; i < bytes.length; i += 7) bytes[i] ^= 0x5a;
        return bytes;
      },
      'import.ereaderDamaged',
    ],
    [
      'a word list with no word of the language',
      () => makeKindleVocab([{ word: 'chat', lang: 'fr', usage: 'Le chat dort.', book: 'b' }], { b: { title: 'Chats', lang: 'fr' } }),
      'import.noEReaderWords',
    ],
  ];
  for (const [what, make, code] of refusals)
    it(`refuses ${what}, nothing stored`, async () => {
      const before = count();
      for (const path of ['/api/v1/terms/import/preview', '/api/v1/terms/import']) {
        const res = await upload(path, 'vocab.db', make(), german);
        expect([res.status, res.body.code]).toEqual([400, code]);
      }
      expect(count()).toBe(before);
    });

  it('refuses a file over the 50 MB cap before reading it (a 2 GB vocab.db is refused the same way, unread)', async () => {
    const res = await s.client.upload('/api/v1/terms/import', { name: 'vocab.db', data: new Uint8Array(51 * 1024 * 1024) }, { language_id: String(german) });
    expect(res.status).toBe(413);
  });
});
