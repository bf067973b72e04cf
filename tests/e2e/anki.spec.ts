// Anki: export a language from the Anki screen, drop the package back on the window (re-import with summary),
// and drop a deck built elsewhere to create terms through the wizard (note type, fields, language, preview).
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot, apiCall, dropFile, FIXTURES, hasFixtures } from './fixtures';

test('export a language, then drop the package back on the window to re-import it', async ({ page }) => {
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
  for (const [WoText, WoTranslation, WoStatus] of [
    ['Haus', 'house', 2],
    ['Baum', 'tree', 99],
    ['gehen', 'to go', 1],
  ] as const) {
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lang.LgID, WoText, WoTranslation, WoStatus });
  }
  await page.goto('/anki');
  await expect(page.getByRole('heading', { name: 'Export to Anki' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language to export' })).toHaveValue(String(lang.LgID));
  await shot(page, 'anki-overview');

  const downloadPromise = page.waitForEvent('download');
  await page.keyboard.press('Control+e');
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^lectio-German-\d{4}-\d{2}-\d{2}\.apkg$/);
  const data = fs.readFileSync(await download.path());
  expect(data.subarray(0, 2).toString()).toBe('PK');

  await page.goto('/settings');
  await dropFile(page, '.app', 'lectio-German.apkg', data);
  await page.getByRole('button', { name: /Changes to my Lectio terms/ }).click();
  await expect(page).toHaveURL(/\/vocabulary\/apkg\/import/);
  const summary = page.getByLabel('Re-import summary');
  await expect(summary).toContainText('Notes in package3');
  await expect(summary).toContainText('Unchanged3');
  await expect(summary).toContainText('Skipped (no Lectio id)0');
  await shot(page, 'anki-reimport-summary');

  // A file that is not an Anki package gets a clear message on the page.
  await page.getByTestId('apkg-file').setInputFiles({ name: 'notes.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from('not a zip') });
  await expect(page.locator('#main').getByRole('alert')).toContainText('Not an Anki package (.apkg): the file is not a zip archive');
});

test('drop a deck built elsewhere and create its terms through the wizard', async ({ page }) => {
  test.skip(!hasFixtures, 'needs ../shared/fixtures/apkg');
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
  await page.goto('/anki');
  await dropFile(page, '.app', 'Alphabet Word.apkg', fs.readFileSync(path.join(FIXTURES, 'apkg', 'mujing_Alphabet_Word.apkg')));
  await page.getByRole('button', { name: /A deck made elsewhere/ }).click();
  await expect(page).toHaveURL(/\/anki\/import-deck/);
  await expect(page.getByText('26 notes · collection.anki21b (schema 18)')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Term field' })).toHaveValue('Front');
  await expect(page.getByRole('combobox', { name: /Translation field/ })).toHaveValue('Back');
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.locator('tbody tr').first().locator('td').first()).toHaveText('apple');
  await shot(page, 'anki-deck-choices');

  await page.getByRole('button', { name: /Create new terms in English/ }).click();
  const summary = page.getByLabel('Deck import summary');
  await expect(summary).toContainText('New terms created26');
  await expect(summary).toContainText('Created with status 126');
  await shot(page, 'anki-deck-summary');

  // Running it again creates nothing; shown in dark mode.
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await page.getByRole('button', { name: 'Back to the choices' }).click();
  await page.getByRole('button', { name: /Create new terms in English/ }).click();
  await expect(summary).toContainText('New terms created0');
  await expect(summary).toContainText('Already known (unchanged)26');
  await shot(page, 'anki-deck-dark');
});
