// The Next words page from an imported Yomitan frequency dictionary (issue 50), in Chromium: the dictionary is
// uploaded as a .zip (index.json and a term_meta_bank of "freq" ranks), the page ranks the language's unknown
// words by it (known ones left out, the rank and the count in the library shown), the vocabulary-size bands say how
// many of the top 1,000 / 2,000 words are known, and ticked words are added as terms in one call (the list counts
// again). Switching to "my library" shows the library's own card; the statistics page's known-words curve counts
// the words known. Screenshots at three sizes and in dark mode.
import JSZip from 'jszip';
import type { Page } from '@playwright/test';
import { test, expect, shot, shotAtEachSize, apiCall } from './fixtures';
import { FakeAnkiConnect } from '../helpers/fake-ankiconnect';

async function uploadYomitanFrequencies(page: Page, languageId: number, ranks: [string, number][]) {
  const zip = new JSZip();
  zip.file('index.json', JSON.stringify({ title: 'English frequency', format: 3, revision: '1', frequencyMode: 'rank-based' }));
  zip.file('term_meta_bank_1.json', JSON.stringify(ranks.map(([word, rank]) => [word, 'freq', rank])));
  const base64 = await zip.generateAsync({ type: 'base64' });
  await page.evaluate(
    async ({ languageId, base64 }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      form.append('language_id', String(languageId));
      form.append('file', new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]), 'en-freq.zip');
      const res = await fetch('/api/v1/local-dictionaries/upload', { method: 'POST', headers: { 'X-CSRF-TOKEN': token }, body: form });
      if (!res.ok) throw new Error(`dictionary → ${res.status} ${await res.text()}`);
    },
    { languageId, base64 },
  );
}

test('next words ranked by an imported Yomitan frequency dictionary, with the vocabulary bands and Add as terms', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const english = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).LgID;
  await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: english, TxTitle: 'Pets', TxText: 'The cat sat on the mat. The dog ran to the cat and the house.' });
  const words = ['the', 'of', 'and', 'to', 'a', 'in', 'is', 'it', 'you', 'that', 'cat', 'dog', 'house', 'mat'];
  await uploadYomitanFrequencies(page, english, [...words.map((w, i): [string, number] => [w, i + 1]), ['sat', 1200], ['ran', 1800]]);
  for (const [word, status] of [
    ['the', 99],
    ['of', 5],
    ['sat', 5],
  ] as const)
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: english, WoText: word, WoStatus: status });

  await page.goto('/next-words');
  await expect(page.getByRole('combobox', { name: 'Ranked by' })).toHaveValue(/\d+/);
  await expect(page.getByRole('option', { name: 'Frequency list: English frequency (16 words)' })).toBeAttached();
  // Top 1,000: 14 words, the and of known; top 2,000 adds sat (known) and ran.
  await expect(page.getByTestId('vocabulary-estimate')).toHaveText('You know about 3 of the 16 most frequent words of this list.');
  const bands = page.locator('.next-words-band');
  await expect(bands).toHaveCount(2);
  await expect(bands.nth(0)).toContainText('2 of 14 known (14.3 %)');
  await expect(bands.nth(1)).toContainText('3 of 16 known (18.8 %)');

  const rows = page.locator('li.coverage-word');
  await expect(rows).toHaveCount(13);
  await expect(rows.nth(0)).toContainText('#3');
  await expect(rows.nth(0)).toContainText('and');
  await expect(rows.nth(8).locator('.coverage-word-text')).toHaveText('cat');
  await expect(rows.nth(8)).toContainText('×2');
  await expect(rows.nth(8).locator('.coverage-sentence b')).toHaveText('cat');
  await shot(page, 'next-words-frequency');

  // Tick five, add them in one call: they stay listed as being learned.
  for (const i of [0, 1, 2, 8, 9]) await rows.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Add 5 as terms' }).click();
  await expect(page.locator('.toast').last()).toContainText('5');
  await expect(rows.nth(8)).toContainText('learning (1)');
  await expect(rows.nth(8).getByRole('checkbox')).toBeDisabled();
  const terms = await apiCall(page, 'GET', `/api/v1/terms?language=${english}&status=1`);
  expect(terms.terms.map((t: { WoText: string }) => t.WoText).sort()).toEqual(['a', 'and', 'cat', 'dog', 'to']);
  await shotAtEachSize(page, 'next-words');

  // "Add and send to Anki": "house" becomes a term and goes to a fake AnkiConnect with "cat", already a term.
  const anki = await new FakeAnkiConnect().start();
  try {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'ankiConnectUrl', value: anki.url });
    await rows.nth(10).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add and send to Anki' }).click();
    await expect(page.locator('.toast').last()).toContainText('Anki: 1 added, 0 updated, 0 unchanged, 0 failed');
    expect(anki.notesOfModel('Lectio term').map((n) => [n.fields.Term, n.fields.Sentence])).toEqual([
      ['house', 'The dog ran to the cat and the <b>house</b>.'],
    ]);
  } finally {
    anki.close();
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await shot(page, 'next-words-dark');

  // By the library: the book page's card over every text of the language.
  await page.getByRole('combobox', { name: 'Ranked by' }).selectOption('library');
  await expect(page.getByTestId('coverage-figures')).toContainText('running words known now');
  await expect(page.locator('.next-words-band')).toHaveCount(0);

  // The statistics page's known-words curve: the three words known today (the, of, sat; 99 and 5).
  await page.goto('/profile/statistics');
  await expect(page.getByTestId('known-words-summary')).toContainText('You know 3 words now. +3 in 30 days.');
  await page.locator('#known-words-title').scrollIntoViewIfNeeded();
  await shot(page, 'statistics-known-words');
});
