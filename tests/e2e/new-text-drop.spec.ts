// Runs in: Playwright (Chromium). Issue 51 item 9: a .txt dropped anywhere on the New text page — its heading, its
// tabs, not only the form — fills the form (the page says "drop it anywhere on the window"); a second drop too.
// English and Spanish at 1280×800 and 360×740. Screenshots: new-text-drop-*.png.
import { test, expect, shot, apiCall, dropFile } from './fixtures';

const LABELS = { en: { text: 'Text', title: 'Title' }, es: { text: 'Texto', title: 'Título' } } as const;

for (const lang of ['en', 'es'] as const)
  test(`a .txt dropped on the New text page's heading or tabs fills the form (${lang})`, async ({ page }) => {
    await page.goto('/');
    const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English' });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lg.LgID) });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    const say = LABELS[lang];
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/texts/new');
      await expect(page.locator('h1')).toBeVisible();
      await dropFile(page, 'h1', 'The lighthouse.txt', Buffer.from('The keeper climbed the stairs.\n\nHe watched the sea.', 'utf8'));
      await expect(page.getByLabel(say.title, { exact: true })).toHaveValue('The lighthouse');
      await expect(page.getByLabel(say.text, { exact: true })).toHaveValue('The keeper climbed the stairs.\n\nHe watched the sea.');
      await shot(page, `new-text-drop-heading-${lang}-${width}x${height}`);
      // A second file, on the tabs, replaces the text.
      await page.getByLabel(say.title, { exact: true }).fill('');
      await dropFile(page, '.new-text-tabs', 'Second.txt', Buffer.from('Ships passed far away.', 'utf8'));
      await expect(page.getByLabel(say.text, { exact: true })).toHaveValue('Ships passed far away.');
      await expect(page.getByLabel(say.title, { exact: true })).toHaveValue('Second');
      await shot(page, `new-text-drop-tabs-${lang}-${width}x${height}`);
    }
  });
