// The browser extension on a long page (issue 28): only the blocks near the window are in the highlights (Chromium
// re-marks every registered range on any change to the document, so what it tracks must follow the screen, not the
// page's length); a block far below takes its colours when it is scrolled near, with the statuses saved meanwhile;
// a status key recolours at once, and a save the server refuses puts the colour back.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall, shot, startServe, stopServe, type LectioServer } from './fixtures';
import { coloured, longArticle, startFixtureServer } from './extension-fixtures';
import { launchWithExtension, panelText } from './extension-launch';

test.describe('browser extension on a long page', () => {
  test.setTimeout(180_000);
  let server: LectioServer;
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let context: BrowserContext;
  let userDataDir = '';
  let app: Page;
  let de = 0;

  test.beforeAll(async () => {
    server = await startServe();
    fixtures = await startFixtureServer({ '/de/lang.html': longArticle(3000) });
    let extensionId = '';
    ({ context, extensionId, userDataDir } = await launchWithExtension({ bench: true }));
    app = await context.newPage();
    await app.goto(server.url);
    de = (await apiCall(app, 'POST', '/api/v1/languages', { LgName: 'German' })).LgID;
    await apiCall(app, 'POST', '/api/v1/terms/quick', { WoLgID: de, WoText: 'Garten', WoStatus: 2 });
    // A paired token, as the Allow dialog gives it (extension.spec.ts pairs through the dialog).
    const { token } = await apiCall(app, 'POST', '/api/v1/auth/tokens', { name: 'Lectio for Chromium', origin: `chrome-extension://${extensionId}` });
    await context.serviceWorkers()[0].evaluate(([s, t]) => chrome.storage.local.set({ server: s, token: t, connection: 'connected' }), [server.url, token]);
  });
  test.afterAll(async () => {
    await context?.close();
    await fixtures?.close();
    if (server) await stopServe(server);
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  test('colours the blocks near the window, the rest as they come near, with what was saved meanwhile', async () => {
    const page = await context.newPage();
    await page.goto(`${fixtures.url}/de/lang.html`);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-lectio-annotate-ms'), undefined, { timeout: 30_000 });
    const paragraphs = await page.locator('p').count();
    expect(paragraphs).toBeGreaterThan(40);
    // The first paragraphs are coloured; the last is not in the highlights (yet), and nothing of the page changed.
    const top = await coloured(page, { text: 'Garten', within: 'p:first-of-type' });
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((w) => w.status === 2)).toBe(true);
    expect(await coloured(page, { within: 'p:last-of-type' })).toEqual([]);
    const registered = await page.evaluate(() => [...CSS.highlights.values()].reduce((n, h) => n + h.size, 0));
    expect(registered).toBeGreaterThan(100);
    expect(registered).toBeLessThan(1500);
    expect(await page.locator('lectio-w, [data-lectio]').count()).toBe(0);
    await shot(page, 'extension-long-top');

    // Enter (a status key) recolours every occurrence at once, those far below included once they come near.
    const [garten] = await coloured(page, { text: 'Garten', within: 'p:first-of-type' });
    await page.mouse.click(garten.x, garten.y);
    await expect(page.locator('lectio-panel')).toBeAttached();
    await page.keyboard.press('4');
    await expect.poll(async () => (await coloured(page, { text: 'Garten' })).every((w) => w.status === 4)).toBe(true);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-lectio-save-ms'));
    expect(Number(await page.getAttribute('html', 'data-lectio-recolour-ms'))).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.locator('p:last-of-type').scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        const bottom = await coloured(page, { text: 'Garten', within: 'p:last-of-type' });
        return bottom.length > 0 && bottom.every((w) => w.status === 4);
      })
      .toBe(true);
    // Scrolled away from the top: its blocks leave the highlights.
    await expect.poll(() => coloured(page, { within: 'p:first-of-type' })).toEqual([]);
    await shot(page, 'extension-long-bottom');
    const garten4 = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=Garten`)).terms.find((t: { WoText: string }) => t.WoText === 'Garten');
    expect(garten4).toMatchObject({ WoStatus: 4 });
    // The popup's counts cover the whole page, not only what is shown.
    const counts = (await context.serviceWorkers()[0].evaluate(async (url) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === url)!;
      return chrome.tabs.sendMessage(tab.id!, { kind: 'counts' });
    }, page.url())) as { words: number };
    expect(counts.words).toBeGreaterThan(2900);
    await page.close();
  });

  test('a save the server refuses puts the colour back', async () => {
    const page = await context.newPage();
    await page.goto(`${fixtures.url}/de/lang.html`);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-lectio-annotate-ms'), undefined, { timeout: 30_000 });
    const [fenster] = await coloured(page, { text: 'Fenster', within: 'p:first-of-type' });
    expect(fenster.status).toBe(0);
    // Between the click and the key, Lectio's place is taken by a server that fails every request after a while: the
    // colour changes at the key, then comes back when the failure arrives.
    const failing = http.createServer((_req, res) => setTimeout(() => res.writeHead(500, { 'content-type': 'application/json' }).end('{}'), 3000));
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    await page.mouse.click(fenster.x, fenster.y);
    await expect(page.locator('lectio-panel')).toBeAttached();
    const worker = context.serviceWorkers()[0];
    await worker.evaluate((s) => chrome.storage.local.set({ server: s }), `http://127.0.0.1:${(failing.address() as AddressInfo).port}`);
    await page.keyboard.press('3');
    const statuses = async () => (await coloured(page, { text: 'Fenster', within: 'p:first-of-type' })).map((w) => w.status);
    await expect.poll(statuses, { timeout: 2500 }).toEqual([3]);
    await expect.poll(statuses).toEqual([0]);
    expect(await page.getAttribute('html', 'data-lectio-save-ms')).toBeNull();
    // The panel says so, in words (it stays open with what was typed, to try again): the extension's own, as the
    // answer carries no message.
    await expect.poll(() => panelText(page)).toContain('Not saved: Lectio answered HTTP 500');
    await worker.evaluate((s) => chrome.storage.local.set({ server: s, connection: 'connected' }), server.url);
    await new Promise<void>((r) => failing.close(() => r()));
    await page.close();
  });
});
