// The browser extension end to end (issue 28): Debian Chromium with the unpacked extension (persistent context,
// --load-extension), `npm run serve`, fixture pages from 127.0.0.1. Pair through the app's Allow dialog → words
// coloured as in Lectio → click a word, press 3 → the term exists with the page's sentence and URL and every
// occurrence recolours → a multi-word term → send the page → the text exists → the other fixture pages (Spanish
// encyclopedia, Japanese, dynamic, form fields) → off restores the DOM exactly → revoke → "reconnect".
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall, shot, startServe, stopServe, type LectioServer } from './fixtures';
import { coloured, startFixtureServer } from './extension-fixtures';
import { inPanel, launchWithExtension, panelText } from './extension-launch';

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

/** The page's body as served, parsed the way the browser parsed it (to compare with the live DOM). */
const servedBody = (page: Page): Promise<string> =>
  page.evaluate(async () => new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html').body.innerHTML);

/** Clicks the panel's button whose text is `text`, where a learner would. */
async function clickInPanel(page: Page, text: string): Promise<void> {
  const at = await inPanel(page, async (nodes, cdp) => {
    const button = nodes.find((n) => n.localName === 'button' && n.children?.some((c) => c.nodeValue === text));
    if (!button) throw new Error(`no button “${text}” in the panel`);
    const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: button.nodeId })) as { model: { content: number[] } };
    const [x1, y1, , , x3, y3] = model.content;
    return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
  });
  await page.mouse.click(at.x, at.y);
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
    await apiCall(setup, 'POST', '/api/v1/terms/quick', { WoLgID: de, WoText: 'Fuchs', WoStatus: 2, WoTranslation: 'fox', WoNotes: 'my own note' });
    await apiCall(setup, 'POST', '/api/v1/terms/quick', { WoLgID: de, WoText: 'der', WoStatus: 99 });

    // A small local dictionary: the word panel suggests its translations.
    const csv = 'Word,Translation\nGarten,garden; yard\n';
    const uploaded = await setup.evaluate(
      async ({ csv, lg }) => {
        const form = new FormData();
        form.append('language_id', String(lg));
        form.append('LdName', 'Tiny de-en');
        form.append('file', new File([csv], 'tiny.csv', { type: 'text/csv' }));
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
        return (await fetch('/api/v1/local-dictionaries/upload', { method: 'POST', body: form, headers: { 'X-CSRF-TOKEN': token } })).status;
      },
      { csv, lg: de },
    );
    expect(uploaded).toBe(200);
    await setup.close();

    const app = await pair(context, extensionId, server, true);

    // Words coloured as their statuses in Lectio; the page's DOM is not changed at all (the colours are highlights).
    const article = await context.newPage();
    const articleUrl = `${fixtures.url}/de/artikel.html`;
    await article.goto(articleUrl);
    const words = (text: string, within?: string) => coloured(article, { text, within });
    await expect.poll(async () => (await words('Fuchs'))[0]?.status, { timeout: 15_000 }).toBe(2);
    expect((await words('Garten')).map((w) => w.status)).toEqual([0, 0, 0]);
    // Well known: nothing to paint, so not highlighted at all.
    expect(await words('Der')).toEqual([]);
    expect(await coloured(article, { within: 'script' })).toEqual([]);
    expect(await coloured(article, { within: 'a[href="https://example.org/hund"]' })).toMatchObject([{ text: 'laut', status: 0 }]);
    expect(await article.evaluate(() => document.body.innerHTML)).toBe(await servedBody(article));
    await shot(article, 'extension-german-article');

    // Click a word: the panel suggests the local dictionary's translation; take it, press 3: the term exists with the
    // translation, the page's sentence and address (its notes: a new term), and every occurrence recolours.
    const [garten] = await words('Garten', 'article p:nth-of-type(2)');
    await article.mouse.click(garten.x, garten.y);
    await expect(article.locator('lectio-panel')).toBeAttached();
    await expect.poll(() => panelText(article)).toContain('garden; yard');
    expect(await panelText(article)).toContain('Garten');
    await shot(article, 'extension-word-panel');
    // A click on the suggestion fills the translation, as in the reader's panel.
    await clickInPanel(article, 'garden; yard');
    await article.keyboard.press('3');
    await expect.poll(async () => (await words('Garten')).map((w) => w.status)).toEqual([3, 3, 3]);
    const garten3 = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=Garten`)).terms.find((t: { WoText: string }) => t.WoText === 'Garten');
    expect(garten3).toMatchObject({ WoStatus: 3, WoTranslation: 'garden; yard', WoSentence: 'Im Garten ist es still.', WoNotes: articleUrl });
    await article.keyboard.press('Escape');

    // A term already in Lectio keeps the learner's notes: the address goes only with a term's first save.
    const [fuchs] = await words('Fuchs', 'h1');
    await article.mouse.click(fuchs.x, fuchs.y);
    await article.keyboard.press('4');
    await expect.poll(async () => (await words('Fuchs')).every((w) => w.status === 4)).toBe(true);
    const fuchs4 = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=Fuchs`)).terms.find((t: { WoText: string }) => t.WoText === 'Fuchs');
    expect(fuchs4).toMatchObject({ WoStatus: 4, WoNotes: 'my own note', WoTranslation: 'fox' });
    await article.keyboard.press('Escape');

    // Drag over two words (from the middle of one to the middle of the next): a multi-word term, shown on every
    // occurrence. The click that ends the drag leaves the phrase's panel open.
    // The page is recoloured in place, not annotated again (issue 45): the same highlights before and after.
    await article.evaluate(() => ((window as unknown as { lectioBefore: unknown }).lectioBefore = CSS.highlights.get('lectio-s0')));
    const [guten] = await words('Guten', 'article p:nth-of-type(3)');
    const [morgen] = await words('Morgen', 'article p:nth-of-type(3)');
    await article.mouse.move(guten.x, guten.y);
    await article.mouse.down();
    await article.mouse.move(morgen.x, morgen.y, { steps: 4 });
    await article.mouse.up();
    await expect(article.locator('lectio-panel')).toBeAttached();
    await article.keyboard.press('4');
    await expect
      .poll(async () => (await coloured(article)).filter((w) => w.multi === 4).map((w) => w.text), { timeout: 15_000 })
      .toEqual(['guten', 'Morgen', 'Guten', 'Morgen']);
    expect(await article.evaluate(() => CSS.highlights.get('lectio-s0') === (window as unknown as { lectioBefore: unknown }).lectioBefore)).toBe(true);
    const multi = (await apiCall(app, 'GET', `/api/v1/terms?language_id=${de}&q=guten`)).terms.find((t: { WoTextLC: string }) => t.WoTextLC === 'guten morgen');
    expect(multi).toMatchObject({ WoStatus: 4, WoWordCount: 2, WoNotes: articleUrl });
    await article.evaluate(() => window.getSelection()!.removeAllRanges());
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
    // The page's title (issue 44: the popup said “”), a table as a line per row, the byline (the page's metadata) left out.
    await expect(popup.getByRole('status')).toHaveText('Sent: “Der Fuchs im Garten” is in Lectio.');
    const sent = await apiCall(app, 'GET', `/api/v1/texts/${/\/read\/(\d+)/.exec(reader.url())![1]}`);
    expect(sent.TxTitle).toBe('Der Fuchs im Garten');
    expect(sent.TxText).toContain('Tier | Farbe\nFuchs | rot\nHund | braun');
    expect(sent.TxText).toContain('Im Garten ist es still.');
    expect(sent.TxText).not.toContain('Anna Schmidt');
    await shot(popup, 'extension-popup-sent');
    await reader.close();
    await popup.close();

    // A Spanish encyclopedia page (tables, links, infobox) and a Japanese page (the same morphological parser).
    const es = await context.newPage();
    await es.goto(`${fixtures.url}/es/enciclopedia.html`);
    await expect.poll(async () => (await coloured(es, { text: 'Reino', within: 'table.infobox' })).map((w) => w.status), { timeout: 15_000 }).toEqual([0]);
    expect((await coloured(es, { within: 'a[href="#canidae"]' })).map((w) => w.text)).toEqual(['Canidae', 'cánidos']);
    await shot(es, 'extension-spanish-encyclopedia');
    const ja = await context.newPage();
    await ja.goto(`${fixtures.url}/ja/neko.html`);
    await expect.poll(async () => (await coloured(ja, { text: '猫' })).length, { timeout: 30_000 }).toBeGreaterThan(1);
    await shot(ja, 'extension-japanese');

    // A page that adds paragraphs after load: annotated as they appear, never twice.
    const dyn = await context.newPage();
    await dyn.goto(`${fixtures.url}/de/dynamisch.html`);
    await expect.poll(async () => (await coloured(dyn, { text: 'Bericht', within: 'p.late' })).length, { timeout: 15_000 }).toBe(2);
    expect(await coloured(dyn, { text: 'Bericht' })).toHaveLength(3);

    // Form fields, contenteditable, code and hidden text stay untouched.
    const form = await context.newPage();
    await form.goto(`${fixtures.url}/de/formular.html`);
    await expect.poll(async () => (await coloured(form, { within: 'main > p' })).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(form.locator('#ta')).toHaveValue('Der Fuchs im Textfeld');
    expect(await coloured(form, { within: '#ce, pre, p[hidden], textarea' })).toEqual([]);

    // Off: the colours go, and the DOM is the page's as served (it was never changed).
    await article.bringToFront();
    const offPopup = await context.newPage();
    await offPopup.goto(`chrome-extension://${extensionId}/popup.html?tab=${articleTab}`);
    await offPopup.locator('#onoff').uncheck();
    await expect.poll(() => coloured(article)).toEqual([]);
    expect(await article.evaluate(() => [...CSS.highlights.keys()].filter((k) => k.startsWith('lectio-')))).toEqual([]);
    expect(await article.evaluate(() => document.body.innerHTML)).toBe(await servedBody(article));
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
  test('Lectio unreachable: a quiet badge and a line in the popup; nothing on the page changes', async () => {
    // A port nobody listens on: bound, then closed.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadServer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const worker = context.serviceWorkers()[0];
    await worker.evaluate((s) => chrome.storage.local.set({ server: s, token: 'paired-before', connection: 'connected' }), deadServer);

    const page = await context.newPage();
    await page.goto(`${fixtures.url}/de/artikel.html`);
    await expect.poll(() => worker.evaluate(() => chrome.action.getBadgeText({})), { timeout: 15_000 }).toBe('×');
    // Nothing on the page: no colours, no style, the DOM as served.
    expect(await coloured(page)).toEqual([]);
    expect(await page.evaluate(() => document.head.querySelectorAll('style').length)).toBe(1);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(await servedBody(page));

    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const line = popup.locator('[data-connection="unreachable"]');
    await expect(line).toBeVisible({ timeout: 15_000 });
    await expect(line).toContainText(deadServer);
    await shot(popup, 'extension-popup-unreachable');
    // The token is kept: Lectio coming back is not a reason to pair again.
    expect(await worker.evaluate(async () => (await chrome.storage.local.get('token')).token)).toBe('paired-before');
  });
});
