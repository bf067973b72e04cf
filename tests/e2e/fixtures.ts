// Playwright fixtures: each test gets a fresh `npm run serve` (the built app, port 0, temp data
// dir), and `shot(page, name)` keeps a screenshot under tests/artifacts/ for people to look at.
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
export const FIXTURES = path.resolve(ROOT, '../shared/fixtures');
export const hasFixtures = fs.existsSync(FIXTURES);

export interface LectioServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

export async function startServe(env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<LectioServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-e2e-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/main/serve.js'), '--port', '0', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    env: { ...process.env, NLP_SERVICE_URL: 'http://127.0.0.1:9', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Lectio listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  return { url, dataDir, process: child };
}

export async function stopServe(server: LectioServer): Promise<void> {
  await new Promise<void>((resolve) => {
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** How far the page and the app's scrolling area reach past their boxes (0 = no sideways scrolling). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    const content = document.querySelector<HTMLElement>('.content');
    // The widest element, to name in a failure.
    let widest = '';
    let right = 0;
    // An element inside a box that scrolls or clips sideways (a wide chart in its own scroller) does not count.
    const clipped = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== content; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('.content *')) {
      if (clipped(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right > right + 0.5 && r.width > 0) {
        right = r.right;
        widest = `${el.parentElement?.className ?? ''} > ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      }
    }
    return {
      page: doc.scrollWidth - window.innerWidth,
      content: content ? content.scrollWidth - content.clientWidth : 0,
      widest: right > window.innerWidth ? `${widest} ends at ${Math.round(right)}` : '',
    };
  });

/**
 * Every button, link and form field shown on the page that is not wholly inside the window sideways (issue 51:
 * right-aligned button rows ran out to the left at 360 px while nothing scrolled sideways). Controls inside a box
 * that scrolls sideways (a wide table in `.table-scroll`) are reached by scrolling that box and do not count;
 * hidden ones (display none, a closed menu, a visually-hidden file input of 1 px) neither. Answers one line each.
 */
export const controlsOutside = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll') && p.scrollWidth > p.clientWidth) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [role="button"]')) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left >= -0.5 && r.right <= width + 0.5) continue;
      if (scrollsSideways(el)) continue;
      const parent = el.parentElement ? `${el.parentElement.tagName.toLowerCase()}.${[...el.parentElement.classList].join('.')} > ` : '';
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      out.push(`${parent}${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${name}" spans ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    }
    return out;
  });

/** The three window sizes every issue-32 screen is looked at in (1280×800, 1366×768, 360×740). */
export const SIZES = [
  [1280, 800],
  [1366, 768],
  [360, 740],
] as const;

/**
 * Resizes the window through SIZES; at each, `prepare` (scroll something into view), a check that nothing scrolls
 * sideways, and a screenshot `<name>-<width>x<height>`. The window gets its size back afterwards. Cheaper than a
 * test per size: the state is built once.
 */
export async function shotAtEachSize(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    if (prepare) await prepare();
    const o = await sidewaysOverflow(page);
    expect(o.page <= 0 && o.content <= 0, `${name} at ${width}×${height} scrolls sideways: page +${o.page}px, content +${o.content}px; ${o.widest}`).toBe(true);
    expect(await controlsOutside(page), `${name} at ${width}×${height}: controls not wholly inside the window`).toEqual([]);
    await shot(page, `${name}-${width}x${height}`);
  }
  if (before) await page.setViewportSize(before);
}

/** Calls the API from the page's origin with its CSRF token (for fast test setup). */
export async function apiCall<T = any>(page: Page, method: string, urlPath: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, urlPath, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const res = await fetch(urlPath, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${urlPath} → ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { method, urlPath, body },
  );
}

/** Drops a file on the element matching `selector`, as a user dragging it from the desktop would. */
export async function dropFile(page: Page, selector: string, name: string, data: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, b64 }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name));
      return dt;
    },
    { name, b64: data.toString('base64') },
  );
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

/**
 * The next test's server, started while the current test runs (a worker runs its tests one after another): a
 * test that takes the plain server does not wait the ~1 s a server needs to start. Each is still a fresh process
 * with an empty data folder, used by one test only.
 */
interface SparePool {
  take(): Promise<LectioServer>;
}

export const test = base.extend<{ app: LectioServer; server: LectioServer }, { spareServers: SparePool }>({
  spareServers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pool: { spare: Promise<LectioServer> | null } = { spare: null };
      await use({
        take() {
          const next = pool.spare ?? startServe();
          pool.spare = startServe();
          // A spare that failed to start is reported by the test that takes it, not as an unhandled rejection.
          pool.spare.catch(() => undefined);
          return next;
        },
      });
      const left = await pool.spare?.catch(() => null);
      if (left) await stopServe(left);
    },
    { scope: 'worker' },
  ],
  server: async ({ spareServers }, use) => {
    const server = await spareServers.take();
    await use(server);
    await stopServe(server);
  },
  app: async ({ server }, use) => use(server),
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect };
