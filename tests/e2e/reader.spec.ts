// Reader journeys in Chromium: paste a German text, click a word, save a translation with status 2 and see
// every occurrence recolour without a reload; a two-word term by selection; Japanese and Chinese fixtures
// split into words. Screenshots go to tests/artifacts/.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot, apiCall, FIXTURES, hasFixtures } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');
const fixtureText = (name: string) => fs.readFileSync(path.join(FIXTURES, 'texts', name), 'utf8');

test.skip(!hasFixtures, 'the shared fixtures folder (../shared/fixtures) is missing');

test('paste a German text, save a word with status 2, every occurrence recolours without reload', async ({ page }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await page.goto('/texts/new');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'German' });
  await page.getByLabel('Title').fill('Die Bremer Stadtmusikanten');
  await page.getByLabel('Text', { exact: true }).fill(fixtureText('de_grimm_bremer_stadtmusikanten_lute.txt'));
  await shot(page, 'reader-new-text');
  await page.getByRole('button', { name: 'Save and read' }).click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  const esel = page.locator(`.w[data_hex="${sha('esel')}"]`);
  await expect(esel.first()).toBeVisible();
  const occurrences = await esel.count();
  expect(occurrences).toBeGreaterThan(1);
  await expect(esel.first()).toHaveAttribute('data-status', '0');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await shot(page, 'reader-german-unknown');

  await esel.first().click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Translation').fill('donkey');
  await panel.getByRole('radio', { name: '2' }).click();
  await panel.getByRole('button', { name: /Save/ }).click();
  for (let i = 0; i < occurrences; i++) await expect(esel.nth(i)).toHaveAttribute('data-status', '2');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(page.locator('.w.mw')).toHaveCount(0);
  await shot(page, 'reader-german-after-save');

  // Hover shows the translation.
  await page.keyboard.press('Escape');
  await esel.nth(1).hover();
  await expect(page.getByRole('tooltip')).toContainText('donkey');

  // Keyboard: next unknown word, then number key 5 sets its status.
  await page.keyboard.press('j');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

/** Every test has its own server: set the German text up through the API. */
async function germanText(page: import('@playwright/test').Page): Promise<number> {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: de.LgID,
    TxTitle: 'Die Bremer Stadtmusikanten',
    TxText: fixtureText('de_grimm_bremer_stadtmusikanten_lute.txt').replace(/^(#.*\r?\n)+/, ''),
  });
  return text.TxID;
}

test('a two-word term by shift-click selection', async ({ page }) => {
  await germanText(page);
  await page.goto('/texts');
  await page.getByRole('link', { name: 'Die Bremer Stadtmusikanten' }).first().click();
  const first = page.locator(`.w[data_hex="${sha('einen')}"]`).first();
  const second = page.locator(`.w[data_hex="${sha('esel')}"]`).first();
  await first.click();
  await page.keyboard.press('Escape');
  await first.click();
  await second.click({ modifiers: ['Shift'] });
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel.locator('.word-panel-word')).toHaveText('einen Esel');
  await panel.getByLabel('Translation').fill('a donkey');
  await panel.getByRole('button', { name: /Save/ }).click();
  const group = page.locator(`.w.mw[data_hex="${sha('einen esel')}"]`);
  await expect(group.first()).toBeVisible();
  await expect(group.first()).toHaveAttribute('data-status', '1');
  await shot(page, 'reader-german-multiword');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await page.goto('/texts');
  await expect(page.getByRole('table')).toContainText('Die Bremer Stadtmusikanten');
  await shot(page, 'library-dark');
  await page.getByRole('link', { name: 'Die Bremer Stadtmusikanten' }).first().click();
  await expect(page.locator('.w').first()).toBeVisible();
  await page
    .locator(`.w[data_hex="${sha('mann')}"]`)
    .first()
    .click();
  await shot(page, 'reader-german-dark-panel');
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
});

test('Japanese and Chinese fixture texts are split into words', async ({ page }) => {
  await page.goto('/');
  const ja = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Japanese' });
  const zh = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Chinese (Simplified)' });
  const body = (name: string) => fixtureText(name).replace(/^(#.*\r?\n)+/, '');
  const jt = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: ja.LgID, TxTitle: '北風と太陽', TxText: body('ja_kitakaze_to_taiyou_lute.txt') });
  const zt = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: zh.LgID, TxTitle: '故乡', TxText: body('zh_luxun_guxiang_lute.txt') });

  await page.goto(`/read/${jt.TxID}`);
  await expect(page.locator(`.w[data_hex="${sha('北風')}"]`).first()).toHaveText('北風');
  await expect(page.locator(`.w[data_hex="${sha('太陽')}"]`).first()).toHaveText('太陽');
  expect(await page.locator('.reader-text .w').count()).toBeGreaterThan(40);
  await shot(page, 'reader-japanese');

  await page.goto(`/read/${zt.TxID}`);
  const zhWords = page.locator('.reader-text .w');
  await expect(zhWords.first()).toBeVisible();
  const texts = await zhWords.evaluateAll((els) => els.slice(0, 40).map((e) => e.textContent ?? ''));
  // Words since issue 46 (the Chinese segmenter), not one character each.
  expect(texts.some((t) => [...t].length > 1)).toBe(true);
  await shot(page, 'reader-chinese');
});

test('a 20,000-word chapter opens whole (no page splitting), right-to-left languages read right to left', async ({ page }) => {
  await page.goto('/');
  const en = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English' });
  const words = ['the', 'old', 'man', 'walked', 'slowly', 'along', 'river', 'while', 'birds', 'sang'];
  const sentences: string[] = [];
  for (let i = 0; i < 2000; i++) sentences.push(`${words.map((w, k) => words[(k + i) % 10]).join(' ')}.${i % 8 === 7 ? '\n\n' : ' '}`);
  const long = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: en.LgID, TxTitle: 'Long chapter', TxText: sentences.join('') });
  const started = Date.now();
  await page.goto(`/read/${long.TxID}`);
  await expect(page.locator('.reader-text .w').nth(19_999)).toBeAttached();
  const openMs = Date.now() - started;
  expect(await page.locator('.reader-text .w').count()).toBe(20_000);
  test.info().annotations.push({ type: 'open-20k-words-ms', description: String(openMs) });
  await page.locator('.content').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
  await shot(page, 'reader-20k-words-middle');

  const ar = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Arabic' });
  const at = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: ar.LgID, TxTitle: 'مرحبا', TxText: 'مرحبا، كيف حالك؟ أنا بخير، شكرا.' });
  await page.goto(`/read/${at.TxID}`);
  await expect(page.locator('.reader-text')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.reader-text .w')).toHaveCount(6);
  await shot(page, 'reader-arabic-rtl');
});
