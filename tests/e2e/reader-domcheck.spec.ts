// Runs in: temporary DOM snapshot for the compact reader payload change (deleted afterwards).
import fs from 'node:fs';
import { test, expect, apiCall } from './fixtures';

const OUT = process.env.DOM_OUT ?? '/tmp/rv/dom';

test('dom snapshot', async ({ page }) => {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const ja = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Japanese' });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: de.LgID, WoText: 'Hund', WoStatus: 2, WoTranslation: 'dog' });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: de.LgID, WoText: 'sah', WoStatus: 99 });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: de.LgID, WoText: 'bellt', WoStatus: 98, WoTranslation: 'barks  loudly\nand long' });
  await apiCall(page, 'POST', '/api/v1/terms/multi', { WoLgID: de.LgID, WoText: 'einen Esel', WoStatus: 3, WoTranslation: 'a donkey' });
  await apiCall(page, 'POST', '/api/v1/terms/multi', { WoLgID: de.LgID, WoText: 'Esel sah er', WoStatus: 4 });
  const t = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: de.LgID,
    TxTitle: 'dom',
    TxText: 'Der Hund bellt. Der HUND schläft, einen Esel sah er.\r\n\r\nEin neuer Absatz mit 3.14 Zahlen: 10:30 Uhr und „Anführung“ im Text. einen Esel sah er nicht.\nZeile zwei.',
  });
  const j = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: ja.LgID, TxTitle: 'ja', TxText: '北風と太陽。北風が吹いた。\n「太陽」です。' });
  await page.goto(`/read/${t.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  const html = async () => (await page.locator('.reader-text').evaluate((e) => e.outerHTML)) + '\nLEGEND ' + (await page.locator('.reader-legend').innerText());
  fs.writeFileSync(`${OUT}-de.html`, await html());
  // Save a word through the panel, then set another with a key: recolouring in place.
  await page.locator('.w:not(.mw)', { hasText: 'Absatz' }).first().click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await panel.getByLabel('Translation').fill('paragraph');
  await panel.getByRole('button', { name: /Save/ }).click();
  await expect(page.locator('.w:not(.mw)', { hasText: 'Absatz' }).first()).toHaveAttribute('data-status', '1');
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.keyboard.press('4');
  await page.waitForTimeout(500);
  fs.writeFileSync(`${OUT}-de-after.html`, await html());
  await page.goto(`/read/${j.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  fs.writeFileSync(`${OUT}-ja.html`, await html());
});
