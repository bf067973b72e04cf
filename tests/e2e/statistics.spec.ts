import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, shot, apiCall } from './fixtures';

const DAY = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('statistics page shows the chart, the calendar and the streak; home shows the dashboard', async ({ page, app }) => {
  await page.goto('/');
  // The server may be shared with other spec files of the worker: own names, a known theme, counts read back.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'timezone', value: 'UTC' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'light' });
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Italian' });
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Portuguese' });
  const statuses = [1, 1, 1, 2, 2, 3, 4, 5, 5, 99, 99, 99, 98];
  for (const [i, s] of statuses.entries())
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: de.LgID, WoText: `parola${'abcdefghijklmnopqrstuvwxyz'[i]}`, WoTranslation: 'x', WoStatus: s });
  for (const [i, s] of [1, 2, 5, 99].entries())
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: es.LgID, WoText: `palabra${'abcdefghijklmnopqrstuvwxyz'[i]}`, WoTranslation: 'x', WoStatus: s });

  // A year of history straight into the real store: a gentle weekly rhythm with a few breaks, and the last
  // six days active (so together with today's term creation the streak is 7).
  const db = new Database(path.join(app.dataDir, 'lectio.db'));
  const add = db.prepare('INSERT OR IGNORE INTO activity_log (AcUsID, AcDate, AcTermsCreated, AcTermsReviewed, AcTextsRead) VALUES (NULL, ?, ?, ?, ?)');
  for (let d = 1; d < 360; d++) {
    const active = d <= 6 || (d > 7 && d % 7 !== 3 && d % 11 !== 0 && d % 45 > 4);
    if (active) add.run(dayKey(Date.now() - d * DAY), (d * 7) % 13, (d * 5) % 31, d % 4 === 0 ? 1 : 0);
  }
  db.close();

  const createdToday = (await apiCall(page, 'GET', '/api/v1/activity/today')).termsCreated;
  expect(createdToday).toBeGreaterThanOrEqual(17);
  await page.goto('/admin/statistics');
  await expect(page).toHaveURL(/\/profile\/statistics$/);
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  const chart = page.getByRole('img', { name: /Daily activity over 30 days/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('g[data-date]')).toHaveCount(30);
  const calendar = page.getByRole('img', { name: /Activity calendar/ });
  await expect(calendar).toBeVisible();
  expect(await calendar.locator('rect.heat').count()).toBeGreaterThan(330);
  expect(await calendar.locator('rect.heat:not(.heat-0)').count()).toBeGreaterThan(200);
  await expect(page.locator('.stat-tile').filter({ hasText: 'Current streak' })).toContainText('7 days');
  await expect(page.getByRole('img', { name: /Italian: 3 New, 2 Recognized, 1 Familiar, 1 Learned, 2 Known, 1 Ignored, 3 Well known/ })).toBeVisible();
  await shot(page, 'statistics');
  await page.getByRole('heading', { name: 'Terms by status' }).scrollIntoViewIfNeeded();
  await shot(page, 'statistics-status-bars');

  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('img', { name: /Daily activity over 90 days/ })).toBeVisible();

  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('img', { name: /Activity calendar/ })).toBeVisible();
  await page.getByRole('button', { name: '30 days' }).click();
  await shot(page, 'statistics-dark');

  await page.goto('/');
  await expect(page.locator('.stat-tile').filter({ hasText: 'Terms created today' })).toContainText(String(createdToday));
  await expect(page.getByRole('img', { name: /Daily activity over 30 days/ })).toBeVisible();
  await shot(page, 'home-dashboard-dark');
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'light' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'home-dashboard');
});
