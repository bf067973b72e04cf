// Issue 48 in Chromium: a PDF (Chromium's own print of Alice, with a running header, page numbers and words
// hyphenated at line ends) dropped on the window, its preview, and its first chapter in the reader as reading text;
// an FB2 book with its chapters and picture; a Kindle book (calibre's AZW3 of Alice) with its chapters and pictures;
// a Kindle vocab.db on the Vocabulary import, its preview and its terms.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot, apiCall, dropFile } from './fixtures';
import { makeFb2 } from '../helpers/fb2';
import { makeKindleVocab } from '../helpers/ereader';

const PDFS = path.resolve(import.meta.dirname, '../fixtures/pdf');

test('a PDF: preview from its bookmarks, then chapter 1 in the reader without header, page numbers or broken words', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await page.goto('/books');
  await dropFile(page, '.app', 'alice.pdf', fs.readFileSync(path.join(PDFS, 'alice-chromium.pdf')));
  await expect(page).toHaveURL(/\/book\/import$/);
  await expect(page.getByText("from the PDF's bookmarks")).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.book-preview-chapters li')).toHaveCount(3);
  await expect(page.locator('.book-preview-chapters li').first()).toContainText('Down The Rabbit-Hole');
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'English' });
  await shot(page, 'book-formats-pdf-preview');

  await page.getByRole('button', { name: 'Import 3 chapters' }).click();
  await expect(page).toHaveURL(/\/book\/\d+$/, { timeout: 60_000 });
  await page.locator('.book-chapters tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  const reader = page.locator('.reader-host');
  await expect(reader).toContainText('Alice was beginning to get very tired');
  // Words Chromium broke at line ends are whole again; the running header and page numbers are gone.
  await expect(reader).toContainText('no pictures or conversations in it');
  await expect(reader).not.toContainText("Alice's Adventures in Wonderland");
  await shot(page, 'book-formats-pdf-reader');
});

test('an FB2 book: chapters from its sections, its picture and cover', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  const jpeg = new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/images/rabbit-progressive.jpg')));
  const fb2 = makeFb2({
    title: 'The Mill on the River',
    author: ['Jane', 'Writer'],
    cover: 'cover.jpg',
    binaries: { 'cover.jpg': { type: 'image/jpeg', data: jpeg } },
    chapters: [
      { title: 'The Mill', paragraphs: ['The river ran past the old mill.', '[picture:cover.jpg]', 'Children played there every summer.'] },
      { title: 'The Song', paragraphs: ['They sang an old song:', '[poem]Row, row, row your boat|Gently down the stream'] },
      { title: 'The Storm', paragraphs: ['A storm came over the hills at night.'] },
    ],
  });
  await page.goto('/books');
  await dropFile(page, '.app', 'mill.fb2', Buffer.from(fb2));
  await expect(page.getByText("from the book's sections (FB2)")).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.book-preview-chapters li')).toHaveCount(3);
  await shot(page, 'book-formats-fb2-preview');
  await page.getByRole('button', { name: 'Import 3 chapters' }).click();
  await expect(page).toHaveURL(/\/book\/\d+$/, { timeout: 60_000 });
  await expect(page.locator('.book-chapters tbody tr')).toHaveCount(3);
  await shot(page, 'book-formats-fb2-book');
});

test('a Kindle book (AZW3): chapters from its table of contents, then a chapter with its pictures in the reader', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await page.goto('/books');
  await dropFile(page, '.app', 'alice.azw3', fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/kindle/alice.azw3')));
  await expect(page).toHaveURL(/\/book\/import$/);
  await expect(page.getByText("from the Kindle book's table of contents")).toBeVisible({ timeout: 60_000 });
  const chapters = page.locator('.book-preview-chapters li');
  await expect(chapters).toHaveCount(11);
  await expect(chapters.nth(1)).toContainText('Down The Rabbit-Hole');
  await expect(page.locator('.book-preview img').first()).toBeVisible(); // the cover
  await shot(page, 'book-formats-kindle-preview');
  await page.getByRole('button', { name: /^Import \d+ chapters/ }).click();
  await expect(page).toHaveURL(/\/book\/\d+$/, { timeout: 60_000 });
  await page.locator('.book-chapters tbody tr').filter({ hasText: 'Down The Rabbit-Hole' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  await expect(page.locator('.reader-host')).toContainText('Alice was beginning to get very tired');
  await expect(page.locator('.reader-host figure img').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'book-formats-kindle-reader');
});

test('a Kindle vocab.db on the Vocabulary import: new and known words, languages, then the terms with their sentences', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: de.LgID, WoText: 'Mühle', WoStatus: 4, WoTranslation: 'mill' });
  const vocab = makeKindleVocab(
    [
      { word: 'Häuser', stem: 'Haus', lang: 'de', usage: 'Die Häuser am Fluss waren alt.', book: 'b1' },
      { word: 'lief', stem: 'laufen', lang: 'de', usage: 'Er lief schnell nach Hause.', book: 'b1' },
      { word: 'Mühle', lang: 'de', usage: 'Die alte Mühle stand still.', book: 'b1' },
      { word: 'wistful', lang: 'en', usage: 'She gave a wistful smile.', book: 'b2' },
    ],
    { b1: { title: 'Der Fluss', lang: 'de' }, b2: { title: 'A Smile', lang: 'en' } },
  );
  await page.goto('/vocabulary/import');
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption({ label: 'German' });
  await page.getByRole('tab', { name: 'File' }).click();
  await page.getByLabel('File to import').setInputFiles({ name: 'vocab.db', mimeType: 'application/octet-stream', buffer: Buffer.from(vocab) });
  await expect(page.locator('.ereader-summary')).toContainText("Kindle's Vocabulary Builder: 2 new words of this language, 1 already terms", {
    timeout: 60_000,
  });
  await expect(page.locator('.ereader-summary')).toContainText('de 3, en 1');
  await shot(page, 'book-formats-vocab-preview');
  await page.getByRole('button', { name: /^Import 3 rows/ }).click();
  await expect(page.locator('.import-result')).toContainText('2 new');
  await page.goto('/vocabulary');
  await expect(page.getByRole('link', { name: 'Häuser' })).toBeVisible();
  await shot(page, 'book-formats-vocab-terms');
});
