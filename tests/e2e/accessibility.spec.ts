// Accessibility (issue 20): axe-core on every main screen (the subtitle form, the feed wizard, the move-in page and
// the sign-in pages too, issue 32), light and dark, must find no serious or critical
// violation (contrast, names, roles, …). The reader is also walked by keyboard alone: Tab reaches the words,
// a focused word shows a visible focus ring, Enter opens it, a status key sets it, Escape closes the panel.
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall, startServe, stopServe } from './fixtures';
import { axeViolations } from './axe';

const SCREENS: [name: string, path: (ids: Seeded) => string, ready: string][] = [
  ['home', () => '/', 'h1'],
  ['library', () => '/texts', 'table, .empty-state'],
  ['new-text', () => '/texts/new', 'form'],
  ['subtitles', () => '/texts/new/subtitles', 'form'],
  ['reader', (ids) => `/read/${ids.textId}`, '.reader-text .w'],
  ['vocabulary', () => '/vocabulary', 'table'],
  ['review', () => '/review', 'h1'],
  ['anki', () => '/anki', 'h1'],
  ['dictionaries', () => '/local-dictionaries', 'h1'],
  ['books', () => '/books', 'h1'],
  ['feeds', () => '/feeds', 'h1'],
  ['feed-wizard', () => '/feeds/new', 'form'],
  ['move-in', () => '/import', 'h1'],
  ['statistics', () => '/profile/statistics', 'h1'],
  ['next-words', () => '/next-words', 'h1'],
  ['settings', () => '/settings', 'form, h1'],
  ['languages', () => '/languages', 'table'],
  ['tags', () => '/tags', 'h1'],
];

interface Seeded {
  languageId: number;
  textId: number;
}

async function seed(page: Page): Promise<Seeded> {
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentlanguage', value: String(lg.LgID) });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: lg.LgID,
    TxTitle: 'Der Hund',
    TxText: 'Der Hund bellt laut. Die Katze schläft auf dem Sofa.\n\nEin zweiter Absatz mit mehr Wörtern.',
  });
  for (const [WoText, WoStatus] of [
    ['Hund', 1],
    ['bellt', 2],
    ['Katze', 3],
    ['laut', 5],
    ['Sofa', 99],
  ] as const) {
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lg.LgID, WoText, WoTranslation: `${WoText} (en)`, WoStatus });
  }
  await apiCall(page, 'POST', '/api/v1/tags', { TgText: 'animals', TgComment: 'Animal words' });
  return { languageId: lg.LgID, textId: text.TxID };
}

for (const theme of ['light', 'dark'] as const) {
  test(`every main screen has no serious or critical axe violation (${theme})`, async ({ page, server }) => {
    test.setTimeout(180_000);
    await page.goto(`${server.url}/`);
    const ids = await seed(page);
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    const found: string[] = [];
    for (const [name, path, ready] of SCREENS) {
      await page.goto(`${server.url}${path(ids)}`);
      await expect(page.locator(ready).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // Let lazy panels and transitions settle so contrast is measured on final colours.
      await page.waitForTimeout(300);
      const violations = await axeViolations(page);
      if (violations.length) found.push(`${name}:\n  ${violations.join('\n  ')}`);
      await shot(page, `a11y-${name}-${theme}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('the reader is usable by keyboard alone, with a visible focus ring and a visible selected word', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  const ids = await seed(page);
  await page.goto(`${server.url}/read/${ids.textId}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();

  // Tab reaches the toolbar's controls, each a real button or link with a visible focus ring.
  let tabbed = 0;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const s = getComputedStyle(el);
      return {
        tag: el.tagName,
        inReader: !!el.closest('.reader'),
        ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none',
      };
    });
    if (!focus || !focus.inReader) continue;
    // A native <summary> (a details menu) is a real control too: Enter and Space open it.
    expect(['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY'], `focusable ${focus.tag} in the reader is a real control`).toContain(focus.tag);
    expect(focus.ring, `${focus.tag} shows a focus ring`).toBe(true);
    tabbed++;
  }
  expect(tabbed, 'Tab reaches controls of the reader').toBeGreaterThan(2);
  await page.locator('.reader-text').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('Escape');

  // → selects the first unknown word (a visible ring) and opens its panel; a digit sets its status.
  await page.keyboard.press('ArrowRight');
  const selected = page.locator('.reader-text .w.selected');
  await expect(selected).toHaveText('Der');
  expect(await selected.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel).toContainText('Der');
  await page.keyboard.press('2');
  await expect(page.locator('.reader-text .w', { hasText: /^Der$/ }).first()).toHaveAttribute('data-status', '2');

  // Enter puts the caret into Translation; Enter there saves; Esc closes the panel.
  // (after a status key the next unknown word is selected, as in LWT)
  await expect(selected).toHaveText('Die');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('textbox', { name: 'Translation' })).toBeFocused();
  await page.keyboard.type('the');
  await page.keyboard.press('Enter');
  await shot(page, 'a11y-reader-keyboard');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  const term = await apiCall(page, 'GET', `/api/v1/terms?language_id=${ids.languageId}&q=Die`);
  expect(JSON.stringify(term)).toContain('"the"');
});

test('on a phone-sized window the menu button and the open menu have no serious or critical axe violation', async ({ page, server }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/`);
  const ids = await seed(page);
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    await page.goto(`${server.url}/read/${ids.textId}`);
    await expect(page.locator('.reader-text .w').first()).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `reader ${theme}: ${v}`));
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true })).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `menu ${theme}: ${v}`));
  }
  expect(found, found.join('\n')).toEqual([]);
});

// The sign-in pages of a household server (issue 32): a brand-new server's first visitor, the sign-up form and
// "Forgot your password?" without mail. Signed out, the theme follows the system's.
test('the sign-in, sign-up and forgot-password pages have no serious or critical axe violation (light and dark)', async ({ page }) => {
  const server = await startServe({ MULTI_USER_ENABLED: 'true' });
  try {
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const [name, path, ready] of [
        ['login', '/login', 'form'],
        ['register', '/register', 'form'],
        ['forgot', '/password/forgot', 'h1'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await expect(page.locator(ready).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.waitForTimeout(300);
        const violations = await axeViolations(page);
        if (violations.length) found.push(`${name}-${theme}:\n  ${violations.join('\n  ')}`);
        await shot(page, `a11y-${name}-${theme}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  } finally {
    await stopServe(server);
  }
});
