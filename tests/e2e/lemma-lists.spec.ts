// Runs in: Playwright (Chromium). Issue 17 in the UI: downloading a curated lemma list from the language settings
// (the server fetches it through the guarded fetcher from a fake mirror on 127.0.0.1, allowed with
// --allow-outbound-host; the `lemmaListsMirrorUrl` setting points there), its result and a failure in plain words;
// then the reader's "family known" underline, switched on in Settings.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, shot, apiCall, startServe, stopServe, type LectioServer } from './fixtures';

// michmech's format: lemma TAB form, a BOM, CRLF.
const LIST = '\uFEFFhablar\thablaba\r\nhablar\thablamos\r\ncasa\tcasas\r\nir\tfuimos\r\n';

interface Mirror {
  url: string;
  close: () => Promise<void>;
}

const test = base.extend<{ mirror: Mirror; server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  mirror: async ({}, use) => {
    const server = http.createServer((req, res) => {
      if (req.url === '/lists/lemmatization-es.txt') res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(LIST);
      else res.writeHead(404).end('not here');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    await use({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) });
    server.close();
  },
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({}, ['--allow-outbound-host', '127.0.0.1']);
    await use(server);
    await stopServe(server);
  },
});

test('download a lemma list in the language settings, then see "family known" in the reader', async ({ page, mirror }) => {
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' });
  // A mirror path without the file first: the failure is said in plain words.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'lemmaListsMirrorUrl', value: `${mirror.url}/elsewhere/` });
  await page.goto(`/languages/${es.LgID}/edit`);
  const panel = page.getByTestId('lemma-downloads');
  await expect(panel).toContainText('Spanish lemmatization list (michmech)');
  await expect(panel).toContainText('licence ODbL 1.0');
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByRole('alert')).toContainText('Could not download Spanish lemmatization list (michmech): the list is no longer at its address.');
  await expect(panel.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'lemma-download-failed');

  await apiCall(page, 'POST', '/api/v1/settings', { key: 'lemmaListsMirrorUrl', value: `${mirror.url}/lists/` });
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByTestId('lemma-download-result')).toHaveText(
    'Spanish lemmatization list (michmech): 4 word forms saved as this language’s lemma list.',
  );
  // The language now uses the list first.
  await expect(page.getByTestId('lemma-active-source')).toContainText('your lemma list');
  await expect(panel).toContainText('Downloading replaces your current lemma list');
  await shot(page, 'lemma-download-done');
  expect((await apiCall(page, 'GET', `/api/v1/lemmas/suggest?language_id=${es.LgID}&word=fuimos`)).lemma).toBe('ir');

  // "Family known": hablar is known; hablaba (not saved) is underlined once the setting is on.
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: es.LgID, WoText: 'hablar', WoStatus: 5 });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: es.LgID,
    TxTitle: 'En casa',
    TxText: 'Yo hablaba en casa. Hablar es fácil. Fuimos allí: ir es bueno.',
  });
  const underline = (word: string) =>
    page
      .locator('.reader-text .w', { hasText: new RegExp(`^${word}$`) })
      .evaluate((el) => getComputedStyle(el).textDecorationLine + ' ' + getComputedStyle(el).textDecorationStyle);
  await page.goto(`/read/${text.TxID}`);
  await expect(page.locator('.reader-text')).toContainText('Yo hablaba en casa.');
  expect(await underline('hablaba')).toBe('none solid');

  await page.goto('/settings');
  await page.getByLabel('Underline unknown words whose word family you know').check();
  // The page saves the setting in the background: wait for it before leaving the page.
  await expect.poll(async () => (await apiCall(page, 'GET', '/api/v1/settings')).readerFamilyKnown).toBe('1');
  await page.goto(`/read/${text.TxID}`);
  await expect.poll(() => underline('hablaba')).toBe('underline dotted');
  // Words without a known family, and the known lemma itself, are not underlined.
  expect(await underline('casa')).toBe('none solid');
  expect(await underline('Hablar')).toBe('none solid');
  await shot(page, 'reader-family-known');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await shot(page, 'reader-family-known-dark');
  // Saving hablaba as a term of its own takes the mark away at once.
  await page.locator('.reader-text .w', { hasText: /^hablaba$/ }).click();
  await page.keyboard.press('1');
  await expect.poll(() => underline('hablaba')).toBe('none solid');
  // Knowing a lemma while reading marks its forms at once: "ir" saved as known underlines "Fuimos" (lemma ir).
  expect(await underline('Fuimos')).toBe('none solid');
  await page.locator('.reader-text .w', { hasText: /^ir$/ }).click();
  await page.keyboard.press('5');
  await expect.poll(() => underline('Fuimos')).toBe('underline dotted');
  await shot(page, 'reader-family-known-live');
});
