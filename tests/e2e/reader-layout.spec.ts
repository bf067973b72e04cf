// Runs in: Playwright (Chromium). Issue 32, the word panel and the reader: the first dictionary answer (local
// entry, and the embedded web dictionary) shows without scrolling at 1280×800 and 1366×768 while the rarely used
// fields fold away (remembered); the keys still work; on 420- and 360-px windows the edited word stays above the
// bottom sheet; a book's chapter speaks of chapters and its end card's buttons stay inside the column; audio
// without timings says what to do and the spoken sentence shows over status colours; the book page's look-up
// answers under the word (or links the web dictionary) and a word chip asks before it adds a term. English and
// Spanish; the book page, the audio hint, the spoken sentence and the chapter end at 1280×800, 1366×768 and 360×740.
// Screenshots: tests/artifacts/layout32-*.png.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test as base, expect, shot, shotAtEachSize, apiCall, startServe, stopServe, type LectioServer } from './fixtures';
import { silentWav } from '../helpers/audio';
import { axeViolations } from './axe';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

/** A dictionary site on 127.0.0.1 that allows framing: /w/<word> is the word's entry. */
const test = base.extend<{ dict: string; server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  dict: async ({}, use) => {
    const site = http.createServer((req, res) => {
      const word = decodeURIComponent((req.url ?? '').split('/').pop() ?? '').replace(/[<&]/g, '');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Fake dictionary</title><h1>Entry for ${word}</h1><p>noun: a definition</p>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    await use(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
    await new Promise<void>((resolve) => site.close(() => resolve()));
  },
  // The deliberate CLI switch that lets the app's outbound check reach the fake site on 127.0.0.1.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({}, ['--allow-outbound-host', '127.0.0.1']);
    await use(server);
    await stopServe(server);
  },
});

const STORY =
  'El gato come pescado en la cocina. El perro duerme bajo la mesa grande. La niña lee un libro de aventuras. ' +
  'Mi abuela cocina una sopa caliente. Los pájaros cantan en el jardín cada mañana. ';

/** Posts multipart form data from the page (CSRF token included). */
async function upload(page: Page, url: string, fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer }) {
  return page.evaluate(
    async ({ url, fields, file }) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append(file.field, new Blob([Uint8Array.from(atob(file.b64), (c) => c.charCodeAt(0))]), file.name);
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch(url, { method: 'POST', body: fd, headers: { 'X-CSRF-TOKEN': token } });
      if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
      return res.json();
    },
    { url, fields, file: { field: file.field, name: file.name, b64: file.bytes.toString('base64') } },
  );
}

/** Spanish with the fake web dictionary and a local dictionary (gato, perro), a long text, the settings given. */
async function seed(page: Page, dict: string, settings: Record<string, string> = {}) {
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es', LgDict1URI: `${dict}/w/###` });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(es.LgID) });
  for (const [key, value] of Object.entries(settings)) await apiCall(page, 'POST', '/api/v1/settings', { key, value });
  const csv = 'gato,cat (a small domesticated feline)\nperro,dog\ncocina,kitchen; cooks\n';
  await upload(page, '/api/v1/local-dictionaries/upload', { language_id: String(es.LgID) }, { field: 'file', name: 'es-en.csv', bytes: Buffer.from(csv) });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'En casa', TxText: STORY.repeat(12) });
  return { es, text };
}

const word = (page: Page, w: string) => page.locator(`.reader-text .w[data_hex="${sha(w)}"]`).first();
const panelOf = (page: Page) => page.locator('aside.word-panel');

/** The element's top shows inside the window, and the panel was not scrolled to get there. */
async function expectAboveFold(page: Page, locator: import('@playwright/test').Locator, height: number) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.y + Math.min(box.height, 24), 'the answer starts above the fold').toBeLessThanOrEqual(height);
  expect(await panelOf(page).evaluate((el) => el.scrollTop)).toBe(0);
}

test('the first dictionary answer shows without scrolling; rarely used fields fold away and the choice is remembered', async ({ page, dict }) => {
  test.setTimeout(120_000);
  const { es, text } = await seed(page, dict);
  for (const [lang, theme] of [
    ['en', 'light'],
    ['es', 'dark'],
  ] as const) {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    for (const [width, height] of [
      [1280, 800],
      [1366, 768],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(`/read/${text.TxID}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await word(page, 'gato').click();
      const panel = panelOf(page);
      await expect(panel.locator('.dict-entry').first()).toContainText('cat (a small domesticated feline)');
      // Folded: no Notes, Tags or Example sentence; Translation, Save and the status buttons are there.
      await expect(panel.locator('textarea').first()).toBeVisible();
      await expect(panel.locator('.word-form-more')).toBeHidden();
      await expect(panel.locator('.word-panel-keys')).toHaveCount(0);
      await expectAboveFold(page, panel.locator('.dict-entry').first(), height);
      // The web dictionary, embedded: its frame starts above the fold too.
      await panel.locator('.dict-links a').first().click();
      await expect(panel.locator('.web-dict-frame iframe')).toBeVisible();
      await expect(panel.frameLocator('.web-dict-frame iframe').locator('h1')).toHaveText('Entry for gato');
      const frame = (await panel.locator('.web-dict-frame').boundingBox())!;
      expect(frame.y + 120, 'the embedded dictionary shows above the fold').toBeLessThanOrEqual(height);
      // Opening it scrolled nothing away: the word, the form and the local answer are still in view.
      await expectAboveFold(page, panel.locator('.dict-entry').first(), height);
      await expect(panel.locator('.word-panel-word')).toBeInViewport();
      await shot(page, `layout32-panel-${width}x${height}-${lang}-${theme}`);
      await panel.locator('.web-dict-frame').getByRole('button').click();
    }
  }

  // English again: the status symbol ✓ for "well known", named and explained by its tooltip.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'en' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/read/${text.TxID}`);
  await word(page, 'perro').click();
  const panel = panelOf(page);
  const wellKnown = panel.getByRole('radio', { name: 'Well known' });
  await expect(wellKnown).toHaveText('✓');
  await expect(wellKnown).toHaveAttribute('title', /^Well known \(W\)/);
  await expect(page.getByText('WKn')).toHaveCount(0);

  // More fields: open, remembered after a reload, with the key legend; Notes can be typed in.
  const toggle = panel.getByRole('button', { name: 'More fields' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(panel.getByLabel('Notes')).toBeVisible();
  await expect(panel.getByLabel('Example sentence')).toBeVisible();
  await expect(panel.locator('.word-panel-keys')).toBeVisible();
  await shot(page, 'layout32-panel-more-fields');
  await page.reload();
  await word(page, 'perro').click();
  await expect(panel.getByRole('button', { name: 'Fewer fields' })).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByLabel('Notes')).toBeVisible();
  await panel.getByRole('button', { name: 'Fewer fields' }).click();
  await expect(panel.getByLabel('Notes')).toBeHidden();

  // The keys still work on the folded panel: Enter edits, Enter saves the translation, a digit sets the status.
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('Translation')).toBeFocused();
  await page.keyboard.type('dog');
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('Translation')).not.toBeFocused();
  await word(page, 'perro').click();
  await page.keyboard.press('3');
  await expect
    .poll(async () => {
      const list = await apiCall(page, 'GET', `/api/v1/terms?language_id=${es.LgID}&q=perro`);
      return list.terms.map((t: { WoText: string; WoStatus: number; WoTranslation: string }) => `${t.WoText}:${t.WoStatus}:${t.WoTranslation}`);
    })
    .toEqual(['perro:3:dog']);
  // A term with a lemma shows the lemma field even folded.
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: es.LgID, WoText: 'come', WoStatus: 1, WoLemma: 'comer' });
  await page.reload();
  await word(page, 'come').click();
  await expect(panel.getByLabel('Lemma')).toBeVisible();
  await expect(panel.getByLabel('Lemma')).toHaveValue('comer');
  await expect(panel.getByLabel('Romanization')).toBeHidden();
});

for (const [width, height] of [
  [420, 800],
  [360, 740],
])
  test(`at ${width} px the word being edited stays visible above the bottom sheet (English and Spanish)`, async ({ page, dict }) => {
    const { text } = await seed(page, dict);
    await page.setViewportSize({ width, height });
    for (const lang of ['en', 'es'] as const) {
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
      await page.goto(`/read/${text.TxID}`);
      // A word low in the window, where the sheet opens.
      const target = page
        .locator('.reader-text .w')
        .filter({ hasText: /^mesa$/ })
        .nth(1);
      await target.scrollIntoViewIfNeeded();
      await page.locator('.content').evaluate((el, h) => el.scrollBy(0, -(h * 0.25)), height);
      const before = (await target.boundingBox())!;
      expect(before.y, 'the word starts in the lower part of the window').toBeGreaterThan(height * 0.45);
      await target.click();
      const sheet = panelOf(page);
      await expect(sheet).toBeVisible();
      await expect(sheet.getByLabel(lang === 'en' ? 'Translation' : 'Traducción')).toBeVisible();
      await expect(target).toHaveClass(/selected/);
      await expect
        .poll(async () => {
          const w = (await target.boundingBox())!;
          const s = (await sheet.boundingBox())!;
          return w.y >= 0 && w.y + w.height <= s.y;
        })
        .toBe(true);
      await shot(page, `layout32-sheet-${width}-${lang}`);
      // The next unknown word by key: still above the sheet.
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(async () => {
          const w = (await page.locator('.reader-text .w.selected').boundingBox())!;
          const s = (await sheet.boundingBox())!;
          return w.y >= 0 && w.y + w.height <= s.y;
        })
        .toBe(true);
    }
  });

test('a book chapter speaks of chapters; the end card fits with the panel open', async ({ page, dict }) => {
  const { es } = await seed(page, dict);
  const book = await apiCall(page, 'POST', '/api/v1/books', {
    language_id: es.LgID,
    title: 'Cuentos de la casa',
    text: `CAPÍTULO I\n\n${STORY}\n\nCAPÍTULO II\n\n${STORY}\n\nCAPÍTULO III\n\n${STORY}`,
  });
  const first = book.chapters[0].text_id;
  for (const lang of ['en', 'es'] as const) {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/read/${first}`);
    const bar = page.locator('nav.book-reader-bar');
    await expect(bar.getByRole('link', { name: lang === 'en' ? 'Next chapter →' : 'Capítulo siguiente →' })).toBeVisible();
    await expect(bar).not.toContainText('Book ·');
    const end = page.locator('.reader-end');
    await end.scrollIntoViewIfNeeded();
    await expect(end.getByRole('link', { name: lang === 'en' ? '← Back to the book' : '← Volver al libro' })).toHaveAttribute('href', `/book/${book.BkID}`);
    await expect(end.getByRole('button', { name: lang === 'en' ? 'Mark as read, next chapter →' : 'Marcar como leído, capítulo siguiente →' })).toBeVisible();
    await expect(end).not.toContainText(lang === 'en' ? 'next text' : 'texto siguiente');
    // With the word panel open the column narrows (at 360 px the panel is a sheet): every button stays inside the card.
    // The card is scrolled to the top of the column (at 360 px above the sheet: the column has room for that).
    await word(page, 'gato').click();
    await shotAtEachSize(page, `layout32-chapter-end-${lang}`, async () => {
      await end.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const outside = await end.evaluate((el) => {
        const card = el.getBoundingClientRect();
        return [...el.querySelectorAll('.form-actions > *')].filter((b) => b.getBoundingClientRect().right > card.right + 1).map((b) => b.textContent);
      });
      expect(outside, 'buttons inside the end card').toEqual([]);
    });
    // Scrolling to the end may have marked the chapter read: unread again for the next language's wording.
    await apiCall(page, 'DELETE', `/api/v1/texts/${first}/finished`);
  }
  // "Next chapter →" opens chapter 2.
  await page
    .locator('.reader-end')
    .getByRole('button', { name: /capítulo siguiente/i })
    .click();
  await expect(page.locator('nav.book-reader-bar')).toContainText('2');
  await expect(page).toHaveURL(`/read/${book.chapters[1].text_id}`);
});

test('audio without timings says what to do; the spoken sentence shows over status colours', async ({ page, dict }) => {
  const { es } = await seed(page, dict);
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'Audio', TxText: 'El gato come pescado. El perro duerme.' });
  await upload(page, `/api/v1/texts/${text.TxID}/audio`, {}, { field: 'file', name: 'silence.wav', bytes: silentWav(6) });
  for (const w of ['gato', 'come', 'pescado']) await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: es.LgID, WoText: w, WoStatus: 2 });
  await page.goto(`/read/${text.TxID}`);
  const hint = page.getByTestId('no-timings-hint');
  await expect(hint).toContainText('This audio has no sentence timings yet');
  await expect(hint).toContainText('Time sentences');
  await expect(hint.locator('kbd')).toHaveText('T');
  await expect(hint.getByRole('link', { name: 'import subtitles' })).toHaveAttribute('href', '/texts/new/subtitles');
  await shotAtEachSize(page, 'layout32-audio-no-timings-en', () => hint.scrollIntoViewIfNeeded());
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  await page.reload();
  await expect(hint).toContainText('Sincronizar oraciones');
  await expect(hint.getByRole('link', { name: 'importa subtítulos' })).toBeVisible();
  await shotAtEachSize(page, 'layout32-audio-no-timings-es', () => hint.scrollIntoViewIfNeeded());
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'en' });

  await apiCall(page, 'PUT', `/api/v1/texts/${text.TxID}/timings`, {
    timings: [
      { order: 1, start: 0, end: 3 },
      { order: 2, start: 3, end: 6 },
    ],
  });
  await page.reload();
  await expect(hint).toHaveCount(0);
  await page.locator('.reader-toolbar').click();
  await page.getByLabel('Text audio').evaluate((a: HTMLAudioElement) => a.play());
  const spoken = page.locator('.reader-text .sync-current');
  await expect.poll(() => spoken.allTextContents()).toEqual(['El', 'gato', 'come', 'pescado']);
  // The status colour stays as the background colour; the highlight is an accent tint painted over it.
  const gato = spoken.filter({ hasText: 'gato' });
  const look = await gato.evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, colour: getComputedStyle(el).backgroundColor }));
  expect(look.image).toContain('gradient');
  expect(look.colour).not.toBe('rgba(0, 0, 0, 0)');
  // Paused, the sentence stays highlighted while the window is resized.
  await page.getByLabel('Text audio').evaluate((a: HTMLAudioElement) => a.pause());
  await expect.poll(() => spoken.allTextContents()).toEqual(['El', 'gato', 'come', 'pescado']);
  await shotAtEachSize(page, 'layout32-audio-spoken-sentence-en');
  await page.emulateMedia({ colorScheme: 'dark' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'dark' });
  await shot(page, 'layout32-audio-spoken-sentence-dark');
  // Spanish (dark): a seek into the first sentence highlights it again.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  await page.reload();
  await expect(page.getByLabel('Audio del texto')).toBeAttached();
  await page.locator('audio').evaluate((a: HTMLAudioElement) => (a.currentTime = 1));
  await expect.poll(() => spoken.allTextContents()).toEqual(['El', 'gato', 'come', 'pescado']);
  await shotAtEachSize(page, 'layout32-audio-spoken-sentence-es-dark');
});

test("the book page's look-up answers under the word or links the web dictionary; a chip asks before adding", async ({ page, dict }) => {
  const { es } = await seed(page, dict);
  const book = await apiCall(page, 'POST', '/api/v1/books', {
    language_id: es.LgID,
    title: 'Cuentos',
    text: `CAPÍTULO I\n\n${STORY}\n\nCAPÍTULO II\n\n${STORY}`,
  });
  await page.goto(`/book/${book.BkID}`);
  const words = page.locator('.unknown-words').first();
  await expect(words.locator('li.unknown-word').first()).toBeVisible();
  // A word in the local dictionary: the answer is the next item after its chip.
  await words.getByRole('button', { name: 'Look up gato' }).click();
  const answer = words.getByRole('status', { name: 'Look-up of “gato”' });
  await expect(answer).toContainText('cat (a small domesticated feline)');
  expect(await answer.evaluate((el) => el.closest('li')?.previousElementSibling?.textContent ?? '')).toMatch(/^gato/);
  await shot(page, 'layout32-book-lookup-local');
  // Not in the local dictionaries: a link to the language's web dictionary.
  await words.getByRole('button', { name: 'Look up pájaros' }).click();
  const web = words.getByRole('status', { name: 'Look-up of “pájaros”' });
  await expect(web).toContainText('Not in your dictionaries');
  await expect(web.getByRole('link', { name: 'Look it up on 127.0.0.1 ↗' })).toHaveAttribute('href', `${dict}/w/p%C3%A1jaros`);
  await expect(words.getByRole('status')).toHaveCount(1);
  // At each size the answer stays inside the window (never past it).
  const inWindow = async () => {
    const status = words.getByRole('status');
    await status.scrollIntoViewIfNeeded();
    const box = (await status.boundingBox())!;
    expect(box.x + box.width, 'the look-up inside the window').toBeLessThanOrEqual(page.viewportSize()!.width);
  };
  await shotAtEachSize(page, 'layout32-book-lookup-web-en', inWindow);

  // "Add all" says what status 1 is.
  await expect(page.getByRole('button', { name: /^Add all \d+ to learn \(status 1: New\)$/ }).first()).toBeVisible();
  // A chip asks first: Cancel adds nothing, Add adds the word as status 1.
  await words.locator('.unknown-word-add', { hasText: /^gato\b/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Add “gato” to learn?');
  await expect(dialog).toContainText('status 1 (New)');
  await shotAtEachSize(page, 'layout32-book-add-ask-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await apiCall(page, 'GET', `/api/v1/terms?language_id=${es.LgID}&q=gato`)).terms).toHaveLength(0);
  await words.locator('.unknown-word-add', { hasText: /^gato\b/ }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect
    .poll(async () => (await apiCall(page, 'GET', `/api/v1/terms?language_id=${es.LgID}&q=gato`)).terms.map((t: { WoStatus: number }) => t.WoStatus))
    .toEqual([1]);

  // Spanish, at each size: the answer stays inside the window; "Add all" and the chip's question in Spanish.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  await page.reload();
  await words.getByRole('button', { name: 'Buscar pájaros' }).click();
  await expect(words.getByRole('status')).toContainText('Buscarla en 127.0.0.1');
  await expect(page.getByRole('button', { name: /^Añadir las \d+ para aprender \(estado 1: Nueva\)$/ }).first()).toBeVisible();
  await shotAtEachSize(page, 'layout32-book-lookup-web-es', inWindow);
  await words.locator('.unknown-word-add', { hasText: /^perro\b/ }).click();
  await expect(dialog).toContainText('¿Añadir «perro» para aprender?');
  await expect(dialog).toContainText('estado 1 (Nueva)');
  await shotAtEachSize(page, 'layout32-book-add-ask-es');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('axe finds no serious or critical violation in the folded and open panel, the sheet, the book look-up and the audio hint', async ({ page, dict }) => {
  test.setTimeout(180_000);
  const { es, text } = await seed(page, dict);
  const book = await apiCall(page, 'POST', '/api/v1/books', {
    language_id: es.LgID,
    title: 'Cuentos',
    text: `CAPÍTULO I\n\n${STORY}\n\nCAPÍTULO II\n\n${STORY}`,
  });
  const audio = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'Audio', TxText: 'El gato come pescado.' });
  await upload(page, `/api/v1/texts/${audio.TxID}/audio`, {}, { field: 'file', name: 'silence.wav', bytes: silentWav(2) });
  const found: string[] = [];
  const check = async (name: string) => {
    await page.waitForTimeout(300);
    for (const v of await axeViolations(page)) found.push(`${name}: ${v}`);
  };
  for (const theme of ['light', 'dark'] as const) {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/read/${text.TxID}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await word(page, 'gato').click();
    await expect(panelOf(page).locator('.dict-entry').first()).toBeVisible();
    await check(`panel-folded-${theme}`);
    await panelOf(page).locator('.word-form-more-toggle').click();
    await check(`panel-more-${theme}`);
    await panelOf(page).locator('.word-form-more-toggle').click();
    await page.goto(`/book/${book.BkID}`);
    await page.locator('.unknown-word-look').first().click();
    await expect(page.locator('.word-lookup').first()).not.toContainText('Looking up');
    await check(`book-lookup-${theme}`);
    await page.goto(`/read/${audio.TxID}`);
    await expect(page.getByTestId('no-timings-hint')).toBeVisible();
    await check(`audio-hint-${theme}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/read/${text.TxID}`);
    await word(page, 'perro').click();
    await expect(panelOf(page)).toBeVisible();
    await check(`sheet-${theme}`);
  }
  expect(found, found.join('\n')).toEqual([]);
});
