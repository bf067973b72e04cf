// Runs in: Playwright (Chromium). Audio that works (issue 19): a WAV made in the test is dropped onto the text,
// copied into the data directory and served by the app, and played at 0.75× with the keys (Space, < / >, , / .);
// a wrong path and a file that is not audio say so next to the player; a URL can be attached instead.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot, apiCall, dropFile } from './fixtures';
import { makeWav } from '../helpers/audio';

/** A mono 16-bit PCM WAV of `seconds` of a 440 Hz tone. */
const wav = (seconds: number, rate = 8000): Buffer => makeWav([{ seconds }], rate);

async function text(page: import('@playwright/test').Page) {
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish' });
  return apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'Con audio', TxText: 'El gato come pescado. El perro duerme.' });
}

test('an audio file dropped onto the text is kept by the app and plays at 0.75× with the keys', async ({ page, server }) => {
  const t = await text(page);
  await page.goto(`/read/${t.TxID}`);
  await expect(page.getByText('No audio.')).toBeVisible();
  await shot(page, 'reading-audio-none');

  await dropFile(page, '.reader-host', 'tone.wav', wav(30));
  const player = page.getByLabel('Text audio');
  await expect(player).toBeVisible();
  await expect(page.getByText('“tone.wav” is the audio of this text now')).toBeVisible();
  // Copied into the data directory and served by the app.
  const stored = await apiCall(page, 'GET', `/api/v1/texts/${t.TxID}`);
  expect(stored.TxAudioURI).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}$/);
  const files = fs.readdirSync(path.join(server.dataDir, 'media'));
  expect(files).toHaveLength(1);
  expect(fs.statSync(path.join(server.dataDir, 'media', files[0])).size).toBe(wav(30).length);
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(30, 0);

  // < twice: 1 → 0.9 → 0.75; Space plays; "." jumps 5 s ahead; Space pauses.
  await page.keyboard.press('<');
  await page.keyboard.press('<');
  await expect(page.getByLabel('Playback speed')).toHaveValue('0.75');
  expect(await player.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);
  await page.keyboard.press(' ');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0.3)).toBe(true);
  expect(await player.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);
  const before = await player.evaluate((a: HTMLAudioElement) => a.currentTime);
  await page.keyboard.press('.');
  expect(await player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(before + 4.9);
  await shot(page, 'reading-audio-playing');
  await page.keyboard.press(' ');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  const at = await player.evaluate((a: HTMLAudioElement) => a.currentTime);
  await page.keyboard.press(',');
  expect(await player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(Math.max(0, at - 5), 1);
  // Paused: the position is saved.
  await page.keyboard.press(' ');
  await page.keyboard.press(' ');
  await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${t.TxID}`)).TxAudioPosition).toBeGreaterThan(0);
});

test('a wrong audio path and a file that is not audio say so next to the player; a URL can be attached', async ({ page }) => {
  // In dark mode (the system's), to look at the player and the attach controls there too.
  await page.emulateMedia({ colorScheme: 'dark' });
  const t = await text(page);
  await page.goto(`/read/${t.TxID}`);

  // A file that is not audio, dropped: refused by its bytes (nothing attached).
  await dropFile(page, '.reader-host', 'notes.mp3', Buffer.from('these are not audio bytes at all'));
  await expect(page.getByText(/"notes\.mp3" is not an audio or video file/)).toBeVisible();
  expect((await apiCall(page, 'GET', `/api/v1/texts/${t.TxID}`)).TxAudioURI).toBe('');

  // A wrong path, typed as the audio URL.
  await page.getByRole('button', { name: 'Attach audio…' }).click();
  await page.getByLabel('Audio URL').fill('/audio/missing.mp3');
  await page.getByRole('button', { name: 'Use URL' }).click();
  const problem = page.locator('.audio-problem');
  await expect(problem).toHaveText('No audio file at /audio/missing.mp3: the path is wrong, or the file was deleted.');
  await shot(page, 'reading-audio-wrong-path');

  // A path that answers, but not with audio.
  await page.getByRole('button', { name: 'Change audio…' }).click();
  await page.getByLabel('Audio URL').fill('/api/v1/version');
  await page.getByRole('button', { name: 'Use URL' }).click();
  await expect(problem).toHaveText('This file cannot be played: it is not audio, or its format is not supported.');

  // An unsafe URL cannot be attached.
  await page.getByRole('button', { name: 'Change audio…' }).click();
  await page.getByLabel('Audio URL').fill('javascript:alert(1)');
  await expect(page.getByRole('button', { name: 'Use URL' })).toBeDisabled();
  await shot(page, 'reading-audio-attach-dark');
  await page.getByRole('button', { name: 'Remove audio' }).click();
  await expect(page.getByText('No audio.')).toBeVisible();
});
