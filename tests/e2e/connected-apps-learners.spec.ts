// Runs in: Playwright (Chromium). Issue 51 item 6: Connected apps speaks to learners first — the extension pairs
// itself from its popup with a code, nothing to type — and the token talk (Authorization: Bearer, origins) comes
// after, under "Tokens for scripts". English and Spanish, 1280×800, 1366×768 and 360×740.
import { test, expect, shotAtEachSize, apiCall } from './fixtures';

const SAY = {
  en: { title: 'Connected apps', pairs: 'press Connect in its popup', tokens: 'Tokens for scripts' },
  es: { title: 'Aplicaciones conectadas', pairs: 'pulsa Conectar en su ventana emergente', tokens: 'Tokens para scripts' },
} as const;

for (const lang of ['en', 'es'] as const)
  test(`Connected apps says first how the extension pairs, tokens for scripts after (${lang})`, async ({ page }) => {
    const say = SAY[lang];
    await page.goto('/');
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: say.title, level: 2 })).toBeVisible();
    const card = page.locator('section[aria-labelledby="apps-title"]');
    const paragraphs = await card.locator('p').allTextContents();
    // The first words are the learner's: the popup and the code, no header names.
    expect(paragraphs[0]).toContain(say.pairs);
    expect(paragraphs[0]).not.toMatch(/Bearer|Authorization|origin/i);
    const text = (await card.textContent()) ?? '';
    expect(text.indexOf('Bearer')).toBeGreaterThan(text.indexOf(say.tokens));
    await shotAtEachSize(page, `connected-apps-${lang}`);
  });
