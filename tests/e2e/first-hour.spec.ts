// Runs in: Playwright (Chromium). Issue 32 behaviours the other issue-32 specs (reader-layout, narrow-screens,
// reach, accounts-household, feeds, backup) leave without an e2e, each in English and Spanish at 1280×800,
// 1366×768 and 360×740: "You seem to be offline — Retry" on a web page import, a feed check and a web
// dictionary; the dictionary catalogue (card, toast, a download offline with Retry) in the interface language; subtitle texts with one
// paragraph per group of cues and ✓ for "well known" in Spanish; and the new-text, feed and dictionary screens
// fitting each size without sideways scrolling. Screenshots: tests/artifacts/first-hour-*.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall, sidewaysOverflow } from './fixtures';

const SIZES = [
  [1280, 800],
  [1366, 768],
  [360, 740],
] as const;
const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];

const say = {
  en: {
    offline: (host: string) => `You seem to be offline: ${host} could not be reached`,
    retry: 'Retry',
    webTab: 'From a web page',
    webAddress: 'Web page address',
    fetch: 'Fetch article',
    feedAddress: 'Feed or web page address',
    check: 'Check address',
    notOpened: 'did not open',
    language: 'Language',
    subtitleFile: 'Subtitle file',
    importSubtitles: 'Import subtitles',
  },
  es: {
    offline: (host: string) => `Parece que no hay conexión: no se pudo llegar a ${host}`,
    retry: 'Reintentar',
    webTab: 'Desde una página web',
    webAddress: 'Dirección de la página web',
    fetch: 'Obtener artículo',
    feedAddress: 'Dirección de la fuente o de la página web',
    check: 'Comprobar dirección',
    notOpened: 'no se abrió',
    language: 'Idioma',
    subtitleFile: 'Archivo de subtítulos',
    importSubtitles: 'Importar subtítulos',
  },
} as const;

/** A German language whose web dictionary lives under .invalid (never resolves: what an offline machine sees). */
async function seed(page: Page, lang: Lang) {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de', LgDict1URI: 'https://dict.invalid/?q=###' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(de.LgID) });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
  return de as { LgID: number };
}

async function fits(page: Page, what: string) {
  const o = await sidewaysOverflow(page);
  expect(o.page <= 0 && o.content <= 0, `${what} scrolls sideways: page +${o.page}px, content +${o.content}px; ${o.widest}`).toBe(true);
}

for (const lang of LANGS)
  test(`offline is said as offline with Retry on a web page, a feed check and a web dictionary (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const s = say[lang];
    const de = await seed(page, lang);
    const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Kurz', TxText: 'Das Haus ist alt.' });
    // The web dictionary opens in a new tab when it cannot be embedded: close that tab at once.
    page.context().on('page', (p) => void p.close());
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.goto('/texts/new');
      await page.getByRole('tab', { name: s.webTab }).click();
      await page.getByRole('textbox', { name: s.webAddress }).fill('https://news.invalid/story');
      await page.getByRole('button', { name: s.fetch }).click();
      const webError = page.getByRole('alert').filter({ hasText: s.offline('news.invalid') });
      await expect(webError).toBeVisible();
      await expect(webError).not.toContainText(/ENOTFOUND|getaddrinfo/);
      const asked = page.waitForRequest((r) => r.url().includes('/api/v1/texts/from-url'));
      await webError.getByRole('button', { name: s.retry }).click();
      await asked;
      await expect(webError).toBeVisible();
      await fits(page, 'the web page form');
      await shot(page, `first-hour-offline-web-${lang}-${width}x${height}`);

      await page.goto('/feeds/new');
      await page.getByRole('textbox', { name: s.feedAddress }).fill('https://feeds.invalid/rss.xml');
      await page.getByRole('button', { name: s.check }).click();
      const feedError = page.getByRole('alert').filter({ hasText: s.offline('feeds.invalid') });
      await expect(feedError).toBeVisible();
      await expect(feedError.getByRole('button', { name: s.retry })).toBeVisible();
      await fits(page, 'the feed wizard');
      await shot(page, `first-hour-offline-feed-${lang}-${width}x${height}`);

      await page.goto(`/read/${text.TxID}`);
      await page.locator('.reader-text .w', { hasText: 'Haus' }).click();
      const panel = page.locator('aside.word-panel');
      await panel.locator('.dict-links a').first().click();
      const note = panel.locator('.web-dict-note');
      // Offline, no dead tab is opened: the panel says why and offers Retry.
      await expect(note).toContainText(s.notOpened);
      await expect(note).toContainText(s.offline('dict.invalid'));
      await expect(note.getByRole('button')).toBeVisible();
      expect(page.context().pages()).toHaveLength(1);
      await fits(page, 'the reader');
      await shot(page, `first-hour-offline-webdict-${lang}-${width}x${height}`);
    }
  });

test('the dictionary catalogue names its dictionaries in the interface language, on the card and in the toast; a download offline says so with Retry', async ({
  page,
}) => {
  const de = await seed(page, 'es');
  // The shipped catalogue's FreeDict German–English; its download is answered here (the real one is on the web):
  // what is checked is the wording the learner sees, the server's import has its own tests.
  await page.route('**/api/v1/local-dictionaries/import-curated', (route) =>
    route.fulfill({ json: { id: 1, name: 'FreeDict German–English', format: 'tei', imported: 3, skipped: 0, language_id: de.LgID } }),
  );
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto('/local-dictionaries');
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Diccionarios gratuitos para este idioma' }) });
    const entry = card.locator('li').filter({ hasText: 'FreeDict alemán–inglés' });
    await expect(entry).toContainText('Gran diccionario de alemán a inglés');
    await expect(card).not.toContainText('German');
    await fits(page, 'the dictionaries page');
    await entry.scrollIntoViewIfNeeded();
    await shot(page, `first-hour-catalogue-es-${width}x${height}`);
  }
  // Offline first: the server's answer for a download host that cannot be resolved (tests/api/offline.test.ts makes
  // it for real), said under the entry in Spanish with Retry; Retry then downloads.
  let offline = true;
  await page.route('**/api/v1/local-dictionaries/import-curated', (route) =>
    offline
      ? route.fulfill({
          status: 503,
          json: {
            code: 'net.offline',
            params: { host: 'download.freedict.org' },
            error: 'You seem to be offline: download.freedict.org could not be reached',
            reason: 'offline',
          },
        })
      : route.fallback(),
  );
  const entry = page.locator('.curated-list li').filter({ hasText: 'FreeDict alemán–inglés' });
  await entry.getByRole('button', { name: 'Descargar' }).click();
  const error = entry.getByRole('alert').filter({ hasText: say.es.offline('download.freedict.org') });
  await expect(error).toBeVisible();
  await expect(entry).not.toContainText('offline');
  await fits(page, 'the dictionaries page with a failed download');
  await shot(page, 'first-hour-catalogue-offline-es-360x740');
  offline = false;
  await error.getByRole('button', { name: say.es.retry }).click();
  await expect(page.getByText('FreeDict alemán–inglés: 3 entradas importadas')).toBeVisible();
  await shot(page, 'first-hour-catalogue-toast-es-360x740');
});

/** An .srt of three scenes: two sentences of two cues each, the scenes 4 s apart (a pause that ends a paragraph). */
function subtitles(): string {
  const lines = [
    ['Guten Morgen, liebe', 'Freunde.'],
    ['Heute ist ein', 'schöner Tag.'],
    ['Wir gehen in', 'den Park.'],
    ['Dort spielen die', 'Kinder.'],
    ['Am Abend kommen', 'alle nach Hause.'],
    ['Die Mutter kocht', 'eine Suppe.'],
  ];
  const stamp = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, '0')},${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
  let t = 0;
  let n = 1;
  let srt = '';
  lines.forEach((sentence, i) => {
    if (i > 0 && i % 2 === 0) t += 4;
    for (const cue of sentence) {
      srt += `${n++}\n${stamp(t)} --> ${stamp(t + 1.2)}\n${cue}\n\n`;
      t += 1.3;
    }
  });
  return srt;
}

for (const lang of LANGS)
  test(`a subtitle text keeps one paragraph per group of cues; well known is ✓ (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    const s = say[lang];
    await seed(page, lang);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-first-hour-'));
    const srt = path.join(dir, 'park.srt');
    fs.writeFileSync(srt, subtitles());
    try {
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.goto('/texts/new/subtitles');
        await fits(page, 'the subtitles form');
        // The file buttons stay inside the drop zone (at 360 px "Audio o vídeo…" ran past its border).
        const zone = (await page.locator('.drop-zone').boundingBox())!;
        await expect(page.locator('.drop-actions').getByRole('button')).toHaveCount(2);
        for (const b of await page.locator('.drop-actions').getByRole('button').all()) {
          const box = (await b.boundingBox())!;
          expect(box.x >= zone.x && box.x + box.width <= zone.x + zone.width, 'a file button inside the drop zone').toBe(true);
        }
        await shot(page, `first-hour-subtitles-form-${lang}-${width}x${height}`);
      }
      await page.getByLabel(s.language, { exact: true }).selectOption({ label: 'German' });
      await page.getByLabel(s.subtitleFile).setInputFiles(srt);
      await page.getByRole('button', { name: s.importSubtitles }).click();
      await expect(page).toHaveURL(/\/read\/\d+$/);
      const paragraphs = page.locator('.reader-text p');
      await expect(paragraphs).toHaveCount(3);
      await expect(paragraphs.nth(0)).toContainText('Guten Morgen, liebe Freunde. Heute ist ein schöner Tag.');
      await expect(paragraphs.nth(1)).toContainText('Wir gehen in den Park. Dort spielen die Kinder.');
      await expect(paragraphs.nth(2)).toContainText('Am Abend kommen alle nach Hause.');
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.locator('.reader-text .w', { hasText: 'Kinder' }).click();
        const wellKnown = page.locator('aside.word-panel').getByRole('radio', { name: lang === 'en' ? 'Well known' : 'Muy conocida' });
        await expect(wellKnown).toHaveText('✓');
        await expect(wellKnown).toHaveAttribute('title', lang === 'en' ? /^Well known \(W\)/ : /^Muy conocida \(W\)/);
        await expect(page.locator('aside.word-panel')).not.toContainText(/\bMC\b|WKn/);
        await fits(page, 'the reader');
        await shot(page, `first-hour-subtitle-text-${lang}-${width}x${height}`);
        await page.keyboard.press('Escape');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

// The new-text tabs at each size: in Spanish at 360 px the last tab ("Subtítulos") ran out of the window.
for (const lang of LANGS)
  test(`the new-text tabs fit the window at every size (${lang})`, async ({ page }) => {
    await seed(page, lang);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      for (const tab of ['/texts/new', '/texts/new/audio', '/texts/new/video', '/texts/new/subtitles']) {
        await page.goto(tab);
        const tabs = page.locator('.new-text-tabs').getByRole('tab');
        await expect(tabs).toHaveCount(4);
        for (const t of await tabs.all()) {
          const box = (await t.boundingBox())!;
          expect(box.x + box.width, `${tab}: tab "${await t.textContent()}" inside the window`).toBeLessThanOrEqual(width);
        }
        await fits(page, tab);
      }
      await shot(page, `first-hour-new-text-tabs-${lang}-${width}x${height}`);
    }
  });
