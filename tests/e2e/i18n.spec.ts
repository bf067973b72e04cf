// Interface language (issue 20): Settings switches the interface to Spanish at once (no reload), the choice is kept
// across a reload, and every main screen then speaks Spanish: no button, heading, label, table header or tab is left
// in English (the check that catches a string added without the catalogue). A browser whose language is Spanish
// starts in Spanish without choosing. Screenshots of every main screen in both themes: tests/artifacts/i18n-es-*.png.
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall } from './fixtures';

/** Interface texts (not the learner's content) that read as English. */
async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page
    .locator(
      'main h1, main h2, main h3, main button, main label, main th, main [role=tab], main legend, main summary, main .empty-state p, main a.btn, main .reader-toolbar a, main .page-subtitle, main .muted, nav.sidebar a, main input[placeholder]',
    )
    .evaluateAll((els) => els.map((e) => ((e as HTMLElement).innerText || (e as HTMLInputElement).placeholder || '').trim()).filter(Boolean));
  const english =
    /\b(the|and|of|your|Add|Delete|Save|Cancel|Import|New|Edit|Search|Show|Choose|Open|Read|Review|Terms?|Words?|Settings|Library|Home|More|Keyboard|Any|distinct|Back)\b/;
  return texts.filter((s) => english.test(s));
}

test('Settings switches the interface to Spanish at once; every main screen follows, in both themes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lg.LgID, TxTitle: 'Der Hund', TxText: 'Der Hund bellt. Die Katze schläft.' });
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lg.LgID, WoText: 'Hund', WoTranslation: 'dog', WoStatus: 2 });
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

  // Kept on the server: a reload (and another window) starts in Spanish.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  expect((await apiCall(page, 'GET', '/api/v1/settings')).uiLanguage).toBe('es');

  // Numbers and dates follow the locale too: Spanish groups 12.345 and names the month in Spanish.
  expect(await page.evaluate(() => new Intl.NumberFormat(document.documentElement.lang).format(12345))).toBe('12.345');

  const screens: [path: string, heading: string][] = [
    ['/', 'Inicio'],
    ['/texts', 'Biblioteca'],
    ['/texts/new', 'Nuevo texto'],
    ['/vocabulary', 'Vocabulario'],
    ['/review', 'Repaso'],
    ['/books', 'Libros'],
    ['/feeds', 'Fuentes'],
    ['/local-dictionaries', 'Diccionarios'],
    ['/anki', 'Anki'],
    ['/profile/statistics', 'Estadísticas'],
    ['/languages', 'Idiomas'],
    ['/settings', 'Ajustes'],
  ];
  for (const theme of ['light', 'dark'] as const) {
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await englishLeft(page), `English left on ${path}`).toEqual([]);
      await shot(page, `i18n-es${path === '/' ? '-home' : path.replace(/\//g, '-')}-${theme}`);
    }
    await page.goto(`/read/${text.TxID}`);
    await expect(page.locator('.w').first()).toBeVisible();
    await page.locator('.w', { hasText: 'Hund' }).first().click();
    await expect(page.getByRole('complementary').first()).toBeVisible();
    expect(await englishLeft(page), 'English left in the reader').toEqual([]);
    await shot(page, `i18n-es-reader-${theme}`);
  }

  // Back to English: everything follows again.
  await page.goto('/settings');
  await page.getByLabel('Idioma de la interfaz').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true })).toBeVisible();
});

test('in Spanish, what the server refuses is said in Spanish: a text without a title, a junk dictionary, a clash', async ({ page }) => {
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lg.LgID) });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });

  // Validation: the server names the field; the page says it with the form's Spanish label.
  await page.goto('/texts/new');
  await expect(page.getByRole('heading', { name: 'Nuevo texto', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Texto', exact: true }).fill('Der Hund bellt. Die Katze schläft.');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El título es obligatorio')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Title is required');
  await shot(page, 'i18n-es-server-validation');

  // An import refusal, by its code: a .csv of prose has no readable rows.
  await page.goto('/local-dictionaries');
  await page
    .getByTestId('dictionary-file')
    .setInputFiles({ name: 'palabras.csv', mimeType: 'text/csv', buffer: Buffer.from('just some prose\nwith no commas at all\n') });
  const status = page.getByTestId('import-status');
  await expect(status).toContainText('Este .csv no tiene filas legibles: se espera término,definición en cada línea');
  await expect(status).not.toContainText('readable rows');
  await shot(page, 'i18n-es-server-refusal');

  // A conflict with a name inside, on the form; in the dark theme.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'dark' });
  await page.goto('/languages/new');
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).first().fill('German');
  await page
    .getByRole('button', { name: /^(Guardar|Crear|Añadir)/ })
    .first()
    .click();
  await expect(page.getByText('Ya existe un idioma llamado «German»')).toBeVisible();
  await shot(page, 'i18n-es-server-conflict-dark');
});

test.describe('a Spanish-speaking browser', () => {
  test.use({ locale: 'es-ES' });

  test('starts in Spanish without choosing, and Settings says it follows the system', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Idioma de la interfaz')).toHaveValue('');
    await expect(page.getByLabel('Idioma de la interfaz').locator('option:checked')).toHaveText('El del sistema (Español)');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
