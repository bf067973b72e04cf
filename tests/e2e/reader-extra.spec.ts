// Runs in: Playwright (Chromium). More reader journeys: a .txt file (UTF-8 with a BOM, CRLF line endings)
// opened from the new-text screen and read; a text's audio (a silent WAV served by a small HTTP server on
// 127.0.0.1 that the test starts) sought to a position, the page left, and the player resuming there.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, expect, shot, apiCall } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

test('a .txt file with a BOM and CRLF line endings, opened from the new-text screen, reads cleanly', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-txt-'));
  const file = path.join(dir, 'Morgen am See.txt');
  const body = 'Guten Morgen am See.\r\nDer Nebel liegt still.\r\n\r\nÜber dem Wasser ruft ein Vogel. Guten Tag!\r\n';
  fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body, 'utf8')]));
  try {
    await page.goto('/');
    await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
    await page.goto('/texts/new');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'German' });
    await shot(page, 'reader-upload-new-text');
    await page.getByLabel('Open a file').setInputFiles(file);
    // The file fills the form for review (issue 31, item 4); Save stores it.
    await expect(page.getByLabel('Title')).toHaveValue('Morgen am See');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(/^Guten Morgen am See\.\nDer Nebel/);
    await page.getByRole('button', { name: 'Save and read' }).click();
    await expect(page).toHaveURL(/\/read\/\d+$/);
    const id = Number(/\/read\/(\d+)$/.exec(page.url())![1]);

    // The BOM is not part of the first word; every CRLF became one line break.
    const first = page.locator('.reader-text .w').first();
    await expect(first).toHaveText('Guten');
    await expect(first).toHaveAttribute('data_hex', sha('guten'));
    await expect(page.locator(`.reader-text .w[data_hex="${sha('guten')}"]`)).toHaveCount(2);
    await expect(page.locator('.reader-text p')).toHaveCount(3);
    await expect(page.locator('.reader-text p').nth(2)).toHaveText('Über dem Wasser ruft ein Vogel. Guten Tag!');
    await expect(page.locator('.reader-toolbar h1')).toHaveText('Morgen am See');
    await shot(page, 'reader-upload-read');

    const stored = await apiCall(page, 'GET', `/api/v1/texts/${id}`);
    expect(stored.TxTitle).toBe('Morgen am See');
    expect(stored.TxText.startsWith('Guten')).toBe(true);
    expect(stored.TxText).not.toMatch(/\r|\uFEFF/);
    expect(stored.TxText).toBe('Guten Morgen am See.\nDer Nebel liegt still.\n\nÜber dem Wasser ruft ein Vogel. Guten Tag!\n');

    // Click a word of the uploaded text: it is a normal text.
    await page.locator(`.reader-text .w[data_hex="${sha('nebel')}"]`).click();
    const panel = page.getByRole('complementary', { name: 'Word panel' });
    await panel.getByLabel('Translation').fill('fog');
    await panel.getByRole('button', { name: /Save/ }).click();
    await expect(page.locator(`.reader-text .w[data_hex="${sha('nebel')}"]`)).toHaveAttribute('data-status', '1');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A silent mono 16-bit PCM WAV of `seconds` at 8 kHz. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  return wav;
}

/** Serves one WAV on 127.0.0.1, with byte ranges (the media element seeks with them). */
async function audioServer(wav: Buffer): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const headers = { 'Content-Type': 'audio/wav', 'Accept-Ranges': 'bytes', 'Access-Control-Allow-Origin': '*' };
    if (!range) {
      res.writeHead(200, { ...headers, 'Content-Length': wav.length });
      res.end(wav);
      return;
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), wav.length - 1) : wav.length - 1;
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${wav.length}`, 'Content-Length': end - start + 1 });
    res.end(wav.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/chapter.wav`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('audio: seek to a position, leave the page, reopen: the player resumes there', async ({ page }) => {
  const audio = await audioServer(silentWav(30));
  try {
    await page.goto('/');
    const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
    const text = await apiCall(page, 'POST', '/api/v1/texts', {
      TxLgID: de.LgID,
      TxTitle: 'Mit Ton',
      TxText: 'Ein Text mit Ton. Hör gut zu.',
      TxAudioURI: audio.url,
    });
    expect(text.TxAudioPosition).toBe(0);

    await page.goto(`/read/${text.TxID}`);
    const player = page.getByLabel('Text audio');
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(30, 0);
    expect(audio.requests()).toBeGreaterThan(0);

    // Play (a click on the page is the user gesture), then seek to 12.5 s: a jump of 5 s or more is saved.
    await page.locator('.reader-text .w').first().click();
    await page.keyboard.press('Escape');
    await player.evaluate(async (a: HTMLAudioElement) => {
      await a.play();
      await new Promise<void>((resolve) => {
        a.addEventListener('seeked', () => resolve(), { once: true });
        a.currentTime = 12.5;
      });
    });
    await expect.poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxAudioPosition).toBeCloseTo(12.5, 1);
    // Play on for a while: less than 5 s more, so nothing else is saved until the page is hidden.
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime >= 14.5), { timeout: 15_000 }).toBe(true);
    await shot(page, 'reader-audio-playing');
    const leftAt = await player.evaluate((a: HTMLAudioElement) => a.currentTime);
    expect((await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxAudioPosition).toBeCloseTo(12.5, 1);

    // Leave the page (a full navigation: the document is hidden and unloaded, React never unmounts).
    await page.goto('/texts');
    await expect(page.getByRole('table')).toContainText('Mit Ton');
    await expect
      .poll(async () => (await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxAudioPosition, { message: 'TxAudioPosition saved on page hide' })
      .toBeGreaterThanOrEqual(14.5);
    const saved = (await apiCall(page, 'GET', `/api/v1/texts/${text.TxID}`)).TxAudioPosition as number;
    expect(saved).toBeLessThan(leftAt + 2);

    // Reopen: the player resumes at the saved position.
    await page.goto(`/read/${text.TxID}`);
    await expect.poll(() => page.getByLabel('Text audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(saved, 1);
    await shot(page, 'reader-audio-resumed');
  } finally {
    await audio.close();
  }
});

test('the reader offers to review the text: toolbar and end of the text link to /review?text={id}', async ({ page }) => {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: de.LgID, TxTitle: 'Kurz', TxText: 'Der Hund bellt.' });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: de.LgID, WoText: 'Hund', WoStatus: 1, WoTranslation: 'dog' });
  await page.goto(`/read/${text.TxID}`);
  // In the toolbar's More menu (the toolbar keeps one line, issue 20).
  await page.locator('.reader-toolbar summary', { hasText: 'More' }).click();
  await expect(page.locator('.reader-toolbar').getByRole('link', { name: 'Review text' })).toHaveAttribute('href', `/review?text=${text.TxID}`);
  const end = page.getByRole('link', { name: 'Review this text' });
  await expect(end).toHaveAttribute('href', `/review?text=${text.TxID}`);
  await shot(page, 'reader-review-links');
  await end.click();
  await expect(page).toHaveURL(new RegExp(`/review\\?text=${text.TxID}$`));
  // The review page is scoped to this text.
  await expect(page.getByText(/^Text: Kurz/).first()).toBeVisible();
  await shot(page, 'reader-review-this-text');
});
