// The book page's "Words to learn" (issue 50), in Chromium: "Learn 8 words to reach 95 %" on a hand-counted book,
// the list in learning order with counts, local-dictionary translations and first sentences; ticking five words
// and "Add as terms" saves them (status 1, sentence, translation) and the figure says five of them are being
// learned; marking two of them well known lowers N. The list saves as CSV; the reader's book bar says the chapter's N. Screenshots at 1280×800, 1366×768 and 360×740, and in Spanish.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, shot, shotAtEachSize, apiCall } from './fixtures';

// 20 running words: dog×6 cat×4 sun×3 sea×2, red big old new hot once each.
const TEXT = 'Dog cat dog sun. Cat dog sea dog red cat. Sun dog big sea old. Cat dog new sun hot.';

async function uploadDictionary(page: Page, languageId: number, entries: { word: string; meaning: string }[]) {
  await page.evaluate(
    async ({ languageId, json }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      form.append('language_id', String(languageId));
      form.append('file', new Blob([json]), 'words.json');
      const res = await fetch('/api/v1/local-dictionaries/upload', { method: 'POST', headers: { 'X-CSRF-TOKEN': token }, body: form });
      if (!res.ok) throw new Error(`dictionary → ${res.status} ${await res.text()}`);
    },
    { languageId, json: JSON.stringify(entries) },
  );
}

test('the book page says how many words to learn for 95 % and adds the ticked ones as terms', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const english = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).LgID;
  const book = await apiCall(page, 'POST', '/api/v1/books', { title: 'Animals and weather', language_id: english, text: TEXT });
  await uploadDictionary(page, english, [
    { word: 'dog', meaning: 'perro' },
    { word: 'cat', meaning: 'gato' },
    { word: 'sun', meaning: 'sol' },
  ]);

  await page.goto(`/book/${book.BkID}`);
  const section = page.locator('section.book-coverage');
  const figures = section.getByTestId('coverage-figures');
  await expect(figures).toContainText('Learn 8 words to reach 95 %.');
  await expect(figures).toContainText('9 words for 98 %.');
  await expect(figures).toContainText('0 % of its 20 running words known now.');
  const rows = section.locator('li.coverage-word');
  await expect(rows).toHaveCount(9);
  await expect(rows.nth(0)).toContainText('dog');
  await expect(rows.nth(0)).toContainText('×6');
  await expect(rows.nth(0)).toContainText('perro');
  await expect(rows.nth(0).locator('.coverage-sentence b')).toHaveText('Dog');
  await expect(rows.nth(4)).toContainText('red');
  await section.scrollIntoViewIfNeeded();
  await shotAtEachSize(page, 'book-coverage-list', () => section.scrollIntoViewIfNeeded());

  // The list as CSV, in learning order.
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'CSV' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('rank,word,count,translation,sentence');
  expect(csv[1]).toBe('1,dog,6,perro,{Dog} cat dog sun.');

  // Tick five words, add them in one call.
  for (let i = 0; i < 5; i++) await rows.nth(i).getByRole('checkbox').check();
  await section.getByRole('button', { name: 'Add 5 as terms' }).click();
  await expect(figures).toContainText('(5 of them already being learned.)');
  await expect(rows.nth(0)).toContainText('learning (1)');
  await expect(rows.nth(0).getByRole('checkbox')).toBeDisabled();
  const terms = await apiCall(page, 'GET', `/api/v1/terms?language_id=${english}&per_page=50`);
  const saved = terms.terms as { WoID: number; WoText: string; WoStatus: number; WoTranslation: string; WoSentence: string }[];
  const dog = saved.find((w) => w.WoText === 'dog');
  expect(dog).toMatchObject({ WoStatus: 1, WoTranslation: 'perro', WoSentence: '{Dog} cat dog sun.' });
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'book-coverage-added');

  // Known now (status 99): the figure drops; the book's known share follows.
  const ids = saved.filter((w) => ['dog', 'cat'].includes(w.WoText)).map((w) => w.WoID);
  for (const id of ids) await apiCall(page, 'PUT', '/api/v1/review/status', { term_id: id, status: 99 });
  await page.reload();
  // 10 known (dog 6, cat 4); 19 needed: sun 3, sea 2, red, big, old, new = 6 words, 3 of them being learned.
  await expect(figures).toContainText('Learn 6 words to reach 95 %. (3 of them already being learned.)');
  await expect(figures).toContainText('50 % of its 20 running words known now.');
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'book-coverage-known');

  // The reader's book bar says the chapter's figure.
  await page.goto(`/read/${book.chapters[0].text_id}`);
  await expect(page.getByTestId('chapter-coverage')).toHaveText('6 words to learn for 95 % of this chapter');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'book-coverage-reader-bar-360');
});
