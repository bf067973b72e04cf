// Runs in: Playwright (Chromium). Issue 31, what Lectio shows is current: after moving in, a restore or "Empty
// database" the switcher and Home follow without a reload; the word panel follows "Known up to here"; the
// language switcher leaves an open text; "Empty database" without restore insists on a backup first.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { test as base, expect, shot, apiCall, startServe, stopServe, FIXTURES, hasFixtures, type LectioServer } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');
const switcher = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: 'Current language' });

const test = base.extend<{ server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({ BACKUP_RESTORE_ENABLED: 'true' });
    await use(server);
    await stopServe(server);
  },
});

test('moving in, emptying and restoring refresh the switcher and Home without a reload', async ({ page }) => {
  test.skip(!hasFixtures, 'needs ../shared/fixtures');
  await page.goto('/');
  await expect(page.getByText('Start with a language')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('link', { name: /Move in from LWT/ })
    .first()
    .click();
  await page.getByTestId('import-file').setInputFiles(path.join(FIXTURES, 'migrate', 'lwt_demo_backup.sql.gz'));
  await page.getByTestId('import-preview').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 90_000 });
  await expect(switcher(page).locator('option', { hasText: 'French' })).toHaveCount(1);
  await shot(page, 'trust-after-move-in');

  // Back up, empty: the switcher says there is no language, Home starts again.
  await page.getByRole('link', { name: 'Backup', exact: true }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const data = fs.readFileSync(await (await downloadPromise).path());
  await page.getByRole('button', { name: 'Empty database…' }).click();
  await page.getByRole('button', { name: /Continue without a backup/ }).click();
  await page.getByLabel('Confirmation').fill('EMPTY');
  await page.getByRole('button', { name: 'Empty the database' }).click();
  await expect(page.getByText(/Database emptied/)).toBeVisible();
  await expect(switcher(page).locator('option', { hasText: 'French' })).toHaveCount(0);

  // Restore: the languages are back in the switcher.
  await page.getByTestId('restore-file').setInputFiles({ name: 'backup.zip', mimeType: 'application/zip', buffer: data });
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('restore-summary')).toBeVisible({ timeout: 60_000 });
  await expect(switcher(page).locator('option', { hasText: 'French' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('#main').getByText('Loading…')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Start with a language')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await shot(page, 'trust-after-restore');
});

/** A German text and a second language, through the API. */
async function germanText(page: import('@playwright/test').Page): Promise<{ text: number; french: number }> {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const fr = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'French' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Kurz', TxText: 'Der Hund bellt laut. Die Katze schläft.' });
  return { text: text.TxID, french: fr.LgID };
}

test('the word panel follows "Known up to here"', async ({ page }) => {
  const { text } = await germanText(page);
  await page.goto(`/read/${text}`);
  await page.locator(`.w[data_hex="${sha('laut')}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel).toContainText('New word');
  await page.getByRole('button', { name: 'Known up to here' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark known' }).click();
  await expect(page.locator(`.w[data_hex="${sha('laut')}"]`)).toHaveAttribute('data-status', '99');
  await expect(panel).not.toContainText('New word');
  await expect(panel.getByRole('radio', { name: 'Well known' })).toBeChecked();
  await shot(page, 'trust-panel-after-known-up-to-here');
});

test('picking another language while a text is open leaves for its library', async ({ page }) => {
  const { text, french } = await germanText(page);
  await page.goto(`/read/${text}`);
  await expect(page.locator(`.w[data_hex="${sha('hund')}"]`)).toBeVisible();
  await expect(switcher(page)).toHaveValue(/\d+/);
  await switcher(page).selectOption({ label: 'French' });
  await expect(page).toHaveURL(/\/texts$/);
  await expect(switcher(page)).toHaveValue(String(french));
  await shot(page, 'trust-switch-language-from-reader');
});

base('"Empty database" on a server that cannot restore asks for a backup first and offers no way around it', async ({ page }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await page.goto('/settings/backup');
  await expect(page.getByTestId('restore-off')).toBeVisible();
  await page.getByRole('button', { name: 'Empty database…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('nothing here can bring your library back');
  await expect(dialog.getByRole('button', { name: /Continue without a backup/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Download a backup first/ })).toBeVisible();
  await shot(page, 'trust-empty-without-restore');
});
