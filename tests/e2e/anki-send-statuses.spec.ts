// Runs in: Playwright (Chromium). Issue 51 item 8: "Send the N terms shown to Anki" first says how many terms of
// each status the list holds and offers statuses 1–5 first; chosen, only those reach the (fake) AnkiConnect —
// the well-known function words that "Known up to here" made stay out. English and Spanish; 1280×800 and 360×740.
import { test, expect, shot, apiCall } from './fixtures';
import { FakeAnkiConnect } from '../helpers/fake-ankiconnect';

const SAY = {
  en: { button: 'Send the 5 terms shown to Anki', perStatus: /By status: .*\(1\): 2 · .*\(3\): 1 · .*\(99\): 2/, learning: /Send the 3 terms being learnt/ },
  es: {
    button: 'Enviar a Anki los 5 términos mostrados',
    perStatus: /Por estado: .*\(1\): 2 · .*\(3\): 1 · .*\(99\): 2/,
    learning: /Enviar los 3 términos que estás aprendiendo/,
  },
} as const;

for (const lang of ['en', 'es'] as const)
  test(`sending what the list shows counts each status and sends statuses 1–5 by default (${lang})`, async ({ page }) => {
    const anki = await new FakeAnkiConnect().start();
    try {
      await page.goto('/');
      const lang_ = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang_.LgID) });
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'ankiConnectUrl', value: anki.url });
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
      for (const [WoText, WoStatus] of [
        ['Haus', 1],
        ['Baum', 1],
        ['Katze', 3],
        ['und', 99],
        ['der', 99],
      ] as const)
        await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lang_.LgID, WoText, WoTranslation: WoText.toLowerCase(), WoLemma: WoText, WoStatus });
      const say = SAY[lang];
      for (const [width, height] of [
        [1280, 800],
        [360, 740],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/vocabulary');
        await page.getByRole('button', { name: say.button }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(say.perStatus);
        // The first choice is the terms being learnt.
        await expect(dialog.locator('.choice').first()).toContainText(say.learning);
        await shot(page, `anki-send-statuses-${lang}-${width}x${height}`);
        if (width === 360) break;
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
      expect(anki.notesOfModel('Lectio term')).toHaveLength(0);
      await page.getByRole('dialog').getByRole('button', { name: say.learning }).click();
      await expect(page.getByTestId('anki-send').getByRole('status')).toContainText(/3/);
      expect(
        anki
          .notesOfModel('Lectio term')
          .map((n) => n.fields.Term)
          .sort(),
      ).toEqual(['Baum', 'Haus', 'Katze']);
    } finally {
      await anki.close();
    }
  });
