// Runs in: Playwright (Chromium). Issue 51 item 10: one reading-font stack for every screen, and Latin text never
// in a CJK font. On this Linux (no Palatino, Noto Serif or Georgia; IPA fonts installed) the review card drew
// German in IPAGothic while the reader used DejaVu Serif. The fonts Chromium really used come from the DevTools
// protocol (CSS.getPlatformFontsForNode). Screenshot: reading-font-review.png.
import type { Page } from '@playwright/test';
import { test, expect, shot, apiCall } from './fixtures';

async function fontsOf(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

const CJK = /IPA|CJK|Gothic|Mincho|Droid Sans Fallback|WenQuanYi/i;

test('the review card and the reader draw Latin text in the same Latin serif, never a CJK font', async ({ page }) => {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(de.LgID) });
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: de.LgID, WoText: 'Schmetterling', WoTranslation: 'butterfly', WoStatus: 1 });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Der Garten', TxText: 'Ein Schmetterling fliegt über den Garten.' });

  await page.goto('/review');
  await expect(page.locator('.review-term')).toContainText('Schmetterling');
  const review = await fontsOf(page, '.review-term');
  await shot(page, 'reading-font-review');
  await page.goto(`/read/${text.TxID}`);
  await expect(page.locator('.reader-text .w').first()).toBeVisible();
  const reader = await fontsOf(page, '.reader-text .w');

  expect(
    review.filter((f) => CJK.test(f)),
    `review card fonts: ${review.join(', ')}`,
  ).toEqual([]);
  expect(
    reader.filter((f) => CJK.test(f)),
    `reader fonts: ${reader.join(', ')}`,
  ).toEqual([]);
  expect(review[0]).toBe(reader[0]);
});
