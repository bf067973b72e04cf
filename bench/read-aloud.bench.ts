// Read aloud with a system voice (issue 49), in headless Chromium against the built serve process: a 5,000-word
// chapter read by a stand-in voice (the page's Web Speech API replaced by one that fires each utterance's end 30 ms
// after it starts), median over 40 sentences of
//   read_aloud_next_sentence_ms  from one sentence's `end` event to the next sentence's highlight in the page, < 50
import { chromium } from '@playwright/test';
import type { Report } from './run';
import { peerText } from './peer-text';
import { PageClient, startServeProcess } from './serve-process';
import { sized } from './helpers';

const CHROMIUM = process.env.LECTIO_CHROMIUM ?? '/usr/bin/chromium';
const SENTENCES = sized(40, 10);

/** The stand-in voice, and a probe timing each end → highlight (a MutationObserver sees the class as it is set). */
const STAND_IN = `
  window.__readAloud = { endAt: null, gaps: [] };
  const voice = { name: 'Bench English', lang: 'en-US', default: true, localService: true, voiceURI: 'bench-en' };
  class Utterance extends EventTarget { constructor(text) { super(); this.text = text; this.voice = null; this.lang = ''; this.rate = 1; } }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
  const synth = new EventTarget();
  let timer = 0;
  synth.getVoices = () => [voice];
  synth.cancel = () => clearTimeout(timer);
  synth.speak = (u) => { timer = setTimeout(() => { window.__readAloud.endAt = performance.now(); u.dispatchEvent(new Event('end')); }, 30); };
  Object.defineProperty(window, 'speechSynthesis', { value: synth });
  new MutationObserver((records) => {
    const probe = window.__readAloud;
    if (probe.endAt === null) return;
    if (records.some((r) => r.target.classList && r.target.classList.contains('sync-current'))) {
      probe.gaps.push(performance.now() - probe.endAt);
      probe.endAt = null;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
`;

export default async function readAloud(report: Report) {
  const serve = await startServeProcess();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const client = await new PageClient(serve.url).init();
    const { LgID } = await client.call<{ LgID: number }>('POST', '/api/v1/languages', { LgName: 'English', preset: 'en' });
    const chapter = peerText({ words: sized(5_000, 1_000), sentences: sized(250, 50), vocabulary: 4_000, seed: 11 }).text;
    const { TxID } = await client.call<{ TxID: number }>('POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: 'Chapter', TxText: chapter });
    // bypassCSP: the stand-in is a string evaluated in the page; the app itself is unchanged.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(serve.url + '/'); // session cookie
    await page.addInitScript(STAND_IN);
    await page.goto(`${serve.url}/read/${TxID}`);
    const play = page.getByRole('toolbar', { name: 'Read aloud' }).getByRole('button', { name: /Read aloud/ });
    await play.waitFor({ timeout: 60_000 });
    await play.click();
    await page.waitForFunction(`window.__readAloud.gaps.length >= ${SENTENCES}`, null, { timeout: 120_000 });
    const gaps = (await page.evaluate('window.__readAloud.gaps')) as number[];
    const sorted = gaps.slice(0, SENTENCES).sort((a, b) => a - b);
    report('read_aloud_next_sentence_ms', sorted[Math.floor(sorted.length / 2)], 'ms');
    await context.close();
  } finally {
    await browser.close();
    await serve.stop();
  }
}
