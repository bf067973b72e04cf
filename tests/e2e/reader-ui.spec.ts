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

// The end's rules (a reading pace marks, a jump asks "Mark as read?" and counts nothing, once per opening, an undo
// stays undone) are unit tests of src-renderer/features/reader/textEndModel.ts; this walk checks the page and server.
test('reaching the end marks the text read with a note that can be undone', async ({ page }) => {
  await page.clock.install();
  const { LgID } = await english(page);
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: 'To the end', TxText: longText(30) });
  await page.goto(`/read/${text.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  const end = page.locator('.reader-end');
  await expect(end.getByRole('button', { name: 'Mark as read', exact: true })).toBeVisible();
  // 1,800 words read for four minutes: a reading pace (src-shared/activity/reading-pace.ts).
  await page.clock.fastForward('04:00');

  await page.mouse.move(640, 400);
  for (let i = 0; i < 40 && !(await end.isVisible().then(() => end.evaluate((el) => el.getBoundingClientRect().top < innerHeight))); i++)
    await page.mouse.wheel(0, 1500);
  const note = end.getByRole('status');
  await expect(note).toContainText('marked as read');
  await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxFinishedAt).not.toBeNull();
  expect((await apiCall(page, 'GET', '/api/v1/activity/today')).textsRead).toBe(1);
  // The end card in view: the screenshot shows the note and its Undo.
  await end.scrollIntoViewIfNeeded();
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
  // The legend counts distinct words by status, and follows a status set with a key.
  const unknownCount = page.locator('.reader-legend .legend-item', { hasText: 'Unknown' }).locator('.legend-count');
  await expect(unknownCount).toHaveText('300');
  await page.keyboard.press('3');
  await expect(unknownCount).toHaveText('299');
  await expect(page.locator('.reader-legend .legend-item', { hasText: 'Familiar' }).locator('.legend-count')).toHaveText('1');

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

/** Sentences of common words, `words` long, in paragraphs of ~120 words; a chapter heading every `chapterEvery` words. */
function bookText(words: number, chapterEvery = 0): string {
  const vocab = 'the of and to in that was he it his with as had for she her you at on not but by be which this from have all were they one said'.split(' ');
  const out: string[] = [];
  let para: string[] = [];
  for (let i = 0; i < words; i++) {
    if (chapterEvery && i % chapterEvery === 0) out.push(`CHAPTER ${['I', 'II', 'III', 'IV', 'V', 'VI'][i / chapterEvery]}`);
    // One word of its own, some thousands of words in: find-in-page has something to find.
    para.push((i === 6000 ? 'zanzibar' : vocab[(i * 7 + (i >> 5)) % vocab.length]) + (i % 12 === 11 ? '.' : ''));
    if (para.length === 120) {
      out.push(para.join(' '));
      para = [];
    }
  }
  if (para.length) out.push(para.join(' '));
  return out.join('\n\n');
}

/** The time from navigation to the first word painted (a frame after the first word element appears). */
const FIRST_WORD_PROBE = `
  window.__firstWord = null;
  new MutationObserver((_, mo) => {
    if (!document.querySelector('.reader-text .w')) return;
    mo.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__firstWord = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
`;

test('a pasted text over 50,000 words is offered as a book with chapters', async ({ page }) => {
  test.setTimeout(120_000);
  await english(page);
  await page.goto('/texts/new');
  await page.getByLabel('Title').fill('A long novel');
  await page.getByLabel('Text', { exact: true }).fill(bookText(60_000, 15_000));
  await page.getByRole('button', { name: 'Save and read' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This text has 60,00');
  await shot(page, 'reader-ui-long-text-offer-light');
  await theme(page, 'dark');
  await shot(page, 'reader-ui-long-text-offer-dark');
  await theme(page, 'light');
  await dialog.getByRole('button', { name: /Make it a book with chapters/ }).click();
  await expect(page).toHaveURL(/\/book\/\d+$/, { timeout: 60_000 });
  const books = await apiCall(page, 'GET', '/api/v1/books');
  const book = (books.items ?? books).find((b: { BkTitle: string }) => b.BkTitle === 'A long novel');
  expect(book).toBeTruthy();
  expect(book.BkChapterCount ?? book.chapters?.length).toBe(4);
  // No giant text was stored beside it.
  const texts = await apiCall(page, 'GET', '/api/v1/texts?per_page=100');
  expect((texts.items ?? texts.texts).some((t: { TxTitle: string }) => t.TxTitle === 'A long novel')).toBe(false);
});

test('a 460,000-word text kept as one text paints its first screen at once; find and selection work', async ({ page }) => {
  test.setTimeout(300_000);
  const { LgID } = await english(page);
  // Stored through the API: "Keep it as one text" in the form sends the same request (the offer is tested above;
  // typing 2.7 MB into a textarea here would only time the textarea).
  const { TxID: id } = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: 'The whole book', TxText: bookText(460_000) });

  // Opened again from navigation: the first words are painted without waiting for the other 459,000.
  await page.addInitScript(FIRST_WORD_PROBE);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(`/read/${id}`);
    // Functions, not strings: the app's CSP forbids eval.
    await page.waitForFunction(() => (window as unknown as { __firstWord: number | null }).__firstWord !== null, null, { timeout: 60_000 });
    times.push(await page.evaluate(() => (window as unknown as { __firstWord: number }).__firstWord));
  }
  const firstPaint = times.sort((a, b) => a - b)[1];
  test.info().annotations.push({
    type: 'reader_first_paint_460k_words_ms',
    description: `${Math.round(firstPaint)} ms (median of 3; machine load ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  });
  console.log(`460k-word text: first screen painted ${Math.round(firstPaint)} ms after navigation`);
  // 500 ms is the bench's goal on a quiet machine; here (a shared, loaded machine) the bound catches a reader
  // that renders the whole text (or much of it) before the first paint: that takes tens of seconds.
  expect(firstPaint).toBeLessThan(3000);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  await shot(page, 'reader-ui-460k-first-screen');

  // Find in page: the one "zanzibar", 6,000 words in, is found (off-screen paragraphs are in the DOM, only not
  // laid out).
  await expect.poll(() => page.locator('.reader-text .w').count(), { timeout: 120_000 }).toBeGreaterThan(6500);
  // (The reader's text is user-select: none, so the browser's find highlights without a DOM selection: the check
  // is that the word is found and a word that is not in the text is not.)
  const found = await page.evaluate(() => {
    const find = (s: string) =>
      (window as unknown as { find(s: string, caseSensitive: boolean, backwards: boolean, wrap: boolean): boolean }).find(s, false, false, true);
    return { zanzibar: find('zanzibar'), absent: find('zanzibarq') };
  });
  expect(found).toEqual({ zanzibar: true, absent: false });
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  await page.locator('.content').evaluate((el) => el.scrollTo(0, 0));
  // Selecting words still makes a multi-word selection (drag across two words of the first line).
  const a = page.locator('.reader-text .w').nth(2);
  const b = page.locator('.reader-text .w').nth(3);
  const ba = (await a.boundingBox())!;
  const bb = (await b.boundingBox())!;
  await page.mouse.move(ba.x + 3, ba.y + ba.height / 2);
  await page.mouse.down();
  await page.mouse.move(bb.x + bb.width - 3, bb.y + bb.height / 2, { steps: 4 });
  await page.mouse.up();
  const words = `${await a.textContent()} ${await b.textContent()}`.replace('.', '');
  await expect(page.getByRole('complementary', { name: 'Word panel' }).locator('.word-panel-word')).toHaveText(words);
});
