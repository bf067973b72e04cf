// Every screen right (issue 20): screens that need a language say so with a button to add one; an unknown page is
// a proper page with a way back (not raw JSON); a new term is due in Review at once; statistics show marked-known
// apart from created. Screenshots (light and dark) go to tests/artifacts/screens-*.png.
import { test as base, expect, shot, startServe, stopServe, apiCall, type LectioServer } from './fixtures';

const test = base.extend<{ fresh: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  fresh: async ({}, use) => {
    const server = await startServe();
    await use(server);
    await stopServe(server);
  },
});

test('without a language, New text, Vocabulary, Review and Anki say so and offer to add one', async ({ page, fresh }) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.goto(`${fresh.url}/`);
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    for (const [path, title] of [
      ['/texts/new', 'New text'],
      ['/vocabulary', 'Vocabulary'],
      ['/review', 'Review'],
      ['/anki', 'Anki'],
    ] as const) {
      await page.goto(`${fresh.url}${path}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Add a language first' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: /^Language$/ })).toHaveCount(0);
      if (path === '/texts/new' || path === '/review') await shot(page, `screens-needs-language${path.replace(/\//g, '-')}-${theme}`);
    }
  }
  await page.getByRole('link', { name: 'Add a language' }).click();
  await expect(page).toHaveURL(/\/languages\/new$/);
});

test('an unknown page is a page with a way back, not JSON', async ({ page, fresh }) => {
  const res = await page.goto(`${fresh.url}/no/such/page`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('"error"');
  await expect(page.locator('code')).toHaveText('/no/such/page');
  await shot(page, 'screens-not-found');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(`${fresh.url}/`);
});

test('a new term is due in Review at once; statistics count "All known" apart', async ({ page, fresh }) => {
  await page.goto(`${fresh.url}/`);
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'light' });
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lg.LgID, WoText: 'Hund', WoTranslation: 'dog', WoStatus: 1 });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lg.LgID, TxTitle: 'Hunde', TxText: 'Der Hund bellt laut.' });
  await apiCall(page, 'POST', `/api/v1/texts/${text.TxID}/mark-all-known`);

  await page.goto(`${fresh.url}/review?lang=${lg.LgID}`);
  await expect(page.getByText('Hund', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Nothing is due/)).toHaveCount(0);
  await shot(page, 'screens-review-new-term');

  await page.goto(`${fresh.url}/profile/statistics`);
  const tile = page.locator('.stat-tile, [class*=stat]').filter({ hasText: 'Marked known / ignored' }).first();
  await expect(tile).toContainText('3 / 0');
  await expect(page.locator('.stat-tile, [class*=stat]').filter({ hasText: 'Terms created one by one' }).first()).toContainText('1');
  await shot(page, 'screens-statistics-marked');
});

test('the drag-and-drop overlay label is centred in the window', async ({ page, fresh }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${fresh.url}/`);
  const dt = await page.evaluateHandle(() => {
    const d = new DataTransfer();
    d.items.add(new File(['x'], 'words.csv', { type: 'text/csv' }));
    return d;
  });
  await page.dispatchEvent('.app', 'dragover', { dataTransfer: dt });
  const label = page.locator('.drop-overlay > div');
  await expect(label).toBeVisible();
  const box = (await label.boundingBox())!;
  await shot(page, 'screens-drop-overlay');
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(4);
  expect(Math.abs(box.y + box.height / 2 - 400)).toBeLessThan(4);
});

test('statistics: words read and active reading time with a daily goal; the daily chart shows "marked known" apart', async ({ page, fresh }) => {
  await page.clock.install();
  await page.goto(`${fresh.url}/`);
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'light' });
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lg.LgID, TxTitle: 'Hunde', TxText: 'Der Hund bellt laut. Die Katze schläft.' });
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lg.LgID, WoText: 'Hund', WoTranslation: 'dog', WoStatus: 1 });
  await apiCall(page, 'POST', `/api/v1/texts/${text.TxID}/mark-all-known`);

  // Reading: 40 s with the mouse moving count; then the learner leaves the window open for 10 minutes, which
  // counts only up to the idle limit (90 s after the last input), not 10 minutes.
  await page.goto(`${fresh.url}/read/${text.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.mouse.move(400 + i * 10, 300);
    await page.clock.runFor(10_000);
  }
  await page.clock.runFor(10 * 60_000);
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect.poll(async () => (await apiCall(page, 'GET', '/api/v1/activity/today')).textsRead).toBe(1);
  // Leaving the reader inside the app reports what is left.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  const today = await apiCall(page, 'GET', '/api/v1/activity/today');
  expect(today.wordsRead).toBe(7);
  // 40 s of use plus the 90 s idle allowance after the last input (reports every 30 s, the rest on leaving).
  expect(today.readingSeconds).toBeGreaterThanOrEqual(120);
  expect(today.readingSeconds).toBeLessThanOrEqual(135);

  await page.goto(`${fresh.url}/profile/statistics`);
  await expect(page.locator('.stat-tile').filter({ hasText: 'Words read today' })).toContainText('7');
  await expect(page.locator('.stat-tile').filter({ hasText: 'Reading time today' })).toContainText('2 min');
  const legend = page.locator('.chart-legend').first();
  await expect(legend).toContainText('Terms created one by one');
  await expect(legend).toContainText('Marked known (“All known”)');
  // Today's bar holds a marked-known segment apart from the created one.
  const todayBar = page.locator('.activity-chart').first().locator('g[data-date]').last();
  await expect(todayBar.locator('rect.series-marked-known')).toHaveCount(1);
  await expect(todayBar.locator('rect.series-created')).toHaveCount(1);

  await page.getByRole('spinbutton', { name: 'Words read per day' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Minutes of reading per day' }).fill('15');
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('progressbar', { name: /Today 7 of 500 words read/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Today 2 min of 15 min reading/ })).toBeVisible();
  await page.getByRole('heading', { name: 'Reading', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'screens-statistics-reading-light');
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'dark' });
  await page.reload();
  await page.getByRole('heading', { name: 'Reading', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'screens-statistics-reading-dark');
});

test("an empty review says when terms are next due and offers to review the last text's terms", async ({ page, fresh }) => {
  await page.goto(`${fresh.url}/`);
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'light' });
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lg.LgID, TxTitle: 'Hunde', TxText: 'Der Hund bellt laut.' });
  const term = await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lg.LgID, WoText: 'Hund', WoTranslation: 'dog', WoStatus: 1 });
  // Answered once today: not due again until tomorrow. The text was read (opened) today.
  await apiCall(page, 'PUT', '/api/v1/review/status', { term_id: term.WoID, status: 2 });
  await apiCall(page, 'PUT', `/api/v1/texts/${text.TxID}/reading-position`, { position: 1 });

  await page.goto(`${fresh.url}/review?lang=${lg.LgID}`);
  await expect(page.getByText(/due tomorrow|Next: 1 term on/)).toBeVisible();
  const offer = page.getByRole('link', { name: "Review this text's terms: Hunde" });
  await expect(offer).toBeVisible();
  await shot(page, 'screens-review-empty-offer');
  await offer.click();
  await expect(page).toHaveURL(new RegExp(`/review\\?text=${text.TxID}&all=1$`));
  await expect(page.getByText('Hund', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Nothing is due/)).toHaveCount(0);

  // From a text's own empty review, the same offer is a button.
  await page.goto(`${fresh.url}/review?text=${text.TxID}`);
  await page.getByRole('button', { name: "Review this text's terms" }).click();
  await expect(page.getByText('Hund', { exact: true }).first()).toBeVisible();
});
