// Runs in: Playwright (Chromium). Read aloud with a system voice (issue 49): a stand-in voice (the page's Web Speech
// API replaced by one that records each utterance and fires its end after a set time) reads the text sentence by
// sentence with the audio sync's highlight; Space pauses and resumes, ] skips, the speed applies; a language
// without a voice says so in the reader and in the word panel, in English and in Spanish; the review card speaks
// the word's sentence. Screenshots: tests/artifacts/read-aloud-*.png (1280×800, 1366×768, 360×740).
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, apiCall, shotAtEachSize } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

/** Installs the stand-in voice before the app loads: `window.spoken` lists utterances, `window.voiceMs` their length. */
async function standInVoice(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: { text: string; rate: number }[]; voiceMs: number };
    w.spoken = [];
    // Each sentence spoken for 1.5 s: longer than expect.poll's widest gap (1 s), so no highlight is missed between polls.
    w.voiceMs = 1500;
    const voice = { name: 'Test Español', lang: 'es-ES', default: true, localService: true, voiceURI: 'test-es' };
    class Utterance extends EventTarget {
      voice: unknown = null;
      lang = '';
      rate = 1;
      constructor(public text: string) {
        super();
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
    const synth = new EventTarget() as EventTarget & Record<string, unknown>;
    let timer = 0;
    let speaking: Utterance | null = null;
    synth.getVoices = () => [voice];
    // As Chromium does: a cancelled utterance gets an error event "interrupted", never its end.
    synth.cancel = () => {
      clearTimeout(timer);
      const u = speaking;
      speaking = null;
      if (u) u.dispatchEvent(Object.assign(new Event('error'), { error: 'interrupted' }));
    };
    synth.speak = (u: Utterance) => {
      w.spoken.push({ text: u.text, rate: u.rate });
      speaking = u;
      timer = window.setTimeout(() => {
        speaking = null;
        u.dispatchEvent(new Event('end'));
      }, w.voiceMs);
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth });
  });
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: { text: string; rate: number }[] }).spoken);
const highlighted = (page: Page) => page.locator('.reader-text .sync-current').allTextContents();

test('read aloud: sentence after sentence highlighted, pause and resume, speed; no voice said; the review card speaks', async ({ page }) => {
  await standInVoice(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: es.LgID,
    TxTitle: 'El gato',
    TxText: 'El gato come pescado. El perro duerme en la casa.\n\nMañana llueve.',
  });
  await page.goto(`/read/${text.TxID}`);
  const bar = page.getByRole('toolbar', { name: 'Read aloud' });
  const status = bar.locator('.sync-status');

  // Sentence after sentence, each highlighted while spoken, then the reading stops.
  await bar.getByRole('button', { name: /Read aloud/ }).click();
  await expect.poll(() => highlighted(page)).toEqual(['El', 'gato', 'come', 'pescado']);
  await expect.poll(() => highlighted(page)).toEqual(['El', 'perro', 'duerme', 'en', 'la', 'casa']);
  await expect.poll(() => highlighted(page)).toEqual(['Mañana', 'llueve']);
  await expect.poll(() => highlighted(page)).toEqual([]);
  expect((await spoken(page)).map((u) => u.text)).toEqual(['El gato come pescado.', 'El perro duerme en la casa.', 'Mañana llueve.']);

  // Long sentences from here: Space starts, ] skips, Space pauses (nothing more is spoken) and resumes that sentence.
  await page.evaluate(() => ((window as unknown as { voiceMs: number }).voiceMs = 60_000));
  await page.keyboard.press('Space');
  await expect(status).toHaveText('Sentence 1 of 3');
  await page.keyboard.press(']');
  await expect.poll(() => highlighted(page)).toEqual(['El', 'perro', 'duerme', 'en', 'la', 'casa']);
  await page.keyboard.press('Space');
  await expect(bar.getByRole('button', { name: /Resume/ })).toBeVisible();
  const whenPaused = (await spoken(page)).length;
  await bar.getByLabel('Reading speed').selectOption('1.25');
  expect(await spoken(page)).toHaveLength(whenPaused);
  expect(await highlighted(page)).toEqual(['El', 'perro', 'duerme', 'en', 'la', 'casa']);
  await shotAtEachSize(page, 'read-aloud-paused-en');
  await page.keyboard.press('Space');
  await expect.poll(async () => (await spoken(page)).at(-1)).toEqual({ text: 'El perro duerme en la casa.', rate: 1.25 });
  // Alt+click on a word reads from its sentence.
  await page.locator(`.reader-text .w[data_hex="${sha('llueve')}"]`).click({ modifiers: ['Alt'] });
  await expect(status).toHaveText('Sentence 3 of 3');
  await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe('Mañana llueve.');

  // The review card speaks the word's sentence with the same voice.
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: es.LgID, WoText: 'gato', WoTranslation: 'cat', WoSentence: 'El {gato} come pescado.', WoStatus: 1 });
  await page.goto(`/review?lang=${es.LgID}`);
  await page.getByRole('tab', { name: 'Term → translation' }).click();
  await page.locator('.review-card').getByRole('button', { name: 'Speak the sentence (Shift+S)' }).click();
  await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe('El gato come pescado.');

  // A language the system has no voice for: the reader says so where the button would be, and how to add one.
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  const deText = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Der Hund', TxText: 'Der Hund schläft.' });
  await page.goto(`/read/${deText.TxID}`);
  const none = page.getByTestId('read-aloud-no-voice');
  await expect(none).toContainText('No voice for German on this computer');
  await none.locator('summary').click();
  await expect(none).toContainText('speech-dispatcher');
  await page.locator(`.reader-text .w[data_hex="${sha('hund')}"]`).click();
  await expect(page.getByTestId('no-voice-short')).toHaveText('No voice');
  await shotAtEachSize(page, 'read-aloud-no-voice-en');

  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  await page.evaluate(() => localStorage.setItem('lectio.uiLanguage', 'es'));
  await page.reload();
  await expect(page.getByTestId('read-aloud-no-voice')).toContainText('No hay voz para German en este ordenador');
  await page.goto(`/read/${text.TxID}`);
  const barEs = page.getByRole('toolbar', { name: 'Lectura en voz alta' });
  await expect(barEs.getByRole('button', { name: /Leer en voz alta/ })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(barEs.locator('.sync-status')).toHaveText('Oración 1 de 3');
  await page.keyboard.press('Space');
  await shotAtEachSize(page, 'read-aloud-paused-es');
});
