// Every screen right (issue 20), layout: tables fit their cards (vocabulary import result, Anki deck preview), the
// Anki re-import page highlights Anki in the sidebar, and a phone-sized window folds the navigation behind a menu
// button while the reader takes the full width. Screenshots in both themes go to tests/artifacts/layout-*.png.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { test, expect, shot, apiCall, hasFixtures, FIXTURES } from './fixtures';

/** The element's box lies inside the container's box (1 px of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator) {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x, 'left edge inside').toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width, 'right edge inside').toBeLessThanOrEqual(b.x + b.width + 1);
}

test('vocabulary import from JSON: HTML definitions become text and the result table fits its card', async ({ page, server }) => {
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lg.LgID) });
  const long = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenauszahlungsstelle';
  const words = [
    { term: 'Haus', translation: '<p>house</p><ul><li>building</li><li>home</li></ul>', tags: ['noun'] },
    { term: long, translation: `${'a very long definition that goes on and on '.repeat(8)}${long}` },
    { term: 'Hund', translation: 'dog' },
  ];
  await page.goto('/vocabulary/import');
  await page.getByRole('tab', { name: 'File' }).click();
  await page.getByLabel('File to import').setInputFiles({ name: 'words.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(words)) });
  await page.getByRole('button', { name: /^Import 3 rows$/ }).click();
  const result = page.locator('.import-result-table');
  await expect(result).toBeVisible();
  await expect(result).toContainText('house');
  await expect(result).not.toContainText('<li>');
  const card = page.locator('section.card').filter({ has: result });
  await expectInside(result, card);
  await expectInside(result.locator('table'), card);
  await shot(page, 'layout-vocabulary-import-json-light');
  const terms = await apiCall(page, 'GET', `/api/v1/terms?language_id=${lg.LgID}&q=Haus`);
  expect(JSON.stringify(terms)).toContain('house\\nbuilding; home');
  void server;
});

test('the Anki deck preview fits its card, and the re-import page highlights Anki in the sidebar', async ({ page }) => {
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });

  await page.goto('/vocabulary/apkg/import');
  await expect(page.locator('.sidebar a.active')).toHaveCount(1);
  await expect(page.locator('.sidebar a.active')).toHaveText('Anki');

  test.skip(!hasFixtures, 'needs ../shared/fixtures/apkg');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/anki/import-deck');
  await expect(page.locator('.sidebar a.active')).toHaveText('Anki');
  await page.getByTestId('apkg-file').setInputFiles({
    name: 'spanish.apkg',
    mimeType: 'application/octet-stream',
    buffer: fs.readFileSync(path.join(FIXTURES, 'apkg', 'taaltuig_spanish-small.apkg')),
  });
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.locator('tbody tr').first()).toBeVisible();
  const card = page.locator('section.card').filter({ has: preview });
  await expectInside(page.locator('.table-scroll').filter({ has: preview }), card);
  await shot(page, 'layout-anki-deck-preview-light');
});

test('on a phone-sized window the navigation is a menu button and the reader uses the full width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: lg.LgID,
    TxTitle: 'Der Hund',
    TxText: 'Der Hund bellt laut. Die Katze schläft auf dem Sofa, und der Vogel singt im Garten ein langes Lied.',
  });
  for (const theme of ['light', 'dark'] as const) {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Library', exact: true })).toBeHidden();
    // The page starts right under a slim top bar, not under a wall of links.
    expect((await page.locator('#main h1').boundingBox())!.y).toBeLessThan(140);
    await shot(page, `layout-phone-home-${theme}`);

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Library', exact: true })).toBeVisible();
    await shot(page, `layout-phone-menu-${theme}`);
    await nav.getByRole('link', { name: 'Library', exact: true }).click();
    await expect(page).toHaveURL(/\/texts$/);
    await expect(nav.getByRole('link', { name: 'Library', exact: true })).toBeHidden();

    await page.goto(`/read/${text.TxID}`);
    const column = page.locator('.reader-column');
    await expect(page.locator('.reader-text .w').first()).toBeVisible();
    const box = (await column.boundingBox())!;
    // Full width less the page's small side padding (the 70 % reading-width setting is for wide windows).
    expect(box.width).toBeGreaterThan(390 - 40);
    await shot(page, `layout-phone-reader-${theme}`);
  }
});

test('the Dictionaries page refuses junk in plain words: no "N headwords imported", no library wording', async ({ page }) => {
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
  await page.goto('/local-dictionaries');
  const status = page.getByTestId('import-status');
  // A story saved as .csv: rows, but not one term with a definition.
  await page
    .getByTestId('dictionary-file')
    .setInputFiles({ name: 'story.csv', mimeType: 'text/csv', buffer: Buffer.from('Es war einmal ein Hund\nEr bellte laut\nEnde\n') });
  await expect(status).toContainText('This .csv has no readable rows: expected term,definition per line');
  await expect(status).not.toContainText('imported');
  await shot(page, 'layout-dictionary-junk-csv');
  // Random bytes named .zip: jszip's own sentence and its help URL stay out of it.
  await page
    .getByTestId('dictionary-file')
    .setInputFiles({ name: 'words.zip', mimeType: 'application/zip', buffer: Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 251)) });
  await expect(status).toContainText('This .zip file is not a valid zip archive');
  await expect(status).not.toContainText('http');
  await expect(status).not.toContainText('central directory');
  expect(await apiCall(page, 'GET', `/api/v1/local-dictionaries?language_id=${lang.LgID}`)).toHaveLength(0);
});
