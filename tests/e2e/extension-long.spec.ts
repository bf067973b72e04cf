// The browser extension on a long page (issue 28): only the blocks near the window are in the highlights (Chromium
// re-marks every registered range on any change to the document, so what it tracks must follow the screen, not the
// page's length); a block far below takes its colours when it is scrolled near, with the statuses saved meanwhile;
// a status key recolours at once, and a save the server refuses puts the colour back.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall, shot, startServe, stopServe, type LectioServer } from './fixtures';
import { coloured, longArticle, startFixtureServer, type ColouredWord } from './extension-fixtures';
import { FakeTranslators } from '../helpers/fake-translators';
import { inPanel, launchWithExtension, panelText, type DomNode } from './extension-launch';

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

  test('the word panel fits the window and never covers the word; a suggestion is saved; failures in the error colour; mark known; the shortcut', async () => {
    // A local dictionary: the panel's suggestion for "Winter".
    const uploaded = await app.evaluate(async (lg) => {
      const form = new FormData();
      form.append('language_id', String(lg));
      form.append('LdName', 'Tiny de-en');
      form.append('file', new File(['Word,Translation\nWinter,winter season\n'], 'tiny.csv', { type: 'text/csv' }));
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      return (await fetch('/api/v1/local-dictionaries/upload', { method: 'POST', body: form, headers: { 'X-CSRF-TOKEN': token } })).status;
    }, de);
    expect(uploaded).toBe(200);
    // Sentence translation (issue 49) from a fake LibreTranslate on 127.0.0.1.
    const translators = await new FakeTranslators().start();
    await apiCall(app, 'POST', '/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: translators.url }], target: 'en' });
    const page = await context.newPage();
    await page.goto(`${fixtures.url}/de/lang.html`);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-lectio-annotate-ms'), undefined, { timeout: 30_000 });

    const panelNode = (nodes: DomNode[]) => nodes.find((n) => n.localName === 'div' && (n as { attributes?: string[] }).attributes?.includes('panel'));
    const panelBox = () =>
      inPanel(page, async (nodes, cdp) => {
        const node = panelNode(nodes);
        if (!node) return null;
        const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: node.nodeId })) as { model: { border: number[] } };
        const [left, top, , , right, bottom] = model.border;
        return { left, top, right, bottom };
      });
    /** The panel inside the window and off the word. */
    const fits = async (word: ColouredWord, view: { width: number; height: number }) => {
      const box = await panelBox();
      const w = word.box!;
      if (!box) return 'no panel';
      if (box.left < 0 || box.top < 0 || box.right > view.width || box.bottom > view.height) return `outside the window: ${JSON.stringify(box)}`;
      if (box.left < w.right && w.left < box.right && box.top < w.bottom && w.top < box.bottom) return `over the word: ${JSON.stringify({ box, w })}`;
      return 'fits';
    };
    /** Paragraph `k` scrolled to `y` in the window; its first coloured word. */
    const wordAtY = async (k: number, y: number): Promise<ColouredWord> => {
      await page.evaluate(([k, y]) => window.scrollBy(0, document.querySelectorAll('p')[k].getBoundingClientRect().top - y), [k, y]);
      let word: ColouredWord | undefined;
      await expect.poll(async () => (word = (await coloured(page, { within: `p:nth-of-type(${k + 1})` }))[0])?.box).toBeTruthy();
      return word!;
    };

    // The panel at the top, middle and bottom of a wide and a phone-sized window: inside the window, off the word.
    for (const view of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(view);
      for (const [where, y] of [
        ['top', 40],
        ['middle', view.height / 2 - 10],
        ['bottom', view.height - 40],
      ] as const) {
        const word = await wordAtY(12, y);
        await page.mouse.click(word.x, word.y);
        await expect(page.locator('lectio-panel')).toBeAttached();
        await expect.poll(() => fits(word, view)).toBe('fits');
        await shot(page, `extension-panel-${view.width}-${where}`);
        await page.keyboard.press('Escape');
      }
    }

    // A dictionary's suggestion is the translation's value: a status key saves it.
    await page.setViewportSize({ width: 1280, height: 800 });
    /** A word of that text in the window (the highlights hold the blocks a window height around it too). */
    const inView = async (text: string) => (await coloured(page, { text })).find((w) => w.y > 60 && w.y < 740)!;
    const winter = await inView('Winter');
    await page.mouse.click(winter.x, winter.y);
    await expect.poll(() => panelText(page)).toContain('winter season');
    // g: the sentence's translation under it in the panel, which still fits.
    await page.keyboard.press('g');
    await expect.poll(() => panelText(page)).toContain('[lt:en] Im Winter sucht er Futter in den Straßen der Stadt und findet oft etwas.');
    await expect.poll(() => fits(winter, { width: 1280, height: 800 })).toBe('fits');
    await shot(page, 'extension-panel-suggestion');
    await translators.close();
    await page.keyboard.press('3');
    await expect
      .poll(async () => (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=Winter`)).terms.find((t: { WoText: string }) => t.WoText === 'Winter'))
      .toMatchObject({ WoStatus: 3, WoTranslation: 'winter season' });
    await page.keyboard.press('Escape');

    // A failure is said in the error colour, with its reason.
    const kinder = await inView('Kinder');
    await page.mouse.click(kinder.x, kinder.y);
    await expect(page.locator('lectio-panel')).toBeAttached();
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const worker = context.serviceWorkers()[0];
    await worker.evaluate((s) => chrome.storage.local.set({ server: s }), dead);
    await page.keyboard.press('2');
    await expect.poll(() => panelText(page)).toContain(`Not saved: Lectio is not reachable at ${dead}`);
    const noteColour = await inPanel(page, async (nodes, cdp) => {
      const note = nodes.find((n) => (n as { attributes?: string[] }).attributes?.some((a) => a.split(' ').includes('note')))!;
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { computedStyle } = (await cdp.send('CSS.getComputedStyleForNode', { nodeId: note.nodeId })) as {
        computedStyle: { name: string; value: string }[];
      };
      return computedStyle.find((p) => p.name === 'color')?.value;
    });
    expect(noteColour).toBe('rgb(181, 64, 46)');
    await shot(page, 'extension-panel-failed');
    await worker.evaluate((s) => chrome.storage.local.set({ server: s, connection: 'connected' }), server.url);
    await page.keyboard.press('Escape');

    // "Mark the rest of this page known": a confirmation naming the count, one request, the page recoloured.
    const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)!.id!, page.url());
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html?tab=${tabId}`);
    const unknown = Number(await popup.locator('[data-count="ext.unknown"] b').textContent());
    expect(unknown).toBeGreaterThan(10);
    // The page's coverage (issue 50): words to learn for 95 % of its running words.
    expect(Number(await popup.locator('.coverage').getAttribute('data-n95'))).toBeGreaterThan(0);
    await expect(popup.locator('.coverage')).toContainText('words to know 95 %');
    await popup.locator('[data-action="mark-known"]').click();
    await expect(popup.locator('.confirm')).toContainText(`Mark the ${unknown} words`);
    await shot(popup, 'extension-popup-mark-known');
    await popup.locator('[data-action="mark-known-yes"]').click();
    await expect(popup.locator(`[data-marked="${unknown}"]`)).toBeVisible();
    await expect(popup.locator('[data-count="ext.unknown"] b')).toHaveText('0');
    await expect(popup.locator('.coverage')).toHaveAttribute('data-n95', '0');
    // Well known has no colour: only the words saved before are still painted.
    expect(new Set((await coloured(page)).map((w) => w.text))).toEqual(new Set(['Garten', 'Winter']));
    const fenster = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=fenster`)).terms[0];
    expect(fenster).toMatchObject({ WoStatus: 99 });

    // The keyboard shortcut's toggle (the manifest's command runs it): off, then on again for the site.
    await popup.evaluate((id) => chrome.runtime.sendMessage({ kind: 'toggleSite', tabId: id }), tabId);
    await expect.poll(() => coloured(page)).toEqual([]);
    await popup.evaluate((id) => chrome.runtime.sendMessage({ kind: 'toggleSite', tabId: id }), tabId);
    await expect.poll(async () => (await coloured(page)).length).toBeGreaterThan(0);
    await popup.close();
    await page.close();
  });
});
