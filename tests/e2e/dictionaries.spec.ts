// Dictionaries page: import by file picker, by dropping on the page and on the window (from another
// screen), progress and summary, lookup with word and lemma, rename and delete, a refused file, dark mode.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot, apiCall, dropFile, FIXTURES, hasFixtures } from './fixtures';

test('import, look up, rename and delete dictionaries', async ({ page }) => {
  test.skip(!hasFixtures, 'needs ../shared/fixtures (vocab CSV and the Yomitan zip)');
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Japanese' });
  await page.goto('/local-dictionaries');
  await expect(page.getByRole('heading', { name: 'No dictionaries for Japanese yet' })).toBeVisible();
  await shot(page, 'dictionaries-empty');

  // File picker (the I shortcut opens it; the test sets the file on the hidden input).
  await page.getByTestId('dictionary-file').setInputFiles(path.join(FIXTURES, 'vocab', 'pyglossary_100-ja-en.csv'));
  const status = page.getByTestId('import-status');
  await expect(status).toContainText('100 headwords imported into Sample: Japanese-English FreeDict Dictionary');
  const table = page.getByRole('table', { name: 'Dictionaries' });
  await expect(table).toContainText('100');
  await expect(table).toContainText('CSV');

  // Drop on the page's zone: the Yomitan dictionary.
  await dropFile(page, '.dict-dropzone', 'surasura.zip', fs.readFileSync(path.join(FIXTURES, 'yomitan', 'marvnc_Monolingual_surasura.zip')));
  await expect(status).toContainText('1,422 headwords imported');
  await expect(table).toContainText('Yomitan');
  await shot(page, 'dictionaries-imported');

  // Lookup box: entries render (sanitized HTML), a click copies the plain text.
  await page.keyboard.press('/');
  await page.getByRole('searchbox', { name: 'Word to look up' }).fill('ぞろり');
  const entry = page.locator('.dict-entry').first();
  await expect(entry).toContainText('多くのものが一つながりに並んでいるさま。');
  await expect(entry.locator('li').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Word to look up' }).fill('おけさ');
  await expect(page.locator('.dict-entry').first()).toContainText('folk song');
  await shot(page, 'dictionaries-lookup');
  await page.locator('.dict-entry').first().click();
  await expect(page.getByText('Definition copied')).toBeVisible();

  // Rename inline, delete with confirmation.
  const row = table.getByRole('row', { name: /surasura/ });
  await row.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'Dictionary name' }).fill('Onomatopoeia');
  await page.keyboard.press('Enter');
  await expect(table).toContainText('Onomatopoeia');
  await table
    .getByRole('row', { name: /Onomatopoeia/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('dialog')).toContainText('Delete Onomatopoeia?');
  await shot(page, 'dictionaries-delete-confirm');
  await page.getByRole('button', { name: 'Delete dictionary' }).click();
  await expect(table).not.toContainText('Onomatopoeia');
  const left = await apiCall(page, 'GET', `/api/v1/local-dictionaries?language_id=${lang.LgID}`);
  expect(left).toHaveLength(1);

  // A UTF-16 file is refused with its reason, and nothing is added.
  await page
    .getByTestId('dictionary-file')
    .setInputFiles({ name: 'utf16.csv', mimeType: 'text/csv', buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n', 'utf16le')]) });
  await expect(status).toContainText('encoded as UTF-16LE; save it as UTF-8');
  await shot(page, 'dictionaries-refused');
  expect(await apiCall(page, 'GET', `/api/v1/local-dictionaries?language_id=${lang.LgID}`)).toHaveLength(1);
});

test('a dictionary file dropped on another screen is imported for the current language', async ({ page }) => {
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await dropFile(page, '.app', 'deutsch.tsv', Buffer.from('gehen\tto go\nging\tpast tense of gehen\n'));
  await expect(page).toHaveURL(/\/local-dictionaries/);
  await expect(page.getByTestId('import-status')).toContainText('2 headwords imported into deutsch');
  await page.getByRole('searchbox', { name: 'Word to look up' }).fill('gehen');
  await expect(page.locator('.dict-entry')).toContainText('to go');
  await shot(page, 'dictionaries-dark');
});
