// Runs in: Playwright (Chromium). Issue 51 item 3: at 360×740, on every page route (src-shared/contract/pages.ts),
// in English and Spanish, nothing scrolls sideways and every button, link and form field shown lies wholly inside
// the window (a right-aligned row of buttons ran out to the left: "Open .txt file…", "Choose an EPUB…", "Fill
// missing lemmas", the reader's "Marcar como leído, texto siguiente →"). Screenshots: narrow-route-<path>-<lang>.png.
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall, sidewaysOverflow, controlsOutside } from './fixtures';
import { PAGE_ROUTES } from '../../src-shared/contract/pages';

const STORY =
  'The old lighthouse keeper climbed the winding stairs every evening. He polished the enormous lens, trimmed the ' +
  'wick and watched the grey sea. Ships passed far away, and sometimes a fisherman waved from a small boat. ';

async function seed(page: Page) {
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lg.LgID) });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lg.LgID, TxTitle: 'The lighthouse keeper of the northern island', TxText: STORY });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: lg.LgID, WoText: 'lighthouse', WoStatus: 1, WoTranslation: 'faro' });
  const book = await apiCall(page, 'POST', '/api/v1/books', {
    language_id: lg.LgID,
    title: 'Stories of the northern lighthouse and its keeper',
    text: `CHAPTER I\n\n${STORY.repeat(2)}\n\nCHAPTER II\n\n${STORY.repeat(2)}`,
  });
  return { text: text.TxID as number, book: book.BkID as number, lg: lg.LgID as number };
}

/** A route's pattern with its :id filled from the seeded rows. */
function urlOf(route: string, ids: { lg: number; text: number; book: number }): string {
  if (route === '/languages/:id/edit') return `/languages/${ids.lg}/edit`;
  if (route === '/texts/:id/edit') return `/texts/${ids.text}/edit`;
  if (route === '/read/:id') return `/read/${ids.text}`;
  if (route === '/book/:id') return `/book/${ids.book}`;
  if (route.includes(':')) throw new Error(`narrow-every-route: no id for ${route}; add it to urlOf`);
  return route;
}

for (const lang of ['en', 'es'] as const)
  test(`every route at 360 px: no sideways scrolling, every control inside the window (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const ids = await seed(page);
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    const problems: string[] = [];
    for (const route of PAGE_ROUTES) {
      const url = urlOf(route, ids);
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('.spinner')).toHaveCount(0);
      const o = await sidewaysOverflow(page);
      if (o.page > 0 || o.content > 0) problems.push(`${url}: scrolls sideways, page +${o.page}px, content +${o.content}px; ${o.widest}`);
      for (const c of await controlsOutside(page)) problems.push(`${url}: ${c}`);
      // The screenshot shows the page's last row of buttons (where the cut-off rows were).
      const row = page.locator('.form-actions, .reader-end-actions').last();
      if (await row.count()) await row.scrollIntoViewIfNeeded();
      await shot(page, `narrow-route${url.replace(/\//g, '-').replace(/-$/, '') || '-home'}-${lang}`);
    }
    expect(problems).toEqual([]);
  });
