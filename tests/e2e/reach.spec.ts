// Runs in: Playwright (Chromium). Features a learner can reach without a developer (issue 32): captions of a
// YouTube video with no key (a fake YouTube on 127.0.0.1 serves the watch page and json3 captions), the optional
// key in Settings, "You seem to be offline — Retry" for the open library, transcription that explains itself,
// and a language without a system voice saying why there is no speaker button — in English and Spanish, each at
// 1280×800, 1366×768 and 360×740 (`shotAtEachSize`), the offline note in dark too; Spanish numbers ("12,5 %").
import type { Page } from '@playwright/test';
import { test as base, expect, shot, shotAtEachSize, apiCall, startServe, stopServe, type LectioServer } from './fixtures';
import { FakeYoutube } from '../helpers/fake-listening';

// The core may reach the fake YouTube on 127.0.0.1 (the test-only allowance, never an env switch).
const test = base.extend<{ server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({}, ['--allow-outbound-host', '127.0.0.1']);
    await use(server);
    await stopServe(server);
  },
});

const spanish = async (page: Page) => {
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
  await page.evaluate(() => localStorage.setItem('lectio.uiLanguage', 'es'));
};
const narrow = (page: Page) => page.setViewportSize({ width: 360, height: 740 });

test('a YouTube video without a key: caption languages named in the interface language, imported with timings', async ({ page }) => {
  const yt = await new FakeYoutube().start();
  try {
    await page.goto('/');
    const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'youtubeWatchBaseUrl', value: yt.url });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(de.LgID) });
    await page.goto('/texts/new/video');
    await expect(page.getByText('No account or key is needed.')).toBeVisible();
    await page.getByLabel('Video link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('heading', { name: 'Deutsch lernen: Im Café' })).toBeVisible();
    const captions = page.getByLabel('Caption language');
    await expect(captions.locator('option')).toHaveText(['English (automatic)', 'German']);
    await captions.selectOption({ label: 'German' });
    await expect(page.locator('.video-preview')).toContainText('Guten Morgen! Ich hätte gern einen Kaffee.');
    await shotAtEachSize(page, 'reach-video-en');

    await spanish(page);
    await page.reload();
    await page.getByLabel('Enlace del vídeo').fill('dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByLabel('Idioma de los subtítulos').locator('option')).toHaveText(['inglés (automáticos)', 'alemán']);
    await shotAtEachSize(page, 'reach-video-es');
    await page.getByLabel('Idioma de los subtítulos').selectOption({ label: 'alemán' });
    await expect(page.locator('.video-preview')).toContainText('Guten Morgen!');
    await page.getByRole('button', { name: 'Importar como texto' }).click();
    await expect(page).toHaveURL(/\/read\/\d+$/);
    await expect(page.locator('.reader-text')).toContainText('Guten Morgen!');
  } finally {
    await yt.close();
  }
});

test('Settings has the optional YouTube key; saved when the field is left', async ({ page }) => {
  await page.goto('/settings');
  const field = page.getByLabel('YouTube Data API key (optional)');
  await expect(page.getByText('Not needed: Lectio reads the captions a video publishes')).toBeVisible();
  await field.fill('my-key');
  await field.blur();
  await expect.poll(async () => (await apiCall(page, 'GET', '/api/v1/youtube/configured')).api_key).toBe(true);
  await page.reload();
  await expect(page.getByLabel('YouTube Data API key (optional)')).toHaveValue('my-key');
  await shotAtEachSize(page, 'reach-settings-key-en', () => page.getByLabel('YouTube Data API key (optional)').scrollIntoViewIfNeeded());
  await spanish(page);
  await page.reload();
  await expect(page.getByText('No hace falta: Lectio lee los subtítulos que un vídeo publica')).toBeVisible();
  await shotAtEachSize(page, 'reach-settings-key-es', () => page.getByLabel('Clave de la API de datos de YouTube (opcional)').scrollIntoViewIfNeeded());
});

test('offline: the open library says "You seem to be offline" with Retry, in English and Spanish', async ({ page }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  // A host under .invalid never resolves: what a machine without a network sees for gutendex.com.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'gutendexUrl', value: 'https://gutendex.invalid' });
  await page.goto('/open-library');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('You seem to be offline: gutendex.invalid could not be reached');
  await expect(alert).not.toContainText('ENOTFOUND');
  const asked = page.waitForRequest((r) => r.url().includes('/api/v1/library/gutenberg'));
  await alert.getByRole('button', { name: 'Retry' }).click();
  await asked;
  await expect(page.getByRole('alert')).toContainText('You seem to be offline');
  await shotAtEachSize(page, 'reach-offline-en');

  await spanish(page);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Parece que no hay conexión: no se pudo llegar a gutendex.invalid');
  await expect(page.getByRole('alert').getByRole('button', { name: 'Reintentar' })).toBeVisible();
  // The source buttons stay inside the toolbar (at 360 px "Lecturas infantiles" ran past its edge).
  await shotAtEachSize(page, 'reach-offline-es', async () => {
    const outside = await page.locator('.library-toolbar').evaluate((bar) => {
      const right = bar.getBoundingClientRect().right;
      return [...bar.querySelectorAll('button, select, input')].filter((el) => el.getBoundingClientRect().right > right + 0.5).map((el) => el.textContent);
    });
    expect(outside, 'controls past the toolbar').toEqual([]);
  });
  await narrow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'reach-offline-es-360-dark');
});

test('transcription explains itself and how to set it up; Check again asks the service again', async ({ page }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await page.goto('/texts/new/audio');
  await expect(page.getByRole('heading', { name: 'Transcription is not set up on this computer' })).toBeVisible();
  const setup = page.locator('.transcription-setup');
  await expect(setup).toContainText('write down what is said in an audio or video file');
  await expect(setup).toContainText('import subtitles (.srt, .vtt) or a YouTube video’s captions');
  await expect(setup).not.toContainText('work without it');
  await page.getByText('How to set it up').click();
  await expect(setup).toContainText('http://127.0.0.1:8000/docs');
  await expect(setup).not.toContainText('docs/listening.md');
  await shotAtEachSize(page, 'reach-transcription-en');
  const asked = page.waitForRequest((r) => r.url().includes('/api/v1/whisper/available'));
  await page.getByRole('button', { name: 'Check again' }).click();
  await asked;
  await expect(page.getByRole('heading', { name: 'Transcription is not set up on this computer' })).toBeVisible();

  await spanish(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'La transcripción no está configurada en este equipo' })).toBeVisible();
  await page.getByText('Cómo configurarlo').click();
  await expect(page.locator('.transcription-setup')).toContainText('http://127.0.0.1:8000/docs');
  await shotAtEachSize(page, 'reach-transcription-es');
});

test('a language without a system voice says once, in its settings, why there is no speaker button', async ({ page }) => {
  // Whatever voices this machine has: the page sees none, as on a system without speech.
  await page.addInitScript(() => {
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.getVoices = () => [];
  });
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  await page.goto(`/languages/${de.LgID}/edit`);
  const note = page.getByTestId('no-voice');
  await expect(note).toContainText('This computer has no voice for German, so the reader shows no speaker button.');
  await shotAtEachSize(page, 'reach-no-voice-en', () => note.scrollIntoViewIfNeeded());
  await spanish(page);
  await page.reload();
  await expect(page.getByTestId('no-voice')).toContainText('Este equipo no tiene ninguna voz para el alemán');
  await shotAtEachSize(page, 'reach-no-voice-es', () => page.getByTestId('no-voice').scrollIntoViewIfNeeded());
});

test('numbers and plurals by locale: "1 leído" on Statistics, "12,5 %" on Word families', async ({ page }) => {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Kurz', TxText: 'Ein kurzer Text.' });
  await apiCall(page, 'POST', `/api/v1/texts/${text.TxID}/finished`);
  await spanish(page);
  await page.goto('/profile/statistics');
  const today = page.locator('.stat-tile').filter({ has: page.getByText('Hoy', { exact: true }) });
  await expect(today).toContainText('1 leído');
  await expect(today).not.toContainText('1 leídos');
  await expect(today).toContainText('0 creados');
  await shotAtEachSize(page, 'reach-stats-es');

  // A fractional percent as Spanish writes it: 1 of 8 terms with a lemma is "12,5 %" (comma, non-breaking space).
  for (const [i, w] of ['Haus', 'Baum', 'Hund', 'Katze', 'Tisch', 'Stuhl', 'Buch', 'Auto'].entries())
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: de.LgID, WoText: w, WoStatus: 1, ...(i === 0 ? { WoLemma: 'Haus' } : {}) });
  await page.goto(`/vocabulary?view=families&lang=${de.LgID}`);
  const coverage = page.locator('.families .coverage');
  await expect(coverage).toContainText('12,5\u00a0% de 8 términos tienen lema');
  await expect(coverage).not.toContainText('12.5');
  await shotAtEachSize(page, 'reach-families-coverage-es');
});
