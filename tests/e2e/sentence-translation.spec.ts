// Runs in: Playwright (Chromium). Sentence translation in the reader (issue 49): G shows the sentence's translation
// under it from a fake LibreTranslate on 127.0.0.1 (the learner's own address: allowed in single-user mode without
// any test switch), G again hides it, and with the service stopped the same sentence still comes, from the library;
// another sentence then says the service is not reachable, in English and in Spanish. The Settings card is shown.
// Screenshots: tests/artifacts/sentence-translation-*.png (1280×800 and 360×740).
import { createHash } from 'node:crypto';
import { test, expect, shot, apiCall } from './fixtures';
import { FakeTranslators } from '../helpers/fake-translators';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

test('a sentence translated under itself; the second time from the cache, offline; a provider error said', async ({ page }) => {
  const fake = await new FakeTranslators().start();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' });
    const text = await apiCall(page, 'POST', '/api/v1/texts', {
      TxLgID: es.LgID,
      TxTitle: 'El gato',
      TxText: 'El gato come pescado. El perro duerme en la casa.\n\nMañana llueve.',
    });
    await apiCall(page, 'POST', '/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url }], target: 'en' });

    await page.goto(`/read/${text.TxID}`);
    const w = (word: string) => page.locator(`.reader-text .w[data_hex="${sha(word)}"]`).first();
    const line = page.locator('.sentence-translation');
    await w('gato').click();
    await page.keyboard.press('g');
    await expect(line).toHaveText('[lt:en] El gato come pescado.');
    await expect(line).toHaveAttribute('data-cached', '0');
    // Under its own sentence: below "pescado." and above the next sentence's words.
    const [pescado, perro, box] = await Promise.all([w('pescado').boundingBox(), w('perro').boundingBox(), line.boundingBox()]);
    expect(box!.y).toBeGreaterThan(pescado!.y + pescado!.height - 1);
    expect(perro!.y).toBeGreaterThan(box!.y + box!.height - 1);
    await shot(page, 'sentence-translation-wide');

    await page.keyboard.press('g');
    await expect(line).toHaveCount(0);
    expect(fake.seen).toHaveLength(1);

    // The service stopped: the same sentence comes from the library, no request made.
    await fake.close();
    await page.getByRole('button', { name: 'Translate sentence' }).click();
    await expect(line).toHaveText('[lt:en] El gato come pescado.');
    await expect(line).toHaveAttribute('data-cached', '1');

    // Another sentence needs the service: said in one line.
    await w('perro').click();
    await page.keyboard.press('g');
    const failed = page.locator('.sentence-translation.error');
    await expect(failed).toContainText(`LibreTranslate is not reachable at ${fake.url}`);
    await shot(page, 'sentence-translation-error');

    // Narrow: the line fits the column.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await w('gato').click();
    await page.keyboard.press('Escape');
    await w('gato').click();
    await page.keyboard.press('g');
    await expect(line).toHaveText('[lt:en] El gato come pescado.');
    const narrow = await line.boundingBox();
    expect(narrow!.x + narrow!.width).toBeLessThanOrEqual(360);
    // The word panel is a bottom sheet here: closed, the line under the sentence is in view (and stays).
    await page.keyboard.press('Escape');
    await expect(line).toBeVisible();
    await shot(page, 'sentence-translation-narrow');

    // Spanish interface: the error in Spanish.
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await w('perro').click();
    await page.keyboard.press('g');
    await expect(failed).toContainText(`LibreTranslate no responde en ${fake.url}`);
    await shot(page, 'sentence-translation-error-es');

    // The Settings card: the service, its key only as "not set", the kept translation counted.
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'en' });
    await page.goto('/settings');
    const card = page.getByTestId('translation-settings');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('1 translation kept in the library.');
    await expect(card.getByRole('checkbox', { name: 'LibreTranslate' })).toBeChecked();
    // Listed: the sentence above its translation, with its service and language pair.
    await card.getByText('Show them').click();
    const kept = card.getByTestId('kept-translations');
    await expect(kept.locator('li')).toHaveCount(1);
    await expect(kept.locator('li')).toContainText('El gato come pescado.[lt:en] El gato come pescado.libretranslate · es → en');
    await kept.getByRole('searchbox').fill('perro');
    await expect(kept).toContainText('No kept translation matches.');
    await kept.getByRole('searchbox').fill('gato');
    await expect(kept.locator('li')).toHaveCount(1);
    await kept.locator('li').scrollIntoViewIfNeeded();
    await shot(page, 'sentence-translation-settings');
    page.once('dialog', () => undefined);
    await card.getByRole('button', { name: 'Clear' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Clear|OK|Confirm/ })
      .last()
      .click();
    await expect(card).toContainText('0 translations kept in the library.');
  } finally {
    await fake.close();
  }
});

test('"Translate all sentences" fills the cache in the background with a progress bar and Stop; G then needs no service', async ({ page }) => {
  const fake = await new FakeTranslators().start();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' });
    const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'Tres', TxText: 'Uno canta. Dos baila.\n\nTres duerme.' });
    await apiCall(page, 'POST', '/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url }] });
    await page.goto(`/read/${text.TxID}`);
    // A slow service: the background job's progress bar, found again after a reload, and Stop.
    fake.mode = 'hang';
    await page.locator('.reader-more summary').click();
    await page.getByRole('button', { name: 'Translate all sentences' }).click();
    const bar = page.getByTestId('translate-all');
    await expect(bar.getByRole('progressbar')).toBeVisible();
    await expect(bar).toContainText('Translating sentences: 0 of 3');
    await page.reload();
    await expect(bar).toContainText('Translating sentences: 0 of 3');
    await shot(page, 'sentence-translation-all-running');
    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect(bar).toHaveCount(0);
    // The answer under way when stopped is kept; the run asks nothing more.
    fake.mode = 'ok';
    fake.release();
    expect(fake.seen).toHaveLength(1);
    await page.locator('.reader-more summary').click();
    await page.getByRole('button', { name: 'Translate all sentences' }).click();
    await expect(bar).toContainText('All 3 sentences are translated and kept');
    await shot(page, 'sentence-translation-all');
    expect(fake.seen).toHaveLength(3);
    await fake.close();
    await page
      .locator(`.reader-text .w[data_hex="${sha('baila')}"]`)
      .first()
      .click();
    await page.keyboard.press('g');
    await expect(page.locator('.sentence-translation')).toHaveText('[lt:en] Dos baila.');
    await expect(page.locator('.sentence-translation')).toHaveAttribute('data-cached', '1');
  } finally {
    await fake.close();
  }
});

test("the word panel suggests the word's translation in its sentence: shown, in the field only on Use, saved only with the term; errors in Spanish", async ({
  page,
}) => {
  const fake = await new FakeTranslators().start();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' });
    const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'Banco', TxText: 'El gato duerme en el banco. El perro come.' });
    await apiCall(page, 'POST', '/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url }], target: 'en' });
    await page.goto(`/read/${text.TxID}`);
    const w = (word: string) => page.locator(`.reader-text .w[data_hex="${sha(word)}"]`).first();
    await w('banco').click();
    const panel = page.locator('.word-panel');
    const field = panel.getByRole('textbox', { name: 'Translation' });
    const suggestion = panel.getByTestId('word-translation-suggestion');
    await suggestion.getByRole('button', { name: 'Suggest a translation' }).click();
    await expect(suggestion).toContainText('In this sentence: [lt:en] banco');
    // A suggestion only: the field and the library untouched until the learner takes it.
    await expect(field).toHaveValue('');
    expect((await apiCall(page, 'GET', `/api/v1/terms?language_id=${es.LgID}`)).terms).toHaveLength(0);
    await field.fill('bench');
    await suggestion.getByRole('button', { name: 'Use' }).click();
    await expect(field).toHaveValue('bench; [lt:en] banco');
    await expect(suggestion.getByRole('button', { name: 'Use' })).toHaveCount(0);
    await shot(page, 'word-translation-suggestion-wide');
    await panel.getByRole('button', { name: /Save/ }).click();
    await expect
      .poll(async () =>
        (await apiCall(page, 'GET', `/api/v1/terms?language_id=${es.LgID}&q=banco`)).terms.map((t: { WoTranslation: string }) => t.WoTranslation),
      )
      .toEqual(['bench; [lt:en] banco']);

    // The key refused, narrow, in Spanish: said in one line, nothing put in the field.
    fake.mode = 403;
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await page.evaluate(() => localStorage.setItem('lectio.uiLanguage', 'es'));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await w('perro').click();
    await suggestion.getByRole('button', { name: 'Sugerir una traducción' }).click();
    await expect(suggestion).toContainText('LibreTranslate rechazó la clave de API: revísala en Ajustes');
    await expect(panel.getByRole('textbox', { name: 'Traducción' })).toHaveValue('');
    const box = await suggestion.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await shot(page, 'word-translation-suggestion-narrow-es');
  } finally {
    await fake.close();
  }
});

test("the review card's sentence translated under it with G, from the library the second time; hidden when it would give the answer away", async ({ page }) => {
  const fake = await new FakeTranslators().start();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' });
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: es.LgID, WoText: 'gato', WoTranslation: 'cat', WoSentence: 'El {gato} come pescado.', WoStatus: 1 });
    await apiCall(page, 'POST', '/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url }], target: 'en' });
    await page.goto(`/review?lang=${es.LgID}`);
    await page.getByRole('tab', { name: 'Term → translation' }).click();
    const card = page.locator('.review-card');
    // Asked for the translation: no sentence translation before the answer.
    await expect(card.getByRole('button', { name: 'Translate sentence' })).toHaveCount(0);
    await page.keyboard.press('g');
    await expect(card.locator('.review-sentence-translation')).toHaveCount(0);
    await page.keyboard.press('Space');
    await page.keyboard.press('g');
    const line = card.locator('.review-sentence-translation');
    await expect(line).toHaveText('[lt:en] El gato come pescado.');
    await expect(line).toHaveAttribute('data-cached', '0');
    await shot(page, 'sentence-translation-review-wide');
    await page.keyboard.press('g');
    await expect(line).toHaveCount(0);

    // The cloze card, service stopped: from the library, no request made; narrow, in Spanish.
    await fake.close();
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await page.evaluate(() => localStorage.setItem('lectio.uiLanguage', 'es'));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('tab', { name: 'Oración con hueco' }).click();
    await card.getByRole('button', { name: 'Traducir oración' }).click();
    await expect(line).toHaveText('[lt:en] El gato come pescado.');
    await expect(line).toHaveAttribute('data-cached', '1');
    expect(fake.seen).toHaveLength(1);
    const box = await line.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await shot(page, 'sentence-translation-review-narrow-es');
  } finally {
    await fake.close();
  }
});
