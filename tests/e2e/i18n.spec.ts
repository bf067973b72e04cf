// Interface language (issue 20): Settings switches the interface to Spanish at once (no reload), the choice is kept
// across a reload, and the nav, Home, Library and reader speak Spanish with Spanish number and date formats; a
// browser whose language is Spanish starts in Spanish without choosing. Screenshots: tests/artifacts/i18n-*.png.
import { test, expect, shot, apiCall } from './fixtures';

test('Settings switches the interface to Spanish at once; nav, Home, Library and reader follow', async ({ page }) => {
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lg.LgID, TxTitle: 'Der Hund', TxText: 'Der Hund bellt. Die Katze schläft.' });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByLabel('Interface language').selectOption('es');

  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const name of ['Inicio', 'Biblioteca', 'Lector', 'Vocabulario', 'Repaso', 'Diccionarios', 'Estadísticas', 'Idiomas', 'Ajustes']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  for (const theme of ['light', 'dark'] as const) {
    await page.getByLabel(/^Tema/).selectOption(theme);
    await shot(page, `i18n-es-settings-${theme}`);
  }

  // Kept on the server: a reload (and another window) starts in Spanish.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  expect((await apiCall(page, 'GET', '/api/v1/settings')).uiLanguage).toBe('es');

  await nav.getByRole('link', { name: 'Inicio', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await shot(page, 'i18n-es-home-dark');

  await nav.getByRole('link', { name: 'Biblioteca', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Biblioteca', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Der Hund' })).toBeVisible();
  await shot(page, 'i18n-es-library-dark');

  await page.getByRole('link', { name: 'Der Hund' }).click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  await expect(page.locator('.w').first()).toBeVisible();
  await shot(page, 'i18n-es-reader-dark');

  // Back to English: everything follows again.
  await page.goto('/settings');
  await page.getByLabel('Idioma de la interfaz').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true })).toBeVisible();
});

test.describe('a Spanish-speaking browser', () => {
  test.use({ locale: 'es-ES' });

  test('starts in Spanish without choosing, and Settings says it follows the system', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Idioma de la interfaz')).toHaveValue('');
    await expect(page.getByLabel('Idioma de la interfaz').locator('option:checked')).toHaveText('El del sistema (Español)');
  });
});
