// Runs in: Playwright (Chromium). Listening: an SRT imported with its audio (both generated here without system
// programs: one tone burst per sentence in one WAV, so every cue time is known exactly), played in the reader: the
// highlighted sentence follows the audio, and a click on a later sentence makes the audio jump there.
// Also the new-text tabs (subtitles, audio with the NLP service down, video without a key).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, shot, apiCall } from './fixtures';
import { makeWav, spokenSeconds } from '../helpers/audio';

const SENTENCES = ['The cat sat on the mat.', 'The dog ran away quickly.', 'Birds sing in the morning.', 'We walk home together now.'];

/** Audio of the sentences with 0.4 s between them, and an SRT whose cues split sentences across cue breaks. */
function makeMedia(): { dir: string; wav: string; srt: string; starts: number[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-listen-'));
  const starts: number[] = [];
  let t = 0;
  let srt = '';
  let n = 1;
  const stamp = (s: number) => {
    const ms = Math.round(s * 1000);
    const p = (x: number, w = 2) => String(x).padStart(w, '0');
    return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
  };
  const parts = SENTENCES.map((sentence, i) => {
    const sound = spokenSeconds(sentence);
    starts.push(t);
    // Two cues per sentence, cut in the middle of it: the import joins them again.
    const words = sentence.split(' ');
    const half = Math.ceil(words.length / 2);
    const mid = t + sound / 2;
    srt += `${n++}\r\n${stamp(t)} --> ${stamp(mid)}\r\n<i>${words.slice(0, half).join(' ')}</i>\r\n\r\n`;
    srt += `${n++}\r\n${stamp(mid)} --> ${stamp(t + sound)}\r\n${words.slice(half).join(' ')}\r\n\r\n`;
    t += sound + 0.4;
    return { seconds: sound, pause: 0.4, hz: 330 + 110 * i };
  });
  const wav = path.join(dir, 'story.wav');
  fs.writeFileSync(wav, makeWav(parts));
  const srtFile = path.join(dir, 'story.srt');
  fs.writeFileSync(srtFile, srt);
  return { dir, wav, srt: srtFile, starts };
}

test('an SRT with its audio: the highlighted sentence follows playback, a click on a later sentence jumps there', async ({ page }) => {
  const media = makeMedia();
  try {
    await page.goto('/');
    await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
    await page.goto('/texts/new');
    await page.getByRole('tab', { name: 'Subtitles' }).click();
    await expect(page).toHaveURL(/\/texts\/new\/subtitles$/);
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
    await page.getByLabel('Subtitle file').setInputFiles(media.srt);
    await page.getByLabel('Audio file').setInputFiles(media.wav);
    await expect(page.locator('.drop-zone')).toContainText('story.srt');
    await expect(page.locator('.drop-zone')).toContainText('story.wav');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('story');
    await shot(page, 'listening-subtitles-form');
    await page.getByRole('button', { name: 'Import subtitles' }).click();
    await expect(page).toHaveURL(/\/read\/\d+$/);
    await expect(page.locator('.reader-text')).toContainText('The cat sat on the mat. The dog ran away quickly.');
    await expect(page.locator('.sync-status')).toHaveText('Sentence 1 of 4');

    const player = page.getByLabel('Text audio');
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 }).toBeGreaterThan(media.starts[3]);
    // Press play (a click on the page first: the user gesture).
    await page.locator('.reader-text .w').first().click();
    await page.keyboard.press('Escape');
    await player.evaluate((a: HTMLAudioElement) => a.play());
    const highlighted = () => page.locator('.reader-text .sync-current').allTextContents();
    await expect.poll(highlighted).toEqual(['The', 'cat', 'sat', 'on', 'the', 'mat']);
    await shot(page, 'listening-sentence-1');
    // The highlight moves on with the audio.
    await expect.poll(highlighted, { timeout: 10_000 }).toEqual(['The', 'dog', 'ran', 'away', 'quickly']);
    await expect(page.locator('.sync-status')).toHaveText('Sentence 2 of 4');
    await shot(page, 'listening-sentence-2');

    // Click a word of the last sentence while playing: the audio jumps to its start.
    await page.locator('.reader-text .w', { hasText: 'walk' }).click();
    await expect.poll(highlighted).toEqual(['We', 'walk', 'home', 'together', 'now']);
    const at = await player.evaluate((a: HTMLAudioElement) => a.currentTime);
    expect(at).toBeGreaterThanOrEqual(media.starts[3] - 0.05);
    expect(at).toBeLessThan(media.starts[3] + 1.5);
    await page.keyboard.press('Escape');
    await shot(page, 'listening-jumped');

    // [ goes back a sentence; the speed select slows playback down.
    await page.keyboard.press('[');
    await expect.poll(highlighted).toEqual(['Birds', 'sing', 'in', 'the', 'morning']);
    await page.getByLabel('Playback speed').selectOption('0.75');
    expect(await player.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'listening-dark');
  } finally {
    fs.rmSync(media.dir, { recursive: true, force: true });
  }
});

test('manual timing: tap T at each sentence start, nudge, save', async ({ page }) => {
  const media = makeMedia();
  try {
    await page.goto('/');
    const en = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
    // The text with audio but no timings: imported from subtitles, then its timings removed.
    const form = await page.evaluate(
      async ({ srt, wav, lang }) => {
        const fd = new FormData();
        fd.append('language_id', String(lang));
        fd.append('file', new Blob([Uint8Array.from(atob(srt), (c) => c.charCodeAt(0))]), 'story.srt');
        fd.append('audio', new Blob([Uint8Array.from(atob(wav), (c) => c.charCodeAt(0))]), 'story.wav');
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        const res = await fetch('/api/v1/texts/import-subtitles', { method: 'POST', body: fd, headers: { 'X-CSRF-TOKEN': token } });
        return res.json();
      },
      { srt: fs.readFileSync(media.srt).toString('base64'), wav: fs.readFileSync(media.wav).toString('base64'), lang: en.LgID },
    );
    const id = form.text.TxID;
    await apiCall(page, 'PUT', `/api/v1/texts/${id}/timings`, { timings: [] });
    await page.goto(`/read/${id}`);
    await expect(page.locator('.sync-status')).toHaveText('No sentence timings yet');
    await page.getByRole('button', { name: 'Time sentences' }).click();
    await expect(page.locator('.sync-status')).toHaveText('Timing: press T when sentence 1 of 4 starts');
    const player = page.getByLabel('Text audio');
    await page.locator('.reader-toolbar').click();
    await player.evaluate((a: HTMLAudioElement) => a.play());
    await page.keyboard.press('t');
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(media.starts[1]);
    await page.keyboard.press('t');
    await page.getByRole('button', { name: '+0.25 s' }).click();
    await shot(page, 'listening-timing-mode');
    await page.getByRole('button', { name: 'Save timings' }).click();
    await expect(page.locator('.listening-bar')).not.toHaveClass(/timing/);
    const saved = await apiCall(page, 'GET', `/api/v1/texts/${id}/timings`);
    expect(saved.map((t: { order: number }) => t.order)).toEqual([1, 2]);
    expect(saved[1].start).toBeGreaterThan(media.starts[1] + 0.2);
  } finally {
    fs.rmSync(media.dir, { recursive: true, force: true });
  }
});

test('the other tabs say what they need: the transcription service for audio, nothing for videos', async ({ page }) => {
  // New text asks for a language first (issue 20): give it one, so the tabs speak for themselves.
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
  await page.goto('/texts/new/audio');
  await expect(page.getByRole('heading', { name: 'Transcription is not set up on this computer' })).toBeVisible();
  await page.getByText('How to set it up').click();
  // The address is a field (issue 51), not an environment variable a desktop learner cannot set.
  await expect(page.locator('.transcription-setup')).not.toContainText('NLP_SERVICE_URL');
  await expect(page.getByLabel('Transcription service address')).toBeVisible();
  await shot(page, 'listening-audio-service-down');
  await page.getByRole('tab', { name: 'From a video' }).click();
  await expect(page.getByText('No account or key is needed.')).toBeVisible();
  await expect(page.getByLabel('Video link')).toBeVisible();
  await shot(page, 'listening-video-no-key');
});
