// Send to Anki from the vocabulary: a term goes to a fake AnkiConnect on 127.0.0.1 (tests/helpers/fake-ankiconnect.ts),
// a second send of what the filter shows adds the rest and leaves the first alone, and with Anki closed the screen
// says so in one line, in English and in Spanish. Screenshots: tests/artifacts/anki-send-*.png, light and dark, narrow.
import { test, expect, shot, apiCall } from './fixtures';
import { FakeAnkiConnect } from '../helpers/fake-ankiconnect';

test('a term sent to Anki from the vocabulary; Anki closed says one line', async ({ page }) => {
  const anki = await new FakeAnkiConnect().start();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'ankiConnectUrl', value: anki.url });
    for (const [WoText, WoTranslation] of [
      ['Haus', 'house'],
      ['Baum', 'tree'],
      ['Katze', 'cat'],
    ]) {
      // A lemma given by hand: an automatic one would arrive after the first send and make the second an update.
      await apiCall(page, 'POST', '/api/v1/terms', {
        WoLgID: lang.LgID,
        WoText,
        WoTranslation,
        WoLemma: WoText,
        WoStatus: 1,
        WoSentence: `Die {${WoText}} ist da.`,
      });
    }

    await page.goto('/vocabulary');
    await page.getByRole('checkbox', { name: 'Select Haus' }).check();
    await page.getByRole('button', { name: 'Send 1 to Anki' }).click();
    const report = page.getByTestId('anki-send').getByRole('status');
    await expect(report).toContainText('Anki: 1 added, 0 updated, 0 unchanged, 0 failed');
    await expect(report).toContainText('Created in Anki: Lectio::German, the note type “Lectio term”');
    await shot(page, 'anki-send-one');
    const notes = anki.notesOfModel('Lectio term');
    expect(notes.map((n) => [n.deckName, n.fields.Term, n.fields.Translation, n.fields.Sentence])).toEqual([
      ['Lectio::German', 'Haus', 'house', 'Die <b>Haus</b> ist da.'],
    ]);

    // Nothing selected: the button sends every term the list shows; the one sent before is unchanged.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send the 3 terms shown to Anki' }).click();
    // All three are being learnt: the dialog counts them and sends them (anki-send-statuses.spec.ts: the choice).
    await page.getByRole('dialog').getByRole('button', { name: 'Send the 3 terms' }).click();
    await expect(report).toContainText('Anki: 2 added, 0 updated, 1 unchanged, 0 failed');
    expect(anki.notesOfModel('Lectio term')).toHaveLength(3);

    // Studied in Anki: statuses come back.
    anki.study(anki.notesOfModel('Lectio term').find((n) => n.fields.Term === 'Baum')!.id, { type: 2, queue: 2, ivl: 30 });
    await page.getByRole('button', { name: 'Update statuses from Anki' }).click();
    await expect(report).toContainText('Statuses from Anki: 1 of 3 terms changed (3 cards read)');
    await expect(page.locator('tr', { hasText: 'Baum' }).getByTitle('Well known')).toBeVisible();

    // One term from its editor: already in Anki as it is, then changed and sent again.
    await page.getByRole('link', { name: 'Katze' }).click();
    await page.getByRole('button', { name: 'Send to Anki' }).click();
    await expect(page.getByText('Anki already has this term as it is')).toBeVisible();
    await page.locator('textarea[name="WoTranslation"]').fill('cat (animal)');
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Saved “Katze”')).toBeVisible();
    await page.getByRole('button', { name: 'Send to Anki' }).click();
    await expect(page.getByText('Updated in Anki')).toBeVisible();
    await shot(page, 'anki-send-term-editor');
    expect(anki.notesOfModel('Lectio term').find((n) => n.fields.Term === 'Katze')!.fields.Translation).toBe('cat (animal)');

    await page.goto('/vocabulary');
    await anki.close();
    await page.getByRole('button', { name: 'Send the 3 terms shown to Anki' }).click();
    // Baum is well known now: statuses 1–5 are offered first.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Send the 2 terms being learnt/ })
      .click();
    await expect(page.getByRole('alert')).toHaveText(
      `Anki is not running (nothing answers at ${anki.url}): start Anki with the AnkiConnect add-on, then try again`,
    );
    await shot(page, 'anki-send-not-running');

    for (const theme of ['light', 'dark'] as const) {
      await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: theme });
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/vocabulary');
      await page.getByRole('checkbox', { name: 'Select Katze' }).check();
      await page.getByRole('button', { name: 'Send 1 to Anki' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shot(page, `anki-send-narrow-${theme}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/settings');
      await expect(page.getByTestId('anki-send-settings')).toBeVisible();
      await page.getByTestId('anki-send-settings').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByTestId('anki-send-settings').getByRole('alert')).toContainText('Anki is not running');
      await shot(page, `anki-send-settings-${theme}`);
    }

    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await page.goto('/vocabulary');
    await page.getByRole('button', { name: 'Enviar a Anki los 3 términos mostrados' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Enviar los 2 términos que estás aprendiendo/ })
      .click();
    await expect(page.getByRole('alert')).toHaveText(
      `Anki no está abierto (nada responde en ${anki.url}): abre Anki con el complemento AnkiConnect y vuelve a intentarlo`,
    );
    await shot(page, 'anki-send-not-running-es');
  } finally {
    await anki.close();
  }
});
