// Runs in: Playwright (Chromium). Issue 51 item 7: a feed that declares a language the learner does not have
// (`<language>pl</language>`) is not filed under the current language: the wizard says "The feed says: Polish"
// and offers to add it; added from its preset, it is chosen. English and Spanish, 1280×800 and 360×740. The feed
// comes from a small server on 127.0.0.1 (reached through serve's --allow-outbound-host switch).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, shotAtEachSize, apiCall, startServe, stopServe, type LectioServer } from './fixtures';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Wiadomości</title><link>http://127.0.0.1/</link><language>pl</language>
<item><title>Kot na dachu</title><link>http://127.0.0.1/kot.html</link><description>Kot siedzi na dachu.</description></item>
</channel></rss>`;

const test = base.extend<{ feedUrl: string; server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  feedUrl: async ({}, use) => {
    const site = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' }).end(RSS));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    await use(`http://127.0.0.1:${(site.address() as AddressInfo).port}/feed.xml`);
    site.closeAllConnections();
    await new Promise<void>((r) => site.close(() => r()));
  },
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({}, ['--allow-outbound-host', '127.0.0.1']);
    await use(server);
    await stopServe(server);
  },
});

const SAY = {
  en: {
    address: 'Feed or web page address',
    check: 'Check address',
    says: 'The feed says: Polish — no language of yours matches.',
    add: 'Add Polish',
    chosen: 'The feed says: Polish',
    created: 'Polish',
  },
  es: {
    address: 'Dirección de la fuente o de la página web',
    check: 'Comprobar dirección',
    says: 'La fuente dice: polaco; no coincide con ninguno de tus idiomas.',
    add: 'Añadir polaco',
    chosen: 'La fuente dice: polaco',
    created: 'Polaco',
  },
} as const;

for (const lang of ['en', 'es'] as const)
  test(`a feed in a language you do not have says so and offers to add it (${lang})`, async ({ page, feedUrl }) => {
    const say = SAY[lang];
    await page.goto('/');
    const german = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(german.LgID) });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    await page.goto('/feeds/new');
    await page.getByRole('textbox', { name: say.address }).fill(feedUrl);
    await page.getByRole('button', { name: say.check }).click();
    const step = page.locator('section[aria-labelledby="step3"]');
    await expect(step.getByText(say.says)).toBeVisible();
    // Not German: nothing is chosen until the learner says.
    await expect(step.getByRole('combobox').first()).toHaveValue('');
    await shotAtEachSize(page, `feed-declared-language-${lang}`, () => step.scrollIntoViewIfNeeded());
    await step.getByRole('button', { name: say.add }).click();
    await expect(step.getByText(say.chosen, { exact: true })).toBeVisible();
    const languages = (await apiCall(page, 'GET', '/api/v1/languages')) as { LgID: number; LgName: string; LgIsoCode: string }[];
    const polish = languages.find((l) => l.LgIsoCode === 'pl');
    // Named as the learner speaks of it: "Polaco" in Spanish, so Spanish sentences never say "de Polish".
    expect(polish?.LgName).toBe(say.created);
    await expect(step.getByRole('combobox').first()).toHaveValue(String(polish!.LgID));
    await shotAtEachSize(page, `feed-declared-language-added-${lang}`, () => step.scrollIntoViewIfNeeded());
  });
