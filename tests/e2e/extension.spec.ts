// The browser extension end to end (issue 28): Debian Chromium with the unpacked extension (persistent context,
// --load-extension), `npm run serve`, fixture pages from 127.0.0.1. Pair through the app's Allow dialog → words
// coloured as in Lectio → click a word, press 3 → the term exists with the page's sentence and URL and every
// occurrence recolours → a multi-word term → send the page → the text exists → the other fixture pages (Spanish
// encyclopedia, Japanese, dynamic, form fields) → off restores the DOM exactly → revoke → "reconnect".
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../../playwright.config';
import { apiCall, ROOT, shot, startServe, stopServe, type LectioServer } from './fixtures';
import { startFixtureServer } from './extension-fixtures';

const EXTENSION = path.join(ROOT, 'dist/extension/chromium');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchWithExtension(): Promise<{ context: BrowserContext; extensionId: string; userDataDir: string }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-ext-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 760 },
    args: [`--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`, ...ARGS],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, extensionId: new URL(worker.url()).host, userDataDir };
}

/** Pairs through the popup and the app's Allow dialog; returns the app page. */
export async function pair(context: BrowserContext, extensionId: string, server: LectioServer, screenshots = false): Promise<Page> {
  const app = await context.newPage();
  await app.goto(server.url);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.locator('#server').fill(server.url);
  await popup.getByRole('button', { name: 'Connect' }).click();
  const code = (await popup.locator('.code').textContent({ timeout: 10_000 }))!;
  expect(code).toMatch(/^\d{4}$/);
  if (screenshots) await shot(popup, 'extension-popup-pairing');
  await app.bringToFront();
  const dialog = app.getByTestId('pairing-dialog');
  await expect(dialog).toContainText(`Allow ‘Lectio for Chromium’ (code ${code}) to read and change your library?`, { timeout: 15_000 });
  if (screenshots) await shot(app, 'extension-allow-dialog');
  await dialog.getByRole('button', { name: 'Allow' }).click();
  await popup.bringToFront();
  await expect(popup.locator('[data-connection="connected"]')).toBeVisible({ timeout: 15_000 });
  await popup.close();
  return app;
}

const tabIdOf = async (context: BrowserContext, url: string): Promise<number> => {
  const worker = context.serviceWorkers()[0];
  return worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)!.id!, url);
};

test.describe('browser extension', () => {
  test.setTimeout(180_000);
  let server: LectioServer;
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let context: BrowserContext;
  let extensionId = '';
  let userDataDir = '';

  test.beforeAll(async () => {
    server = await startServe();
    fixtures = await startFixtureServer();
    ({ context, extensionId, userDataDir } = await launchWithExtension());
  });
  test.afterAll(async () => {
    await context?.close();
    await fixtures?.close();
    if (server) await stopServe(server);
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  test('pairs, colours, saves words and phrases, sends the page, turns off exactly, and says when it is revoked', async () => {
    // Lectio's side: three languages and two terms the German page should show.
    const setup = await context.newPage();
    await setup.goto(server.url);
    const de = (await apiCall(setup, 'POST', '/api/v1/languages', { LgName: 'German' })).LgID as number;
    await apiCall(setup, 'POST', '/api/v1/languages', { LgName: 'Spanish' });
    await apiCall(setup, 'POST', '/api/v1/languages', { LgName: 'Japanese' });
    await apiCall(setup, 'POST', '/api/v1/terms/quick', { WoLgID: de, WoText: 'Fuchs', WoStatus: 2, WoTranslation: 'fox' });
    await apiCall(setup, 'POST', '/api/v1/terms/quick', { WoLgID: de, WoText: 'der', WoStatus: 99 });
    await setup.close();

    const app = await pair(context, extensionId, server, true);

    // Words coloured as their statuses in Lectio.
    const article = await context.newPage();
    const articleUrl = `${fixtures.url}/de/artikel.html`;
    await article.goto(articleUrl);
    const word = (text: string) => article.locator('lectio-w', { hasText: new RegExp(`^${text}$`) });
    await expect(word('Fuchs').first()).toHaveAttribute('data-s', '2', { timeout: 15_000 });
    await expect(word('Garten').first()).toHaveAttribute('data-s', '0');
    await expect(word('Der').first()).toHaveAttribute('data-s', '99');
    // Scripts are never annotated; links keep their href and text.
    expect(await article.locator('script lectio-w').count()).toBe(0);
    await expect(article.locator('a[href="https://example.org/hund"]')).toHaveText('laut');
    await shot(article, 'extension-german-article');

    // Click a word, press 3: the term exists with the page's sentence and URL; every occurrence recolours.
    const gartenCount = await word('Garten').count();
    expect(gartenCount).toBe(3);
    await article
      .locator('p', { hasText: 'Im Garten ist es still' })
      .locator('lectio-w', { hasText: /^Garten$/ })
      .click();
    await expect(article.locator('lectio-panel')).toBeAttached();
    await shot(article, 'extension-word-panel');
    await article.keyboard.press('3');
    for (let i = 0; i < gartenCount; i++) await expect(word('Garten').nth(i)).toHaveAttribute('data-s', '3');
    const garten = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=Garten`)).terms.find((t: { WoText: string }) => t.WoText === 'Garten');
    expect(garten).toMatchObject({ WoStatus: 3, WoSentence: 'Im Garten ist es still.', WoNotes: articleUrl });
    await article.keyboard.press('Escape');

    // Select two words: a multi-word term, shown on every occurrence.
    await article.evaluate(() => {
      const p = [...document.querySelectorAll('p')].find((x) => x.textContent!.startsWith('Guten Morgen'))!;
      const words = [...p.querySelectorAll('lectio-w')];
      const range = document.createRange();
      range.setStartBefore(words[0]);
      range.setEndAfter(words[1]);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      p.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    await expect(article.locator('lectio-panel')).toBeAttached();
    await article.keyboard.press('4');
    await expect(article.locator('lectio-w[data-m="4"]')).toHaveCount(4, { timeout: 15_000 });
    const multi = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=guten`)).terms.find((t: { WoTextLC: string }) => t.WoTextLC === 'guten morgen');
    expect(multi).toMatchObject({ WoStatus: 4, WoWordCount: 2 });
    await shot(article, 'extension-multiword');

    // The popup's counts, then "Send the page to Lectio": the text exists, with the page's address as its source.
    const articleTab = await tabIdOf(context, articleUrl);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${articleTab}`);
    await expect(popup.locator('[data-count="ext.words"] b')).not.toHaveText('0');
    await shot(popup, 'extension-popup');
    const opened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Send the page to Lectio' }).click();
    const reader = await opened;
    await reader.waitForURL(/\/read\/\d+/);
    const texts = (await apiCall(app, 'GET', `/api/v1/texts?language_id=${de}`)).items;
    expect(texts.map((t: { TxTitle: string }) => t.TxTitle)).toContain('Der Fuchs im Garten');
    await reader.close();
    await popup.close();

    // A Spanish encyclopedia page (tables, links, infobox) and a Japanese page (the same morphological parser).
    const es = await context.newPage();
    await es.goto(`${fixtures.url}/es/enciclopedia.html`);
    await expect(es.locator('table.infobox lectio-w', { hasText: /^Reino$/ })).toHaveAttribute('data-s', '0', { timeout: 15_000 });
    await expect(es.locator('a[href="#canidae"] lectio-w')).toHaveCount(2);
    await shot(es, 'extension-spanish-encyclopedia');
    const ja = await context.newPage();
    await ja.goto(`${fixtures.url}/ja/neko.html`);
    await expect(ja.locator('lectio-w', { hasText: /^猫$/ }).first()).toBeVisible({ timeout: 30_000 });
    await shot(ja, 'extension-japanese');

    // A page that adds paragraphs after load: annotated as they appear, never twice.
    const dyn = await context.newPage();
    await dyn.goto(`${fixtures.url}/de/dynamisch.html`);
    await expect(dyn.locator('p.late lectio-w', { hasText: /^Bericht$/ })).toHaveCount(2, { timeout: 15_000 });
    expect(await dyn.locator('lectio-w lectio-w').count()).toBe(0);
    expect(await dyn.locator('lectio-w', { hasText: /^Bericht$/ }).count()).toBe(3);

    // Form fields, contenteditable, code and hidden text stay untouched.
    const form = await context.newPage();
    await form.goto(`${fixtures.url}/de/formular.html`);
    await expect(form.locator('main > p lectio-w').first()).toBeAttached({ timeout: 15_000 });
    await expect(form.locator('#ta')).toHaveValue('Der Fuchs im Textfeld');
    expect(await form.locator('#ce lectio-w, pre lectio-w, p[hidden] lectio-w').count()).toBe(0);

    // Off restores the DOM exactly (compared with the page as served, parsed the same way).
    await article.bringToFront();
    const offPopup = await context.newPage();
    await offPopup.goto(`chrome-extension://${extensionId}/popup.html?tab=${articleTab}`);
    await offPopup.locator('#onoff').uncheck();
    await expect(article.locator('lectio-w')).toHaveCount(0);
    const [now, served] = await article.evaluate(async () => {
      const html = await (await fetch(location.href)).text();
      return [document.body.innerHTML, new DOMParser().parseFromString(html, 'text/html').body.innerHTML];
    });
    expect(now).toBe(served);
    await offPopup.close();

    // Revoke in Connected apps: the extension says it must reconnect.
    const tokens = await apiCall(app, 'GET', '/api/v1/auth/tokens');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: 'Lectio for Chromium', origin: `chrome-extension://${extensionId}` });
    await apiCall(app, 'DELETE', `/api/v1/auth/tokens/${tokens[0].id}`);
    const after = await context.newPage();
    await after.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(after.locator('[data-connection="reconnect"]')).toBeVisible({ timeout: 15_000 });
    await shot(after, 'extension-popup-reconnect');
  });
});
