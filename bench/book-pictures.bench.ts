// A book chapter's first paint with and without its pictures (issue 35), in headless Chromium against the built
// serve process: Alice's "Down The Rabbit-Hole" (1,300 words, 4 pictures) opened 3 times with its pictures shown
// and 3 times with them hidden (the book's setting), the median time to the first painted word of each:
//   reader_first_paint_alice_pictures_ms  — pictures shown (lazy, space reserved: must not be slower)
//   reader_first_paint_alice_text_only_ms — the same chapter, pictures hidden
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { fixture, hasFixtures } from '../tests/helpers/core';
import type { Report } from './run';
import { startServeProcess } from './serve-process';
import { benchQuick, sized } from './helpers';

const CHROMIUM = process.env.LECTIO_CHROMIUM ?? '/usr/bin/chromium';
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

/** When the first word element is painted (a frame after it is in the DOM). */
const PROBE = `
  window.__firstWordPaint = null;
  const mo = new MutationObserver(() => {
    if (window.__firstWordPaint !== null || !document.querySelector('.reader-text .w')) return;
    window.__firstWordPaint = -1;
    requestAnimationFrame(() => setTimeout(() => (window.__firstWordPaint = performance.now()), 0));
  });
  document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
`;

/** A call from the page with its CSRF token: JSON, or multipart when `file` is given. */
async function call(page: Page, method: string, url: string, body: Record<string, unknown>, file?: Uint8Array): Promise<any> {
  return page.evaluate(
    async ({ method, url, body, b64 }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      let init: RequestInit;
      if (b64) {
        const form = new FormData();
        for (const [k, v] of Object.entries(body)) form.append(k, String(v));
        form.append('file', new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))]), 'book.epub');
        init = { method, headers: { 'X-CSRF-TOKEN': token }, body: form };
      } else init = { method, headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token }, body: JSON.stringify(body) };
      const res = await fetch(url, init);
      if (!res.ok) throw new Error(`${method} ${url} → ${res.status}`);
      return res.json();
    },
    { method, url, body, b64: file ? Buffer.from(file).toString('base64') : null },
  );
}

export default async function bookPictures(report: Report) {
  if (!hasFixtures) return;
  const serve = await startServeProcess();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(serve.url + '/');
    const { LgID } = await call(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
    const book = await call(page, 'POST', '/api/v1/books', { language_id: LgID }, new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))));
    const chapter = book.chapters[1].text_id as number;
    await page.addInitScript(PROBE);
    const paint = async () => {
      const times: number[] = [];
      for (let run = 0; run < sized(3, 1); run++) {
        await page.goto(`${serve.url}/read/${chapter}`);
        await page.waitForFunction('window.__firstWordPaint > 0', null, { timeout: 60_000 });
        times.push((await page.evaluate('window.__firstWordPaint')) as number);
      }
      return median(times);
    };
    // One open first: the bundle, fonts and the parse cache are warm for both figures alike (not in a quick run).
    if (!benchQuick()) await paint();
    const shown = await paint();
    // The chapter's pictures are laid out as the text renders: the count is read once it has settled (a read right
    // after the first word's paint saw 3 of 4 on a loaded machine and stopped the whole bench).
    await page.waitForFunction("document.querySelectorAll('.reader-text figure').length >= 4", null, { timeout: 10_000 }).catch(() => undefined);
    const figures = await page.locator('.reader-text figure').count();
    if (figures !== 4) throw new Error(`expected 4 pictures in the chapter, saw ${figures}`);
    await call(page, 'PUT', `/api/v1/books/${book.BkID}/pictures`, { shown: false });
    const hidden = await paint();
    report('reader_first_paint_alice_pictures_ms', Math.round(shown), 'ms');
    report('reader_first_paint_alice_text_only_ms', Math.round(hidden), 'ms');
  } finally {
    await browser.close();
    await serve.stop();
  }
}
