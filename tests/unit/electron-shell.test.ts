// The Electron shell's wiring, against a fake electron module (the real binary cannot run on CI).
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startElectronApp, isSameOrigin, isExternalLinkAllowed, type ElectronModule } from '../../src-main/electron/app';
import { tempDir } from '../helpers/core';

type Listener = (...args: any[]) => any;

function fakeElectron(opts: { lock?: boolean; packaged?: boolean } = {}) {
  const appEvents: Record<string, Listener[]> = {};
  const wcEvents: Record<string, Listener> = {};
  const ipcHandlers: Record<string, Listener> = {};
  let windowOpenHandler: Listener | undefined;
  const created: { options: any; loaded: string[] }[] = [];
  const openedExternal: string[] = [];
  const fake = {
    app: {
      requestSingleInstanceLock: () => opts.lock !== false,
      quit: vi.fn(),
      on: (e: string, l: Listener) => (appEvents[e] ??= []).push(l),
      whenReady: () => Promise.resolve(),
      getAppPath: () => process.cwd(),
      getVersion: () => '0.1.0',
      isPackaged: opts.packaged === true,
      showAboutPanel: vi.fn(),
    },
    BrowserWindow: class {
      webContents = {
        on: (e: string, l: Listener) => (wcEvents[e] = l),
        setWindowOpenHandler: (h: Listener) => (windowOpenHandler = h),
      };
      record: { options: any; loaded: string[] };
      constructor(options: any) {
        this.record = { options, loaded: [] };
        created.push(this.record);
      }
      once() {}
      isMinimized = () => false;
      restore() {}
      focus() {}
      show() {}
      loadURL(url: string) {
        this.record.loaded.push(url);
        return Promise.resolve();
      }
    },
    ipcMain: { handle: (channel: string, l: Listener) => (ipcHandlers[channel] = l) },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    shell: { openExternal: (u: string) => (openedExternal.push(u), Promise.resolve()) },
    session: { defaultSession: { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn() } },
    dialog: { showErrorBox: vi.fn() },
  };
  return { fake: fake as unknown as ElectronModule, appEvents, wcEvents, ipcHandlers, created, openedExternal, getWindowOpenHandler: () => windowOpenHandler, raw: fake };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function launch(opts: Parameters<typeof fakeElectron>[0] = {}) {
  const dataDir = tempDir('lectio-electron-');
  const f = fakeElectron(opts);
  const updater = { checkForUpdatesAndNotify: vi.fn(() => Promise.resolve(null)) };
  const shell = await startElectronApp({
    electron: f.fake,
    updater,
    preloadPath: '/app/dist/main/preload.cjs',
    env: { LECTIO_DATA_DIR: dataDir, LECTIO_PORT: '0', NLP_SERVICE_URL: 'http://127.0.0.1:9' },
  });
  cleanups.push(async () => {
    await shell.running?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...f, shell, updater };
}

describe('electron shell', () => {
  it('creates a locked-down window over the loopback server', async () => {
    const { created, shell } = await launch();
    expect(created).toHaveLength(1);
    const prefs = created[0].options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: '/app/dist/main/preload.cjs' });
    expect(created[0].loaded[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(shell.running!.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('answers IPC through the registry, only for our own page', async () => {
    const { ipcHandlers, shell } = await launch();
    const handler = ipcHandlers['rpc:invoke'];
    const ok = await handler({ senderFrame: { url: shell.running!.url + '/languages' } }, 'system.version', {});
    expect(ok).toMatchObject({ ok: true, value: { version: '0.1.0' } });
    const foreign = await handler({ senderFrame: { url: 'https://evil.example/' } }, 'system.version', {});
    expect(foreign).toMatchObject({ ok: false, status: 403 });
  });

  it('blocks navigation away and new windows; https links go to the system browser', async () => {
    const { wcEvents, getWindowOpenHandler, openedExternal, shell } = await launch();
    const prevent = vi.fn();
    wcEvents['will-navigate']({ preventDefault: prevent }, 'https://example.org/page');
    expect(prevent).toHaveBeenCalled();
    const stay = vi.fn();
    wcEvents['will-navigate']({ preventDefault: stay }, shell.running!.url + '/review');
    expect(stay).not.toHaveBeenCalled();
    wcEvents['will-navigate']({ preventDefault: vi.fn() }, 'file:///etc/passwd');
    expect(getWindowOpenHandler()!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(getWindowOpenHandler()!({ url: 'https://en.wiktionary.org/wiki/Haus' })).toEqual({ action: 'deny' });
    expect(openedExternal).toEqual(['https://example.org/page', 'https://en.wiktionary.org/wiki/Haus']);
  });

  it('quits when another instance holds the lock', async () => {
    const f = fakeElectron({ lock: false });
    const shell = await startElectronApp({ electron: f.fake, preloadPath: 'x', env: {} });
    expect(f.raw.app.quit).toHaveBeenCalled();
    expect(shell.running).toBeNull();
  });

  it('checks for updates only when packaged', async () => {
    expect((await launch()).updater.checkForUpdatesAndNotify).not.toHaveBeenCalled();
    expect((await launch({ packaged: true })).updater.checkForUpdatesAndNotify).toHaveBeenCalled();
  });

  it('judges origins and external links', () => {
    expect(isSameOrigin('http://127.0.0.1:5170/x', 'http://127.0.0.1:5170')).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:5171/x', 'http://127.0.0.1:5170')).toBe(false);
    expect(isSameOrigin('not a url', 'http://127.0.0.1:5170')).toBe(false);
    expect(isExternalLinkAllowed('https://x.org')).toBe(true);
    expect(isExternalLinkAllowed('http://x.org')).toBe(false);
    expect(isExternalLinkAllowed('javascript:alert(1)')).toBe(false);
  });
});
