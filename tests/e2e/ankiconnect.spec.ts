// Mining into Lectio over AnkiConnect (issue 29) in Chromium: a note added as mpvacious sends it (curl: no Origin,
// version 6) shows in the reader's colours on the next look at the text, with no stale cache in between, and its
// sentence audio plays from the word panel; Settings → AnkiConnect shows the address and the 8765 switch.
import { test, expect, shot, apiCall } from './fixtures';
import { acPost, wavBase64 } from '../helpers/ankiconnect-client';

test('a note added over AnkiConnect colours the reader at once and its audio plays from the word panel', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Hunde', TxText: 'Der Hund bellt. Der Hund schläft im Garten.' });
  await page.goto(`/read/${text.TxID}`);
  const hund = page.locator('.w', { hasText: /^Hund$/ });
  await expect(hund.first()).toHaveAttribute('data-status', '0');
  // The learner switches to the mining tool (the reader's window loses focus) …
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));

  const added = await acPost(`${app.url}/ankiconnect`, {
    action: 'addNote',
    version: 6,
    params: {
      note: {
        deckName: 'German',
        modelName: 'Basic',
        fields: { Front: 'Hund', Back: '<ol><li>dog</li><li>hound</li></ol>', Sentence: 'Der <b>Hund</b> bellt.' },
        tags: ['mpvacious'],
        audio: [{ filename: 'mpv-hund.wav', data: wavBase64(4000), fields: ['Audio'] }],
      },
    },
  });
  expect(typeof added.body.result).toBe('number');

  // … and comes back: the reader reads its terms again, both occurrences take status 1, no reload.
  await page.waitForTimeout(600);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(hund.nth(0)).toHaveAttribute('data-status', '1');
  await expect(hund.nth(1)).toHaveAttribute('data-status', '1');
  await hund.first().click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel.getByLabel('Translation')).toHaveValue('dog\nhound');
  const audio = panel.getByLabel('Play the sentence audio (mpv-hund.wav)');
  await expect(audio).toBeVisible();
  const duration = await audio.evaluate(async (el: HTMLAudioElement) => {
    el.preload = 'auto';
    el.load();
    await new Promise((resolve) => el.addEventListener('loadedmetadata', resolve, { once: true }));
    return el.duration;
  });
  expect(duration).toBeGreaterThan(0.4);
  await shot(page, 'ankiconnect-word-panel');
});

test('Settings → AnkiConnect: the address to paste, the 8765 switch and field names, light and dark, wide and narrow', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings');
  const section = page.getByTestId('ankiconnect-settings');
  await expect(section.getByText(`${app.url}/ankiconnect`)).toBeVisible();
  await section.getByRole('button', { name: 'Add a field' }).click();
  await section.getByLabel('Field name').fill('Vocab Kanji');
  await section.getByLabel('Goes into').selectOption('term');
  await section.getByRole('button', { name: 'Save field names' }).click();
  await expect(page.getByText('Field names saved')).toBeVisible();
  const newDecks = section.getByLabel('Let a tool add to a deck Lectio has no language for');
  await newDecks.click();
  await expect(newDecks).toBeChecked();
  await expect.poll(async () => (await apiCall(page, 'GET', '/api/v1/ankiconnect')).new_decks).toBe(true);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'ankiconnect-settings-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'ankiconnect-settings-dark-narrow');
  const saved = await apiCall(page, 'GET', '/api/v1/ankiconnect');
  expect(saved.field_roles).toEqual({ 'vocab kanji': 'term' });
});

test('a tool asking permission gets the Allow prompt of pairing, worded for a mining tool; allowed, it is granted', async ({ page, app }) => {
  const origin = 'chrome-extension://likgccmbimhjbgkjambclfkhldnlhbnn';
  const ask = () => acPost(`${app.url}/ankiconnect`, { action: 'requestPermission', version: 2 }, { origin });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  expect((await ask()).body).toEqual({ permission: 'denied' });
  const dialog = page.getByTestId('pairing-dialog');
  // It says which kind of thing asks and what an Allow lets it reach (issue 43).
  await expect(dialog.getByRole('heading', { name: 'A browser extension asks to use AnkiConnect' })).toBeVisible();
  // Yomitan's Chrome Web Store id: the prompt names the tool beside its origin (issue 44).
  await expect(dialog).toContainText(`Allow Yomitan (${origin}) to look words up`);
  await expect(dialog.getByTestId('pairing-reach')).toContainText('It will be able to use AnkiConnect only');
  await shot(page, 'ankiconnect-allow-prompt');
  await dialog.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(async () => (await ask()).body).toEqual({ permission: 'granted', requireApiKey: false, version: 6 });
});

test("guiBrowse's page: the vocabulary shows only the terms a tool named, and one click shows them all", async ({ page, app }) => {
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish' });
  const saved: number[] = [];
  for (const [WoText, WoTranslation] of [
    ['perro', 'dog'],
    ['gato', 'cat'],
    ['casa', 'house'],
  ])
    saved.push((await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: es.LgID, WoText, WoTranslation })).WoID);
  // What Yomitan's "View added note" sends; in the desktop app the window opens on this page by itself.
  const found = await acPost(`${app.url}/ankiconnect`, { action: 'guiBrowse', version: 6, params: { query: 'deck:Spanish ("term:perro" OR "term:gato")' } });
  // The tool sees note ids (creation times); the page the desktop window opens names the terms by their own ids.
  expect(found.body.result).toEqual([expect.any(Number), expect.any(Number)]);
  await page.goto(`/vocabulary?lang=all&ids=${saved.slice(0, 2).join(',')}`);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'Showing the 2 terms a tool asked for' })).toBeVisible();
  await shot(page, 'ankiconnect-gui-browse-vocabulary');
  await page.getByRole('button', { name: 'Show all terms' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page).not.toHaveURL(/ids=/);
});
