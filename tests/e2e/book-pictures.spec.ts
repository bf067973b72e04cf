// Books keep their pictures (issue 35), in Chromium: Alice's first chapter with its illustrations between
// paragraphs (space reserved, loaded lazily), a picture book made here (one sentence and one picture per page)
// reading as picture, sentence, picture, sentence, with a caption find-in-page never meets;
// pictures hidden by the book's setting and by the default; clicking, stepping and selecting the words around a
// picture work as before; the import preview says the caps and what it leaves out. Screenshots at 1280×800 and
// narrow, light and dark.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall, dropFile, FIXTURES, hasFixtures } from './fixtures';
import { makeEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';

/** Imports a book through the API (multipart, with the page's CSRF token); returns the book. */
async function importBook(page: Page, name: string, data: Uint8Array, languageId: number) {
  return page.evaluate(
    async ({ name, b64, languageId }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('language_id', String(languageId));
      form.append('file', new Blob([bytes]), name);
      const res = await fetch('/api/v1/books', { method: 'POST', headers: { 'X-CSRF-TOKEN': token }, body: form });
      if (!res.ok) throw new Error(`import → ${res.status} ${await res.text()}`);
      return res.json();
    },
    { name, b64: Buffer.from(data).toString('base64'), languageId },
  );
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Word panel' });

test("Alice's first chapter shows its pictures between paragraphs; words around them click as before", async ({ page }) => {
  test.setTimeout(180_000);
  test.skip(!hasFixtures, 'needs ../shared/fixtures/epub');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const english = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).LgID;
  const book = await importBook(page, 'alice.epub', fs.readFileSync(path.join(FIXTURES, 'epub', 'epubjs_alice.epub')), english);
  expect(book.pictures).toHaveLength(28);

  await page.goto(`/book/${book.BkID}`);
  await expect(page.getByRole('heading', { name: '28 pictures' })).toBeVisible();
  // The strip's first pictures really load (a broken URL would still leave a box of the reserved size).
  const strip = page.locator('.book-pictures-strip img');
  await expect(strip).toHaveCount(28);
  for (let i = 0; i < 4; i++) await expect.poll(() => strip.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'book-pictures-book-page');

  // The pictures' bytes are held back until the words have been measured: the text must not move when they come.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/media/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/read/${book.chapters[1].text_id}`);
  const text = page.locator('.reader-text');
  await expect(text).toContainText('Alice was beginning to get very tired');
  const figures = text.locator('figure.reader-picture');
  await expect(figures).toHaveCount(4);
  const layout = () =>
    text.evaluate((root) => {
      const img = root.querySelector<HTMLImageElement>('figure.reader-picture img')!;
      const word = root.querySelector('figure.reader-picture ~ p .w')!;
      return { loaded: img.complete && img.naturalWidth > 0, height: img.getBoundingClientRect().height, wordTop: word.getBoundingClientRect().top };
    });
  const waiting = await layout();
  expect(waiting).toMatchObject({ loaded: false, height: 193 });
  release();
  await expect.poll(async () => (await layout()).loaded).toBe(true);
  expect(await layout()).toEqual({ ...waiting, loaded: true });
  await page.unroute('**/api/v1/media/**');
  // Picture, then "Alice was beginning…": the first picture sits after the heading, before the first paragraph.
  const order = await text.evaluate((root) =>
    [...root.children].slice(0, 4).map((el) => (el.tagName === 'FIGURE' ? 'picture' : (el.textContent ?? '').slice(0, 15))),
  );
  expect(order).toEqual(['Down The Rabbit', 'picture', 'Alice was begin', 'So she was cons']);
  // Space is reserved from the header's size before the picture loads; lazily loaded, never a word.
  const first = figures.first().locator('img');
  await expect(first).toHaveAttribute('loading', 'lazy');
  await expect(first).toHaveAttribute('width', '160');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  expect(await figures.first().locator('.w').count()).toBe(0);
  expect(await figures.first().evaluate((f) => f.textContent)).toBe('');
  await shot(page, 'book-pictures-alice-chapter');

  // The words just before and after the second picture open the word panel as any word does.
  const around = await text.evaluate((root) => {
    const fig = root.querySelectorAll('figure.reader-picture')[1];
    const before = [...(fig.previousElementSibling?.querySelectorAll('.w') ?? [])].pop() as HTMLElement | undefined;
    const after = fig.nextElementSibling?.querySelector('.w') as HTMLElement | null;
    return { before: before?.dataset.order, after: after?.dataset.order, beforeText: before?.textContent, afterText: after?.textContent };
  });
  expect(around.afterText).toBe('There');
  await text.locator(`.w[data-order="${around.before}"]`).click();
  await expect(panel(page).locator('.word-panel-word')).toHaveText(around.beforeText!);
  // Stepping to the next word crosses the picture to the word after it.
  await page.keyboard.press('Escape');
  await text.locator(`.w[data-order="${around.before}"]`).click();
  await page.keyboard.press('ArrowRight');
  await expect(panel(page).locator('.word-panel-word')).toHaveText(around.afterText!);
  await page.keyboard.press('Escape');
  // A selection across the picture (Shift+click) is made of the words on either side and nothing else.
  await text.locator(`.w[data-order="${around.before}"]`).click();
  await text
    .locator('.w', { hasText: /^There$/ })
    .first()
    .click({ modifiers: ['Shift'] });
  await expect(panel(page).locator('.word-panel-word')).toHaveText(`${around.beforeText}. ${around.afterText}`);
  await page.keyboard.press('Escape');

  // Narrow window and dark mode.
  await page.setViewportSize({ width: 420, height: 800 });
  await figures.nth(1).scrollIntoViewIfNeeded();
  await shot(page, 'book-pictures-alice-narrow');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await figures.nth(3).scrollIntoViewIfNeeded();
  await shot(page, 'book-pictures-alice-dark');

  // A plate whose caption the book prints: the caption's words follow the picture once, as words of the chapter.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  const plate = (book.pictures as { chapter: number; width: number }[]).find((p) => p.chapter === 3 && p.width === 300)!;
  await page.goto(`/read/${book.chapters[plate.chapter - 1].text_id}`);
  const printed = text.locator('figure.reader-picture').filter({ has: page.locator('img[width="300"]') });
  await printed.scrollIntoViewIfNeeded();
  expect(await printed.evaluate((f) => [f.hasAttribute('data-caption'), f.nextElementSibling?.textContent])).toEqual([false, 'Alice at the Mad Tea Party.']);
  await expect.poll(() => printed.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'book-pictures-alice-plate');
});

test('a picture book reads picture, sentence, picture, sentence; the setting hides the pictures', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const english = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).LgID;
  // Six pages in two chapters (a ToC entry at page 1 and at page 4): pages without an entry join the chapter before.
  const caption = 'A ginger cat high in a green tree';
  const sentences = ['Look! The dog.', 'The dog runs.', 'The dog sees a cat.', 'The cat runs up a tree.', 'The dog sits.', 'Good night, dog.'];
  const colours: [number, number, number][] = [
    [230, 120, 60],
    [70, 160, 90],
    [80, 120, 220],
    [200, 170, 40],
    [150, 90, 200],
    [40, 60, 110],
  ];
  const epub = await makeEpub({
    title: 'Look! The Dog',
    language: 'en',
    // Page 4's picture has a caption the book does not print: the reader shows it under the picture.
    docs: sentences.map((s, i) => ({
      path: `page${i + 1}.xhtml`,
      body: `<div><img src="img/p${i + 1}.png" alt="${i === 3 ? caption : ''}"/></div><p>${s}</p>`,
    })),
    nav: [
      { title: 'The Dog', href: 'page1.xhtml' },
      { title: 'The Cat', href: 'page4.xhtml' },
    ],
    extra: Object.fromEntries(colours.map((c, i) => [`OEBPS/img/p${i + 1}.png`, makePng(480, 270, c)])),
    extraCompression: 'STORE',
  });
  const book = await importBook(page, 'dog.epub', epub, english);
  expect(book.chapters).toHaveLength(2);

  await page.goto(`/read/${book.chapters[1].text_id}`);
  const text = page.locator('.reader-text');
  await expect(text.locator('figure.reader-picture')).toHaveCount(3);
  const order = await text.evaluate((root) => [...root.children].map((el) => (el.tagName === 'FIGURE' ? 'picture' : el.textContent)));
  expect(order).toEqual(['picture', 'The cat runs up a tree.', 'picture', 'The dog sits.', 'picture', 'Good night, dog.']);
  await expect
    .poll(() =>
      text
        .locator('figure img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(480);
  await shot(page, 'book-pictures-picture-book');
  // The caption is shown under its picture, yet find-in-page meets the words only, never the caption.
  const captioned = text.locator('figure.reader-picture').first();
  expect(await captioned.evaluate((f) => getComputedStyle(f, '::after').content)).toBe(JSON.stringify(caption));
  const found = await page.evaluate((caption) => {
    const find = (s: string) => {
      getSelection()!.removeAllRanges();
      return (window as unknown as { find(s: string): boolean }).find(s);
    };
    return { caption: find(caption), words: find('cat runs up a tree') };
  }, caption);
  expect(found).toEqual({ caption: false, words: true });
  await text.locator('.w', { hasText: 'cat' }).first().click();
  await expect(panel(page).locator('.word-panel-word')).toHaveText('cat');
  await page.keyboard.press('Escape');
  // On a narrow window the 480-pixel pictures scale down to the column, keeping their shape.
  await page.setViewportSize({ width: 360, height: 740 });
  const fit = await text.evaluate((root) => {
    const box = root.querySelector('figure.reader-picture img')!.getBoundingClientRect();
    return { column: root.getBoundingClientRect().width, width: box.width, ratio: box.width / box.height };
  });
  expect(fit.width).toBeLessThanOrEqual(fit.column);
  expect(fit.width).toBeLessThan(480);
  expect(fit.ratio).toBeCloseTo(480 / 270, 1);
  await shot(page, 'book-pictures-picture-book-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Hidden for this book on its page: the reader shows the text alone, words as before.
  await page.goto(`/book/${book.BkID}`);
  await page.getByRole('combobox', { name: 'Pictures in the reader' }).selectOption('hidden');
  await expect(page.getByRole('combobox', { name: 'Pictures in the reader' })).toHaveValue('hidden');
  await shot(page, 'book-pictures-setting');
  await page.goto(`/read/${book.chapters[1].text_id}`);
  await expect(text).toContainText('The cat runs up a tree.');
  await expect(text.locator('figure')).toHaveCount(0);
  await shot(page, 'book-pictures-hidden');
  await text.locator('.w', { hasText: 'tree' }).first().click();
  await expect(panel(page).locator('.word-panel-word')).toHaveText('tree');

  // Back to the default on the book page, then the default itself (Settings) says text only.
  await page.goto(`/book/${book.BkID}`);
  await page.getByRole('combobox', { name: 'Pictures in the reader' }).selectOption('default');
  await expect(page.getByRole('combobox', { name: 'Pictures in the reader' })).toHaveValue('default');
  await page.goto('/settings');
  const showPictures = page.getByRole('checkbox', { name: "Show books' pictures in the reader" });
  await expect(showPictures).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/settings') && r.request().method() !== 'GET');
  await showPictures.uncheck();
  expect((await saved).ok()).toBe(true);
  await page.goto(`/book/${book.BkID}`);
  await expect(page.getByRole('option', { name: 'As my default (hidden)' })).toBeAttached();
  await page.goto(`/read/${book.chapters[1].text_id}`);
  await expect(text).toContainText('Good night, dog.');
  await expect(text.locator('figure')).toHaveCount(0);
});

test('the import preview says the caps on pictures and what it leaves out', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  const epub = await makeEpub({
    title: 'Odd Pictures',
    language: 'en',
    docs: [{ path: 'a.xhtml', body: '<img src="good.png"/><p>Look! The dog.</p><img src="fake.png"/><img src="evil.svg"/><p>The dog runs.</p>' }],
    extra: {
      'OEBPS/good.png': makePng(48, 27),
      'OEBPS/fake.png': '<html><body><script>alert(1)</script></body></html>',
      'OEBPS/evil.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    },
  });
  await page.goto('/books');
  await dropFile(page, '.app', 'odd.epub', Buffer.from(epub));
  await expect(page).toHaveURL(/\/book\/import$/);
  const line = page.locator('.book-preview-pictures');
  await expect(line).toContainText('1 picture kept.', { timeout: 60_000 });
  await expect(line).toContainText('each up to 8 MB and 40 megapixels, 100 MB and 1,000 pictures a book; SVG is left out.');
  await expect(line.locator('.book-preview-notes li')).toHaveText([
    'Pictures left out, not PNG, JPEG, GIF or WebP by their bytes: 1 (e.g. "OEBPS/fake.png")',
    'SVG pictures left out (SVG can carry script): 1',
  ]);
  await shot(page, 'book-pictures-preview');
});
