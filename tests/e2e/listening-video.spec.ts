// Runs in: Playwright (Chromium). Sentence sync with the embedded video of a text imported from YouTube: a fake
// embed page served on 127.0.0.1 (the `youtubeEmbedBaseUrl` setting points at it) speaks the YouTube IFrame
// embed's postMessage protocol — it starts posting "infoDelivery" (currentTime, playerState) after the parent
// posts {"event":"listening"}, and obeys {"event":"command"} messages (playVideo, seekTo, setPlaybackRate).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, shot, apiCall } from './fixtures';

const SENTENCES = ['The cat sat on the mat.', 'The dog ran away quickly.', 'Birds sing in the morning.', 'We walk home together now.'];
// Sentences 3 s apart: wide enough that a slow, shared machine still sees each one highlighted.
const STARTS = [0, 3, 6, 9];

// The fake player: a clock that runs while "playing", a log of the commands it got, and play/pause buttons.
const EMBED_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Fake embed</title></head>
<body style="margin:0;background:#111;color:#eee;font:14px sans-serif;padding:12px">
<button id="play">Play video</button> <button id="pause">Pause video</button>
<div id="clock">t=0.0</div><div id="log"></div>
<script>
let t = 0, playing = false, rate = 1, last = performance.now(), parentWin = null, parentOrigin = '*', timer = 0;
const now = () => { const n = performance.now(); if (playing) t += ((n - last) / 1000) * rate; last = n; return t; };
const send = () => parentWin && parentWin.postMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: now(), playerState: playing ? 1 : 2, playbackRate: rate }, id: 1, channel: 'widget' }), parentOrigin);
const show = () => (document.getElementById('clock').textContent = 't=' + now().toFixed(1) + (playing ? ' playing' : ' paused'));
addEventListener('message', (e) => {
  let m; try { m = JSON.parse(e.data); } catch { return; }
  if (m.event === 'listening' && !timer) { parentWin = e.source; parentOrigin = e.origin; timer = setInterval(() => (send(), show()), 250); }
  if (m.event === 'command') {
    const line = document.createElement('div'); line.className = 'cmd'; line.textContent = m.func + ' ' + JSON.stringify(m.args); document.getElementById('log').append(line);
    now();
    if (m.func === 'seekTo') t = m.args[0];
    if (m.func === 'playVideo') playing = true;
    if (m.func === 'pauseVideo') playing = false;
    if (m.func === 'setPlaybackRate') rate = m.args[0];
    send(); show();
  }
});
document.getElementById('play').onclick = () => { now(); playing = true; send(); };
document.getElementById('pause').onclick = () => { now(); playing = false; send(); };
</script></body></html>`;

function startFakeEmbed(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (!req.url?.startsWith('/embed/')) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EMBED_PAGE);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/embed`,
        seen,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

test('a video text: the highlight follows the embedded video, a click on a sentence seeks the video', async ({ page }) => {
  const embed = await startFakeEmbed();
  try {
    await page.goto('/');
    const en = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'youtubeEmbedBaseUrl', value: embed.url });
    const text = await apiCall(page, 'POST', '/api/v1/texts', {
      TxLgID: en.LgID,
      TxTitle: 'A video',
      TxText: SENTENCES.join(' '),
      TxSourceURI: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    await apiCall(page, 'PUT', `/api/v1/texts/${text.TxID}/timings`, {
      timings: STARTS.map((start, i) => ({ order: i + 1, start, end: STARTS[i + 1] ?? start + 3 })),
    });

    await page.goto(`/read/${text.TxID}`);
    const frameEl = page.locator('.reader-video iframe');
    await expect(frameEl).toHaveAttribute('src', /\/embed\/abcdefghijk\?enablejsapi=1&playsinline=1&origin=http%3A%2F%2F127\.0\.0\.1/);
    expect(embed.seen.some((u) => u.startsWith('/embed/abcdefghijk?enablejsapi=1'))).toBe(true);
    const video = page.frameLocator('.reader-video iframe');
    // The embed talks once it heard "listening": its clock reaches the reader as "Sentence 1 of 4".
    await expect(page.locator('.sync-status')).toHaveText('Sentence 1 of 4', { timeout: 10_000 });
    // No audio player for a text without audio: the video is the player.
    await expect(page.getByLabel('Text audio')).toHaveCount(0);

    const highlighted = () => page.locator('.reader-text .sync-current').allTextContents();
    // Paused at 0: the first sentence is the current one before anything plays.
    await expect.poll(highlighted).toEqual(['The', 'cat', 'sat', 'on', 'the', 'mat']);
    await video.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(highlighted, { timeout: 10_000 }).toEqual(['The', 'dog', 'ran', 'away', 'quickly']);
    await expect(page.locator('.sync-status')).toHaveText('Sentence 2 of 4');
    await shot(page, 'listening-video-sentence-2');

    // A click on a word of the last sentence while the video plays seeks the video there.
    await page.locator('.reader-text .w', { hasText: 'walk' }).click();
    await expect.poll(highlighted).toEqual(['We', 'walk', 'home', 'together', 'now']);
    await expect(video.locator('.cmd').filter({ hasText: 'seekTo [9,true]' })).toHaveCount(1);
    await expect(video.locator('#clock')).toHaveText(/^t=(9|10|11)\.\d playing$/);
    await page.keyboard.press('Escape');
    await shot(page, 'listening-video-jumped');

    // [ goes back a sentence (a seek), the speed select sets the video's rate, pausing in the video stops the clock.
    await page.keyboard.press('[');
    await expect.poll(highlighted).toEqual(['Birds', 'sing', 'in', 'the', 'morning']);
    await expect(video.locator('.cmd').filter({ hasText: 'seekTo [6,true]' })).toHaveCount(1);
    await page.getByLabel('Playback speed').selectOption('0.75');
    await expect(video.locator('.cmd').filter({ hasText: 'setPlaybackRate [0.75]' })).toHaveCount(1);
    await video.getByRole('button', { name: 'Pause video' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await shot(page, 'listening-video-dark');
  } finally {
    await embed.close();
  }
});
