// The Electron shell's wiring, against a fake electron module (the real binary cannot run on CI).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startElectronApp, isSameOrigin, isExternalLinkAllowed, IPC_ALLOWED, type ElectronModule } from '../../src-main/electron/app';
import { tempDir } from '../helpers/core';
import { makeEpub } from '../helpers/epub';

type Listener = (...args: any[]) => any;

function fakeElectron(opts: { lock?: boolean; packaged?: boolean; locale?: string } = {}) {
  const appEvents: Record<string, Listener[]> = {};
  const wcEvents: Record<string, Listener> = {};
  const ipcHandlers: Record<string, Listener> = {};
  let windowOpenHandler: Listener | undefined;
  const created: { options: any; loaded: string[]; window: unknown }[] = [];
  const openedExternal: string[] = [];
  const fake = {
    app: {
      requestSingleInstanceLock: () => opts.lock !== false,
      quit: vi.fn(),
      on: (e: string, l: Listener) => (appEvents[e] ??= []).push(l),
      whenReady: () => Promise.resolve(),
      getAppPath: () => process.cwd(),
      getVersion: () => '0.1.0',
      getLocale: () => opts.locale ?? 'en-US',
      isPackaged: opts.packaged === true,
      showAboutPanel: vi.fn(),
    },
    BrowserWindow: class {
      webContents = {
        on: (e: string, l: Listener) => (wcEvents[e] = l),
        setWindowOpenHandler: (h: Listener) => (windowOpenHandler = h),
      };
      record: { options: any; loaded: string[]; window: unknown };
      constructor(options: any) {
        this.record = { options, loaded: [], window: this };
        created.push(this.record);
      }
      once() {}
      isMinimized = () => this.minimized;
      minimized = false;
      restore() {
        this.minimized = false;
      }
      focused = 0;
      focus() {
        this.focused++;
      }
      show() {}
      loadURL(url: string) {
        this.record.loaded.push(url);
        return Promise.resolve();
      }
    },
    ipcMain: { handle: (channel: string, l: Listener) => (ipcHandlers[channel] = l) },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    shell: { openExternal: (u: string) => (openedExternal.push(u), Promise.resolve()) },
    session: { defaultSession: { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    dialog: { showErrorBox: vi.fn() },
  };
  return {
    fake: fake as unknown as ElectronModule,
    appEvents,
    wcEvents,
    ipcHandlers,
    created,
    openedExternal,
    getWindowOpenHandler: () => windowOpenHandler,
    raw: fake,
  };
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

  it("a tool's guiBrowse and guiEditNote bring the window forward on the vocabulary and the term (issue 29)", async () => {
    const { created, ipcHandlers, shell } = await launch();
    const url = shell.running!.url;
    const call = (name: string, input: unknown) => ipcHandlers['rpc:invoke']({ senderFrame: { url: url + '/' } }, name, input);
    const language = (await call('languages.create', { LgName: 'Spanish' })).value;
    const term = (await call('terms.create', { WoLgID: language.LgID, WoText: 'perro', WoTranslation: 'dog' })).value;
    const win = created[0].window as { minimized: boolean; focused: number };
    win.minimized = true;
    const ankiConnect = (body: unknown) =>
      fetch(url + '/ankiconnect', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    // The desktop app's own port without accounts: a key is not required for a request from no origin.
    // The tool sees the term's note id (its creation time, 13 digits); the window shows the term by its own id.
    const browsed = await ankiConnect({ action: 'guiBrowse', version: 6, params: { query: 'deck:Spanish perro' } });
    expect(browsed).toEqual({ result: [expect.any(Number)], error: null });
    const noteId = browsed.result[0] as number;
    expect(String(noteId)).toHaveLength(13);
    expect(created[0].loaded.at(-1)).toBe(`${url}/vocabulary?lang=all&ids=${term.WoID}`);
    expect(win).toMatchObject({ minimized: false, focused: 1 });
    expect(await ankiConnect({ action: 'guiEditNote', version: 6, params: { note: noteId } })).toEqual({ result: null, error: null });
    expect(created[0].loaded.at(-1)).toBe(`${url}/word/edit-term?id=${term.WoID}`);
    expect(await ankiConnect({ action: 'guiEditNote', version: 6, params: { note: 999 } })).toEqual({ result: null, error: 'Note was not found: 999' });
    expect(created[0].loaded.at(-1)).toBe(`${url}/word/edit-term?id=${term.WoID}`);
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

  it('takes a picked file by path: registered for our page only, streamed from disk, the original left alone', async () => {
    const { ipcHandlers, shell } = await launch();
    const page = { senderFrame: { url: shell.running!.url + '/book/import' } };
    const dir = tempDir('lectio-picked-');
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const docs = [{ path: 'a.xhtml', body: '<h2>Uno</h2><p>Había una vez un gato.</p>' }];
    const epub = await makeEpub({ title: 'Por ruta', docs, nav: [{ title: 'Uno', href: 'a.xhtml' }] });
    const file = path.join(dir, 'mi libro.epub');
    fs.writeFileSync(file, epub);
    const register = ipcHandlers['rpc:picked-file'];
    expect(register({ senderFrame: { url: 'https://evil.example/' } }, file)).toBeNull();
    expect(register(page, 'relative.epub')).toBeNull();
    expect(register(page, dir)).toBeNull();
    const token = register(page, file) as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const invoke = ipcHandlers['rpc:invoke'];
    const preview = await invoke(page, 'books.preview', { file: { $pickedFile: token, mimeType: 'application/epub+zip' } });
    expect(preview).toMatchObject({ ok: true, value: { title: 'Por ruta', chapters: [{ title: 'Uno', words: 6 }] } });
    // The same token serves the import after the preview; the learner's file stays where it was, unchanged.
    const lang = await invoke(page, 'languages.create', { LgName: 'Spanish', LgIsoCode: 'es' });
    const imported = await invoke(page, 'books.create', { language_id: lang.value.LgID, file: { $pickedFile: token } });
    expect(imported).toMatchObject({ ok: true, value: { BkTitle: 'Por ruta', BkSourceURI: 'mi libro.epub', BkChapterCount: 1 } });
    expect(new Uint8Array(fs.readFileSync(file))).toEqual(epub);
    // The temporary copies are gone.
    const tmp = path.join(shell.running!.core.config.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    // A token the window never registered is refused in plain words.
    expect(await invoke(page, 'books.preview', { file: { $pickedFile: 'f'.repeat(32) } })).toMatchObject({
      ok: false,
      status: 400,
      error: 'The chosen file is no longer available: choose it again',
    });
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

  it('invokes only the contract handlers over IPC (issue 21)', async () => {
    const { ipcHandlers, shell } = await launch();
    const handler = ipcHandlers['rpc:invoke'];
    const page = { senderFrame: { url: shell.running!.url + '/' } };
    expect(IPC_ALLOWED.has('system.version')).toBe(true);
    expect(await handler(page, 'test.internal', {})).toMatchObject({ ok: false, status: 403, error: 'Not available to the app window' });
    expect(await handler(page, 42, {})).toMatchObject({ ok: false, status: 403 });
    expect(await handler(page, '__proto__', {})).toMatchObject({ ok: false, status: 403 });
  });

  it('denies every permission request and check; guards every web contents (issue 21)', async () => {
    const { raw, appEvents, openedExternal, shell } = await launch();
    const request = raw.session.defaultSession.setPermissionRequestHandler.mock.calls[0][0];
    const answer = vi.fn();
    request({}, 'media', answer);
    expect(answer).toHaveBeenCalledWith(false);
    const check = raw.session.defaultSession.setPermissionCheckHandler.mock.calls[0][0];
    expect(check({}, 'notifications')).toBe(false);

    // A web contents created later (a devtools or popup contents, a webview) gets the same guards.
    expect(appEvents['web-contents-created']).toHaveLength(1);
    const events: Record<string, Listener> = {};
    let openHandler: Listener | undefined;
    appEvents['web-contents-created'][0]({}, { on: (e: string, l: Listener) => (events[e] = l), setWindowOpenHandler: (h: Listener) => (openHandler = h) });
    const away = vi.fn();
    events['will-redirect']({ preventDefault: away }, 'https://evil.example/phish');
    expect(away).toHaveBeenCalled();
    const home = vi.fn();
    events['will-redirect']({ preventDefault: home }, shell.running!.url + '/texts');
    expect(home).not.toHaveBeenCalled();
    const nav = vi.fn();
    events['will-navigate']({ preventDefault: nav }, 'javascript:alert(1)');
    expect(nav).toHaveBeenCalled();
    const webview = vi.fn();
    events['will-attach-webview']({ preventDefault: webview });
    expect(webview).toHaveBeenCalled();
    expect(openHandler!({ url: 'https://example.org/x' })).toEqual({ action: 'deny' });
    expect(openedExternal).toEqual(['https://evil.example/phish', 'https://example.org/x']);
  });

  it('offers DevTools only in development builds, and runs without trusting proxy headers (issue 21)', async () => {
    const dev = await launch();
    expect(dev.created[0].options.webPreferences.devTools).toBe(true);
    expect(JSON.stringify(dev.raw.Menu.setApplicationMenu.mock.calls[0][0])).toContain('toggleDevTools');
    expect(dev.shell.running!.core.config.trustProxy).toBe(false);
    const packaged = await launch({ packaged: true });
    expect(packaged.created[0].options.webPreferences.devTools).toBe(false);
    expect(JSON.stringify(packaged.raw.Menu.setApplicationMenu.mock.calls[0][0])).not.toContain('toggleDevTools');
  });

  it("builds the menu in the interface language: the system's at first, the setting once saved (issue 20)", async () => {
    const labels = (menu: any[]) => menu.filter((m) => m.label).map((m) => m.label as string);
    const { raw, ipcHandlers, shell } = await launch({ locale: 'es-ES' });
    const menus = raw.Menu.setApplicationMenu.mock.calls;
    expect(labels(menus[0][0])).toEqual(['Archivo', 'Ver']);
    const page = { senderFrame: { url: shell.running!.url + '/settings' } };
    expect(await ipcHandlers['rpc:invoke'](page, 'settings.save', { key: 'uiLanguage', value: 'en' })).toMatchObject({ ok: true });
    expect(labels(menus[menus.length - 1][0])).toEqual(['File', 'View']);
    const count = menus.length;
    await ipcHandlers['rpc:invoke'](page, 'settings.save', { key: 'theme', value: 'dark' });
    expect(menus).toHaveLength(count);
    const english = await launch({ locale: 'de-DE' });
    expect(labels(english.raw.Menu.setApplicationMenu.mock.calls[0][0])).toEqual(['File', 'View']);
  });

  it("reports a failed start with a title in the system's language (no settings can be read yet)", async () => {
    const f = fakeElectron({ locale: 'es-ES' });
    const dataDir = tempDir('lectio-electron-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const start = () => Promise.reject(new Error('disk full'));
    await startElectronApp({ electron: f.fake, preloadPath: '/app/dist/main/preload.cjs', env: { LECTIO_DATA_DIR: dataDir }, start });
    expect(f.raw.dialog.showErrorBox).toHaveBeenCalledWith('Lectio no pudo iniciarse', 'disk full');
  });

  it('packages with fuses flipped in afterPack, signed installers and an https update feed (issue 21)', () => {
    const builder = fs.readFileSync(path.join(process.cwd(), 'electron-builder.yml'), 'utf8');
    expect(builder).toMatch(/^afterPack: scripts\/electron-after-pack\.cjs$/m);
    expect(builder).toMatch(/publish:\n\s+provider: generic\n\s+url: https:\/\//);
    expect(builder).toMatch(/verifyUpdateCodeSignature: true/);
    expect(builder).toMatch(/publisherName: Lectio/);
    expect(builder).toMatch(/notarize: true/);
    const hook = createRequire(import.meta.url)('../../scripts/electron-after-pack.cjs');
    expect(typeof hook.default).toBe('function');
    expect(hook.FUSES).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    });
    // Every fuse named exists in @electron/fuses (a renamed one would silently not be set).
    const { FuseV1Options } = createRequire(import.meta.url)('@electron/fuses');
    for (const key of Object.keys(hook.FUSES)) expect(FuseV1Options[key], key).toBeTypeOf('number');
    const ctx = (platform: string) => ({
      electronPlatformName: platform,
      appOutDir: '/out',
      packager: { appInfo: { productFilename: 'Lectio' }, executableName: 'lectio' },
    });
    expect(hook.electronBinary(ctx('darwin'))).toBe(path.join('/out', 'Lectio.app'));
    expect(hook.electronBinary(ctx('win32'))).toBe(path.join('/out', 'Lectio.exe'));
    expect(hook.electronBinary(ctx('linux'))).toBe(path.join('/out', 'lectio'));
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
