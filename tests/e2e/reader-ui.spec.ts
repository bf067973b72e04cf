// Runs in: Playwright (Chromium). The reader as a person feels it (issues 18–20): "Continue reading" after
// opening two texts (opening counts, not scrolling; the Reader entry resumes at the saved position), reaching
// the end marks a text read with a note that can be undone, the toolbar stays on one line with the word panel
// open (the rest in a More menu), and a 460,000-word text kept as one text paints its first screen at once.
import { test, expect, shot, apiCall } from './fixtures';
import type { Page } from '@playwright/test';

/** n in letters (0 → a, 26 → ba): words of letters only, as the English parser sees words. */
const letters = (n: number): string => (n >= 26 ? letters(Math.floor(n / 26)) : '') + String.fromCharCode(97 + (n % 26));
/** The word at paragraph p, place w: its place in the text is easy to tell. */
const word = (p: number, w: number) => `p${letters(p)}w${letters(w)}`;
/** A text of `paragraphs` paragraphs of distinct words. */
const longText = (paragraphs: number, words = 60) =>
  Array.from({ length: paragraphs }, (_, p) => Array.from({ length: words }, (_, w) => word(p, w)).join(' ') + '.').join('\n\n');

async function english(page: Page) {
  await page.goto('/');
  return (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', preset: 'en' })) as { LgID: number };
}

async function theme(page: Page, which: 'light' | 'dark') {
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), which);
}

test('Continue reading: opening two texts lists both on Home; the Reader entry reopens the last at its saved position', async ({ page }) => {
  const { LgID } = await english(page);
  const first = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: 'The first story', TxText: 'A cat sat on the mat. It slept.' });
  const second = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: 'The long second story', TxText: longText(60) });

  // Opened, not scrolled: each counts as opened.
  await page.goto(`/read/${first.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${first.TxID}`)).TxOpenedAt).not.toBeNull();
  await page.goto(`/read/${second.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${second.TxID}`)).TxOpenedAt).not.toBeNull();

  // Read on to paragraph 30 of the long text: the position is saved once scrolling stops.
  await page.locator('.reader-text .w', { hasText: new RegExp(`^${word(30, 0)}$`) }).scrollIntoViewIfNeeded();
  await page.locator('.content').evaluate((el) => el.dispatchEvent(new Event('scroll')));
  await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${second.TxID}`)).TxPosition, { timeout: 10_000 }).toBeGreaterThan(1000);

  await page.goto('/');
  const card = page.locator('section[aria-labelledby="continue-title"]');
  await expect(card.locator('.continue-title')).toHaveText('The long second story');
  await expect(card.getByRole('list', { name: 'Continue reading' }).getByRole('link', { name: 'The first story' })).toBeVisible();
  await expect(card.locator('.continue-card [role="progressbar"]')).toHaveAttribute('aria-valuenow', /^(4\d|5\d)$/);
  await shot(page, 'reader-ui-home-continue-light');
  await theme(page, 'dark');
  await shot(page, 'reader-ui-home-continue-dark');
  await theme(page, 'light');

  // The Reader entry of the menu: the last text opened, scrolled to where the learner stopped.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reader' }).click();
  await expect(page).toHaveURL(new RegExp(`/read/${second.TxID}$`));
  const resumed = page.locator('.reader-text .w', { hasText: new RegExp(`^${word(30, 0)}$`) });
  await expect(resumed).toBeInViewport();
  await expect(page.locator('.reader-text .w', { hasText: new RegExp(`^${word(0, 0)}$`) })).not.toBeInViewport();
});

test('reaching the end marks the text read with a note that can be undone', async ({ page }) => {
  const { LgID } = await english(page);
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: 'To the end', TxText: longText(30) });
  await page.goto(`/read/${text.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  const end = page.locator('.reader-end');
  await expect(end.getByRole('button', { name: 'Mark as read', exact: true })).toBeVisible();

  await page.mouse.move(640, 400);
  for (let i = 0; i < 40 && !(await end.isVisible().then(() => end.evaluate((el) => el.getBoundingClientRect().top < innerHeight))); i++)
    await page.mouse.wheel(0, 1500);
  const note = end.getByRole('status');
  await expect(note).toContainText('marked as read');
  await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxFinishedAt).not.toBeNull();
  expect((await apiCall(page, 'GET', '/api/v1/activity/today')).textsRead).toBe(1);
  await shot(page, 'reader-ui-marked-read-light');
  await theme(page, 'dark');
  await shot(page, 'reader-ui-marked-read-dark');
  await theme(page, 'light');

  await note.getByRole('button', { name: 'Undo' }).click();
  await expect(note).toBeHidden();
  await expect(end.getByRole('button', { name: 'Mark as read', exact: true })).toBeVisible();
  expect((await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxFinishedAt).toBeNull();
  expect((await apiCall(page, 'GET', '/api/v1/activity/today')).textsRead).toBe(0);

  // Said by the learner: the button marks it again, and the note says so.
  await end.getByRole('button', { name: 'Mark as read', exact: true }).click();
  await expect(end.getByRole('status')).toHaveText(/^✓ Marked as read\./);
  expect((await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxFinishedAt).not.toBeNull();
});

test('the toolbar stays on one line with the word panel open; the other actions are in More', async ({ page }) => {
  const { LgID } = await english(page);
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: LgID,
    TxTitle: 'A rather long title for a text that will not fit beside the actions',
    TxText: longText(5),
  });
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 760 });
    await page.goto(`/read/${text.TxID}`);
    await page.locator('.reader-text .w').first().click();
    await expect(page.getByRole('complementary', { name: 'Word panel' })).toBeVisible();
    const toolbar = page.locator('.reader-toolbar');
    // One line: every action's top within a few pixels of the others, and the toolbar no taller than title, language line and one row.
    const tops = await toolbar
      .locator('.reader-actions > *')
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 0).map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(12);
    const actions = await toolbar.locator('.reader-actions').boundingBox();
    const bar = await toolbar.boundingBox();
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(bar!.x + bar!.width + 1);
    expect(bar!.height).toBeLessThan(140); // title, its language line, one row of actions
  }
  await shot(page, 'reader-ui-toolbar-panel-light');

  await page.locator('.reader-toolbar summary', { hasText: 'More' }).click();
  const menu = page.locator('.reader-more-menu');
  for (const name of ['All known', 'Ignore all']) await expect(menu.getByRole('button', { name })).toBeVisible();
  for (const name of ['Review text', 'Edit', 'Print']) await expect(menu.getByRole('link', { name })).toBeVisible();
  await theme(page, 'dark');
  await shot(page, 'reader-ui-toolbar-menu-dark');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // A choice in the menu works and closes it.
  await page.locator('.reader-toolbar summary', { hasText: 'More' }).click();
  await menu.getByRole('button', { name: 'All known' }).click();
  await expect(page.getByRole('dialog')).toContainText('Mark all unknown words as well known?');
  await expect(menu).toBeHidden();
});
