// The import preview counts words as the book page does (issue 31, item 6): each chapter's running words by the
// language's parser (Japanese through kuromoji, Chinese by characters), so the preview's per-chapter and total
// counts equal the stored book's. Real EPUBs from ../shared/fixtures, and built ones where no real one exists
// (a Gutenberg-style German EPUB with its header and licence, a Japanese book).
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import { makeEpub } from '../helpers/epub';

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
const lang: Record<string, number> = {};
beforeAll(async () => {
  for (const [LgName, LgIsoCode, LgParserType] of [
    ['English', 'en', undefined],
    ['German', 'de', undefined],
    ['Chinese', 'zh', 'character'],
    ['Japanese', 'ja', 'morphological'],
  ] as const) {
    const res = await s.client.post('/api/v1/languages', { LgName, LgIsoCode, ...(LgParserType ? { LgParserType } : {}) });
    expect(res.status).toBe(200);
    lang[LgIsoCode] = res.body.LgID;
  }
});

interface Preview {
  chapters: { title: string; words: number; matter: string | null }[];
  words: number;
  counted_with: number | null;
  language_id: number | null;
}
interface Book {
  words: number;
  chapters: { words: number }[];
}

/** Previews and imports a file with the preview's default choice; both answers. */
async function previewAndImport(name: string, data: Uint8Array, languageId: number): Promise<{ preview: Preview; book: Book }> {
  const preview = await s.client.upload('/api/v1/books/preview', { name, data });
  expect(preview.status).toBe(200);
  const created = await s.client.upload('/api/v1/books', { name, data }, { language_id: String(languageId) });
  expect(created.status).toBe(200);
  const book = await s.client.get(`/api/v1/books/${created.body.BkID}`);
  return { preview: preview.body, book: book.body };
}

/** The preview's kept chapters (front and back matter unticked, as by default) against the stored chapters. */
function expectSameCounts({ preview, book }: { preview: Preview; book: Book }) {
  const kept = preview.chapters.filter((c) => !c.matter).map((c) => c.words);
  expect(kept).toEqual(book.chapters.map((c) => c.words));
  expect(preview.words).toBe(book.words);
  expect(preview.words).toBe(kept.reduce((a, b) => a + b, 0));
}

const para = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((p) => `<p>${p}</p>`)
    .join('');

const KAFKA = [
  'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett zu einem ungeheueren Ungeziefer verwandelt.',
  'Er lag auf seinem panzerartig harten Rücken und sah, wenn er den Kopf ein wenig hob, seinen gewölbten, braunen, von bogenförmigen Versteifungen geteilten Bauch.',
  '„Was ist mit mir geschehen?“, dachte er. Es war kein Traum. Sein Zimmer, ein richtiges, nur etwas zu kleines Menschenzimmer, lag ruhig zwischen den vier wohlbekannten Wänden.',
  'Über dem Tisch, auf dem eine auseinandergepackte Musterkollektion von Tuchwaren ausgebreitet war – Samsa war Reisender –, hing das Bild, das er vor kurzem aus einer illustrierten Zeitschrift ausgeschnitten hatte (S. 12, z.B. um 6½ Uhr).',
].join('\n');

const JAPANESE = [
  '北風と太陽が、どちらが強いかで言い争っていました。',
  'そこへ、マントを着た旅人がやって来ました。「あの旅人のマントを脱がせた方が勝ちにしよう」と北風が言いました。',
  '北風はビュービューと吹きましたが、旅人はマントをしっかり押さえました。次に太陽がポカポカと照らすと、旅人は暑くなってマントを脱ぎました。',
].join('\n');

describe('the preview counts words as the book page does', () => {
  it.skipIf(!hasFixtures)("alice (English, the fixture): each chapter's words and the total equal the stored book's", async () => {
    const r = await previewAndImport('alice.epub', new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))), lang.en);
    expect(r.preview.counted_with).toBe(lang.en);
    expectSameCounts(r);
  });

  it.skipIf(!hasFixtures)('a Chinese Gutenberg EPUB (the fixture): counted by characters, as the character parser stores it', async () => {
    const r = await previewAndImport('pg24113.epub', new Uint8Array(fs.readFileSync(fixture('epub', 'gutenberg_pg24113-images-3.epub'))), lang.zh);
    expect(r.preview.counted_with).toBe(lang.zh);
    expectSameCounts(r);
    expect(r.preview.words).toBeGreaterThan(10_000);
  });

  it('a Gutenberg-style German EPUB: header and licence unticked, the story counted by the German parser', async () => {
    const data = await makeEpub({
      title: 'Die Verwandlung',
      language: 'de',
      docs: [
        {
          path: 'header.xhtml',
          body: para(
            'The Project Gutenberg eBook of Die Verwandlung\nThis ebook is for the use of anyone anywhere in the United States.\n*** START OF THE PROJECT GUTENBERG EBOOK DIE VERWANDLUNG ***',
          ),
        },
        { path: 'c1.xhtml', body: `<h1>I</h1>${para(KAFKA)}` },
        {
          path: 'c2.xhtml',
          body: `<h1>II</h1>${para(`${KAFKA.split('\n').reverse().join('\n')}\n*** END OF THE PROJECT GUTENBERG EBOOK DIE VERWANDLUNG ***`)}`,
        },
        {
          path: 'licence.xhtml',
          body: `<h1>THE FULL PROJECT GUTENBERG LICENSE</h1>${para('START: FULL LICENSE\nTo protect the Project Gutenberg™ mission of promoting the free distribution of electronic works, by using or distributing this work you agree to comply with all the terms of the Full Project Gutenberg™ License.')}`,
        },
      ],
    });
    const r = await previewAndImport('verwandlung.epub', data, lang.de);
    expect(r.preview.language_id).toBe(lang.de);
    expect(r.preview.counted_with).toBe(lang.de);
    expect(r.preview.chapters.map((c) => Boolean(c.matter))).toEqual([true, false, false, true]);
    expectSameCounts(r);
  });

  it('a Japanese book: counted by kuromoji, not by runs of letters', async () => {
    const data = await makeEpub({
      title: '北風と太陽',
      language: 'ja',
      docs: [
        { path: 'c1.xhtml', body: `<h1>一</h1>${para(JAPANESE)}` },
        { path: 'c2.xhtml', body: `<h1>二</h1>${para(`${JAPANESE}\n${JAPANESE}`)}` },
      ],
    });
    const r = await previewAndImport('kitakaze.epub', data, lang.ja);
    expect(r.preview.counted_with).toBe(lang.ja);
    expectSameCounts(r);
    // kuromoji's words: many more than the runs of letters between punctuation.
    expect(r.book.chapters[0].words).toBeGreaterThan(60);
  });

  it('a pasted text is counted by the language asked for; without one the counts are marked as an estimate', async () => {
    const text = `Erstes Kapitel\n\n${KAFKA}\n\nZweites Kapitel\n\n${KAFKA}`;
    const preview = await s.client.post('/api/v1/books/preview', { text, title: 'Kafka', language_id: lang.de });
    expect(preview.status).toBe(200);
    expect(preview.body.counted_with).toBe(lang.de);
    const created = await s.client.post('/api/v1/books', { text, title: 'Kafka', language_id: lang.de });
    const book = (await s.client.get(`/api/v1/books/${created.body.BkID}`)).body as Book;
    expectSameCounts({ preview: preview.body, book });
    const unknown = await s.client.post('/api/v1/books/preview', { text, title: 'Kafka' });
    expect(unknown.body.counted_with).toBeNull();
  });

  it("another learner's language is not found", async () => {
    const { languageId } = insertForeignLanguage(s.core, 'Secret');
    const res = await s.client.post('/api/v1/books/preview', { text: KAFKA, title: 'Kafka', language_id: languageId });
    expect(res.status).toBe(404);
  });
});
