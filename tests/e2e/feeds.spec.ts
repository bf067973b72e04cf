// Feed wizard end to end, against a fake news site on 127.0.0.1 reached through the deliberate CLI switch
// --allow-outbound-host: check the address, open an article in the sandboxed preview, pick the article section by
// clicking, remove an element by clicking, save; import two articles from the manager; read one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, shot, shotAtEachSize, apiCall, ROOT, hasFixtures, type LectioServer } from './fixtures';
import { startFakeSite, type FakeSite } from '../helpers/fake-site';
import { axeViolations } from './axe';

async function startServeAllowing(host: string): Promise<LectioServer & { stderr: () => string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-e2e-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/main/serve.js'), '--port', '0', '--data-dir', dataDir, '--allow-outbound-host', host], {
    cwd: ROOT,
    env: { ...process.env, NLP_SERVICE_URL: 'http://127.0.0.1:9', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}${err}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Lectio listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}${err}`)));
  });
  return { url, dataDir, process: child, stderr: () => err };
}

const test = base.extend<{ site: FakeSite; server: LectioServer & { stderr: () => string } }>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, use) => {
    const site = await startFakeSite();
    await use(site);
    await site.close();
  },
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServeAllowing('127.0.0.1');
    await use(server);
    await new Promise<void>((resolve) => {
      server.process.once('exit', () => resolve());
      server.process.kill('SIGTERM');
    });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  },
});

test('wizard: pick the article section by clicking, save, import two articles, read one', async ({ page, site, server }) => {
  test.skip(!hasFixtures, 'the fake site serves the fixture feeds');
  expect(server.stderr()).toContain('OUTBOUND GUARD OPENED for host 127.0.0.1');
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await page.goto('/feeds');
  await expect(page.getByRole('heading', { name: 'No feeds yet' })).toBeVisible();
  await shot(page, 'feeds-empty');

  await page.getByRole('link', { name: 'New feed' }).first().click();
  await expect(page).toHaveURL(/\/feeds\/new$/);
  // A web page first: its announced feeds are offered.
  await page.getByRole('textbox', { name: 'Feed or web page address' }).fill(`${site.base}/page.html`);
  await page.getByRole('button', { name: 'Check address' }).click();
  await expect(page.getByText('This address is a web page, not a feed; it announces the feeds listed here')).toBeVisible();
  await shot(page, 'feeds-wizard-discovery');
  await page.getByRole('button', { name: 'Use' }).first().click();

  await expect(page.getByRole('heading', { name: '2. Articles and the article section' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Headline number 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Headline number 2' }).click();

  // The sandboxed preview: no scripts can run in it.
  const frameEl = page.locator('iframe.preview-frame');
  await expect(frameEl).toHaveAttribute('sandbox', 'allow-same-origin');
  const frame = page.frameLocator('iframe.preview-frame');
  await expect(frame.locator('h1')).toHaveText('Headline number 2');
  expect(await frame.locator('script, img').count()).toBe(0);

  // Click the headline, then widen to the enclosing article.
  await frame.locator('h1').click();
  await expect(page.getByRole('textbox', { name: 'Article section selector' })).toHaveValue('article.story > h1');
  await page.getByRole('button', { name: 'Wider' }).click();
  await expect(page.getByRole('textbox', { name: 'Article section selector' })).toHaveValue('article.story');
  const extracted = page.getByLabel('Extracted text');
  await expect(extracted).toContainText('The council met on Monday');
  await expect(extracted).toContainText('Buy cheap watches');
  await expect(extracted).not.toContainText('Related: other stories');

  // Remove the advert by clicking it.
  await page.getByRole('button', { name: 'Remove elements' }).click();
  await frame.locator('.ad').click();
  await expect(page.getByRole('list', { name: 'Removed elements' })).toContainText('div.ad');
  await expect(extracted).not.toContainText('Buy cheap watches');
  await shot(page, 'feeds-wizard-picked');

  await page.getByRole('textbox', { name: 'Name' }).fill('Fake News');
  await page.getByRole('button', { name: 'Save and fetch articles' }).click();
  await expect(page).toHaveURL(/\/feeds\?feed=\d+$/);
  const articles = page.getByRole('region', { name: 'Articles of Fake News' });
  await expect(articles.getByText('Headline number 1')).toBeVisible();
  await expect(page.locator('.feeds-table')).toContainText('4 new');
  await shot(page, 'feeds-manager');

  await articles.getByRole('checkbox', { name: 'Select Headline number 1' }).check();
  await articles.getByRole('checkbox', { name: 'Select Headline number 3' }).check();
  await articles.getByRole('button', { name: 'Import 2 as texts' }).click();
  await expect(page.getByText('2 texts created')).toBeVisible();
  await expect(articles.getByRole('link', { name: 'Read' })).toHaveCount(2);
  await shot(page, 'feeds-imported');

  await articles.getByRole('link', { name: 'Read' }).first().click();
  await expect(page).toHaveURL(/\/read\/\d+/);
  await expect(page.getByText('council', { exact: true }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Buy cheap watches');
  await shot(page, 'feeds-read');

  // Dark mode look of the wizard with a preview open.
  await page.goto('/feeds');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect(page.locator('.feeds-table')).toContainText('Fake News');
  await shot(page, 'feeds-manager-dark');
});

test('open library and a web article: coverage, one-click import, "From a web page" in New text', async ({ page, site }) => {
  test.skip(!hasFixtures, 'the fake site serves the fixture feeds');
  await page.goto('/');
  const en = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'gutendexUrl', value: `${site.base}/gutendex` });
  await page.goto('/open-library');
  await expect(page.getByText('A Tiny Tale')).toBeVisible();
  await page.getByRole('button', { name: 'Preview coverage' }).click();
  await expect(page.locator('.coverage')).toContainText('0% known');
  await expect(page.locator('.level-badge').first()).toHaveText('hard');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('link', { name: 'Open book' })).toBeVisible();
  await shot(page, 'open-library');

  // In Spanish a fractional coverage is written the Spanish way ("4,3 %") and the level is Spanish (it said "hard").
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: en.LgID, WoText: 'barn', WoStatus: 5 });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  await page.reload();
  await page.getByRole('button', { name: 'Ver cobertura' }).click();
  await expect(page.locator('.coverage')).toHaveText(/^difícil \d+,\d\u00a0% conocido · \d+ palabras distintas$/);
  await shot(page, 'open-library-es');
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'en' });

  await page.goto('/texts/new');
  await page.getByRole('tab', { name: 'From a web page' }).click();
  await page.getByRole('textbox', { name: 'Web page address' }).fill(`${site.base}/article/1.html`);
  await page.getByRole('button', { name: 'Fetch article' }).click();
  await expect(page.locator('textarea').first()).toHaveValue(/The council met on Monday/);
  await shot(page, 'text-from-web-page');
});

// Issue 32: the wizard took the name (and kept the language) of the feed checked before; the declared language
// (`<language>`, `xml:lang`) was ignored, and Portuguese RFC 822 or zone-less ISO dates showed as "—".
// Each language checks at 1280 (English) or 360 (Spanish) px and is looked at in all three sizes.
for (const run of [
  { lang: 'en', width: 1280, height: 800, languageLabel: 'Language', check: 'Check address' },
  { lang: 'es', width: 360, height: 740, languageLabel: 'Idioma', check: 'Comprobar dirección' },
] as const) {
  test(`wizard (${run.lang}, ${run.width}px): name and language come from the feed just checked; localised dates are read`, async ({ page, site }) => {
    await page.setViewportSize({ width: run.width, height: run.height });
    await page.goto('/');
    const pt = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Portuguese', LgIsoCode: 'pt' })).LgID as number;
    const de = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).LgID as number;
    if (run.lang === 'es') await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await page.goto('/feeds/new');
    const address = page.locator('input[type=url], input[name=url]').first();
    const name = page.getByRole('textbox', { name: run.lang === 'en' ? 'Name' : 'Nombre' });
    const language = page.getByRole('combobox', { name: run.languageLabel, exact: true });

    await address.fill(`${site.base}/noticias.rss`);
    await page.getByRole('button', { name: run.check }).click();
    await expect(name).toHaveValue('Notícias do Brasil');
    await expect(language).toHaveValue(String(pt));
    const items = page.locator('.probe-items li');
    await expect(items.first()).toContainText('2026');
    await expect(items.nth(1)).toContainText('2025');
    await expect(page.locator('.probe-items')).not.toContainText('—');
    await shotAtEachSize(page, `feeds-wizard-portuguese-${run.lang}`);
    // The wizard after a check (items, name, language) has no serious or critical axe violation.
    expect(await axeViolations(page)).toEqual([]);

    // A second feed in the same wizard: its own name and declared language, not the first one's.
    await address.fill(`${site.base}/nachrichten.atom`);
    await page.getByRole('button', { name: run.check }).click();
    await expect(name).toHaveValue('Deutsche Nachrichten');
    await expect(language).toHaveValue(String(de));
    await expect(items.first()).toContainText('2026');
    await expect(page.locator('.probe-items')).not.toContainText('—');
    // The address field keeps a readable width at every size (at 360 px the button squeezed it to 40 px).
    await shotAtEachSize(page, `feeds-wizard-german-${run.lang}`, async () =>
      expect((await address.boundingBox())!.width, 'the address field is wide enough to read').toBeGreaterThan(200),
    );
  });
}
