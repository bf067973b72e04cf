// Debian Chromium with the unpacked extension loaded (persistent context, --load-extension), for the extension's specs,
// and the word panel's closed shadow root read through the DevTools protocol.
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../../playwright.config';
import { ROOT } from './fixtures';

/** The production build; the bench build (timing figures on <html>) for the specs that read the figures. */
const EXTENSION = path.join(ROOT, 'dist/extension/chromium');
const BENCH_EXTENSION = path.join(ROOT, 'dist/extension/bench/chromium');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchWithExtension({ bench = false } = {}): Promise<{ context: BrowserContext; extensionId: string; userDataDir: string }> {
  const extension = bench ? BENCH_EXTENSION : EXTENSION;
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-ext-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 760 },
    args: [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`, ...ARGS],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, extensionId: new URL(worker.url()).host, userDataDir };
}

export type DomNode = { nodeId: number; localName?: string; nodeType: number; nodeValue?: string; children?: DomNode[]; shadowRoots?: DomNode[] };

/** The nodes inside the word panel's closed shadow root (through the DevTools protocol, which pierces it). */
export async function inPanel<T>(page: Page, use: (nodes: DomNode[], cdp: CDPSession) => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const nodes: DomNode[] = [];
    const walk = (n: DomNode, inside: boolean): void => {
      const here = inside || n.localName === 'lectio-panel';
      if (here) nodes.push(n);
      for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(c, here);
    };
    walk(root, false);
    return await use(nodes, cdp);
  } finally {
    await cdp.detach();
  }
}

/** The panel's text (its style sheet left out). */
export const panelText = (page: Page): Promise<string> =>
  inPanel(page, async (nodes) =>
    nodes
      .filter((n) => n.nodeType === 3 && n.nodeValue && !n.nodeValue.includes('{'))
      .map((n) => n.nodeValue)
      .join(' '),
  );
