// Runs in: Playwright (Chromium). Issue 51 item 10: Spanish leftovers on the book page — the coverage showed
// "Cobertura 2.8 %" beside "2,8 %" elsewhere; percentages are written by the interface language everywhere on the
// book page, its chapter table and the Books grid. Screenshot: book-coverage-es.png.
import { test, expect, shot, apiCall } from './fixtures';

test('the book page writes its percentages the Spanish way', async ({ page }) => {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(de.LgID) });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  const book = await apiCall(page, 'POST', '/api/v1/books', {
    language_id: de.LgID,
    title: 'Der Garten',
    text: 'Kapitel 1\n\nDer Hund spielt im Garten mit dem roten Ball.\n\nKapitel 2\n\nDie Katze schläft heute den ganzen Tag auf dem Sofa.',
  });
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: de.LgID, WoText: 'Hund', WoTranslation: 'perro', WoStatus: 99 });
  const dto = await apiCall(page, 'GET', `/api/v1/books/${book.BkID}`);
  // A share with a decimal, so "." and "," differ.
  expect(Number.isInteger(dto.known_pct)).toBe(false);
  const es = (pct: number) => new Intl.NumberFormat('es', { style: 'percent', maximumFractionDigits: 1 }).format(pct / 100);
  await page.goto(`/book/${book.BkID}`);
  const coverage = page.locator('.book-stats div', { hasText: 'Cobertura' }).locator('dd');
  await expect(coverage).toHaveText(es(dto.known_pct));
  await expect(page.locator('.book-chapters').first()).toContainText(es(dto.chapters[0].known_pct));
  await shot(page, 'book-coverage-es');
});
