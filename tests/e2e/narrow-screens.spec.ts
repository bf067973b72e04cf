// Runs in: Playwright (Chromium). Issue 32, narrow screens: every main screen fits a 360-px-wide window without
// sideways scrolling (neither the page nor the app's scrolling content area is wider than the window), in English
// and Spanish, light and dark; Home's Continue card and Review's answer buttons lie inside the window.
// Screenshots: tests/artifacts/narrow-<screen>-<lang>-<theme>.png.
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall, sidewaysOverflow } from './fixtures';

const STORY =
  'The old lighthouse keeper climbed the winding stairs every evening. He polished the enormous lens, trimmed the ' +
  'wick and watched the grey sea. Ships passed far away, and sometimes a fisherman waved from a small boat. ';

/** A language, a text with a few terms (one due for review), a book of two chapters. */
async function seed(page: Page) {
  await page.goto('/');
  const lg = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lg.LgID) });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: lg.LgID,
    TxTitle: 'The lighthouse keeper of the northern island',
    TxText: STORY.repeat(4),
  });
  for (const [word, translation] of [
    ['lighthouse', 'faro'],
    ['keeper', 'guardián'],
    ['winding', 'de caracol'],
  ])
    await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: lg.LgID, WoText: word, WoStatus: 1, WoTranslation: translation });
  const book = await apiCall(page, 'POST', '/api/v1/books', {
    language_id: lg.LgID,
    title: 'Stories of the northern lighthouse and its keeper',
    text: `CHAPTER I\n\n${STORY.repeat(3)}\n\nCHAPTER II\n\n${STORY.repeat(3)}`,
  });
  // Opening the text makes it Home's "Continue".
  await page.goto(`/read/${text.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  return { lg, text, book };
}

for (const lang of ['en', 'es'] as const)
  for (const theme of ['light', 'dark'] as const)
    test(`every screen fits 360 px without sideways scrolling (${lang}, ${theme})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 360, height: 740 });
      const { text, book } = await seed(page);
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
      const screens: [string, string, string][] = [
        ['home', '/', '.home, .page'],
        ['reader', `/read/${text.TxID}`, '.reader-text .w'],
        ['book', `/book/${book.BkID}`, '.book-chapters'],
        ['books', '/books', '.page'],
        ['feeds', '/feeds', '.page'],
        ['vocabulary', '/vocabulary', '.page'],
        ['library', '/texts', '.page'],
        ['review', '/review', '.page'],
        ['statistics', '/profile/statistics', '.page'],
        ['settings', '/settings', '.page'],
        ['languages', '/languages', '.page'],
        ['dictionaries', '/local-dictionaries', '.page'],
        ['anki', '/anki', '.page'],
      ];
      const problems: string[] = [];
      for (const [name, url, ready] of screens) {
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator(ready).first()).toBeVisible();
        // Data loads after the frame: wait until the spinners are gone.
        await expect(page.locator('.spinner')).toHaveCount(0);
        const o = await sidewaysOverflow(page);
        if (o.page > 0 || o.content > 0) problems.push(`${name}: page +${o.page}px, content +${o.content}px; ${o.widest}`);
        await shot(page, `narrow-${name}-${lang}-${theme}`);
      }
      expect(problems).toEqual([]);

      // Home's Continue card and Review's answer buttons lie wholly inside the window.
      const inside = async (locator: import('@playwright/test').Locator) => {
        await locator.scrollIntoViewIfNeeded();
        const box = (await locator.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      };
      await page.goto('/');
      await inside(page.locator('.continue-card'));
      await inside(page.locator('.continue-card .btn-primary'));
      await page.goto('/review');
      await page.locator('.btn-reveal').click();
      const keys = page.locator('.answer-keys .answer-key');
      await expect(keys).toHaveCount(7);
      for (const k of await keys.all()) await inside(k);
      await shot(page, `narrow-review-answer-${lang}-${theme}`);
      // Answered: the end card's buttons (practise anyway, home) wrap inside the card instead of running out of it.
      const card = page.locator('.empty-state');
      const reveal = page.locator('.btn-reveal');
      const answer = () => page.locator('.answer-keys .answer-key:enabled').first().click();
      await answer();
      for (let left = 10; left > 0; left--) {
        await expect(card.or(reveal)).toBeVisible();
        if (await card.isVisible()) break;
        await reveal.click();
        await answer();
      }
      await expect(card.locator('.review-done-actions .btn').first()).toBeVisible();
      const cardBox = (await card.boundingBox())!;
      for (const b of await card.locator('.review-done-actions .btn').all()) {
        await inside(b);
        const box = (await b.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
      await shot(page, `narrow-review-done-${lang}-${theme}`);
    });
