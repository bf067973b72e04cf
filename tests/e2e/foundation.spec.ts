import { test, expect, shot } from './fixtures';

test('open the app, create a language from a preset, see it listed', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: /Languages/ }).click();
  await page.getByRole('link', { name: 'Add language' }).first().click();
  await page.getByLabel('Filter presets').fill('germ');
  await page.getByRole('listitem').filter({ hasText: 'German' }).click();
  await expect(page.getByLabel('ISO 639-1 code')).toHaveValue('de');
  await shot(page, 'foundation-language-preset');
  await page.getByRole('button', { name: 'Add language' }).click();
  await expect(page.getByRole('table', { name: 'Languages' })).toContainText('German');
  await expect(page.getByRole('combobox', { name: 'Current language' })).toHaveValue(/\d+/);
  await shot(page, 'foundation-languages-list');
});

test('dark theme and deep links', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/languages');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { name: 'Languages', exact: true })).toBeVisible();
  await shot(page, 'foundation-languages-dark');
  const res = await page.request.get('/review');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('name="csrf-token"');
});
