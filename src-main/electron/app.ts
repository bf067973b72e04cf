// Runs in: Electron main. The desktop shell: one window over the core's loopback server, IPC to the
// handler registry, a locked-down renderer (contextIsolation, sandbox, no nodeIntegration, CSP,
// navigation, redirects, webviews and new windows blocked on every web contents, permissions denied, IPC limited
// to the contract's handlers, DevTools in development only), the app menu and electron-updater. It takes the electron
// module as a parameter so its wiring is unit-tested with a fake (electron cannot run on CI machines).
import type * as Electron from 'electron';
import path from 'node:path';
import { loadConfig, type Config } from '../core/config';
import { defaultDataDir } from '../core/data-dir';
import { startLectio, type Running } from '../app/start';
import { createIpcDispatcher, IPC_CHANNEL, type IpcResult } from '../ipc/adapter';
import { PickedFiles } from '../ipc/picked-files';
import { IPC_PICKED_FILE_CHANNEL } from '../../src-shared/ipc';
import { contentSecurityPolicy } from '../http/origin';
import { contract } from '../../src-shared/contract';
import { buildMenuTemplate, MENU_TEXT, menuLocale, type MenuLocale } from './menu';

export type ElectronModule = Pick<typeof Electron, 'app' | 'BrowserWindow' | 'ipcMain' | 'Menu' | 'shell' | 'session' | 'dialog'>;

export interface Updater {
  checkForUpdatesAndNotify(): Promise<unknown>;
}

export interface ShellDeps {
  electron: ElectronModule;
  /** electron-updater's autoUpdater; only used when the app is packaged. */
  updater?: Updater;
  env?: NodeJS.ProcessEnv;
  start?: (config: Config) => Promise<Running>;
  preloadPath: string;
}

export interface Shell {
  running: Running | null;
  window: Electron.BrowserWindow | null;
}

/** Only our own origin may load in the window; everything else opens in the system browser (https only). */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

export function isExternalLinkAllowed(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The handlers the window may invoke: the shared contract's (what the renderer calls). Anything else the
 * registry holds (IPC-only internals, test stand-ins) is refused over IPC.
 */
export const IPC_ALLOWED: ReadonlySet<string> = new Set(Object.keys(contract));

/**
 * Guards for every web contents (web-contents-created): navigation and redirects stay on our origin, new
 * windows never open (https links go to the system browser), <webview> is refused.
 */
export function guardWebContents(contents: Pick<Electron.WebContents, 'on' | 'setWindowOpenHandler'>, origin: string, shell: ElectronModule['shell']): void {
  const keepHome = (event: { preventDefault(): void }, url: string) => {
    if (isSameOrigin(url, origin)) return;
    event.preventDefault();
    if (isExternalLinkAllowed(url)) void shell.openExternal(url);
  };
  contents.on('will-navigate', keepHome);
  contents.on('will-redirect', keepHome);
  contents.on('will-attach-webview', (event: { preventDefault(): void }) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLinkAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export async function startElectronApp(deps: ShellDeps): Promise<Shell> {
  const { electron } = deps;
  const { app, BrowserWindow, ipcMain, Menu, shell, session, dialog } = electron;
  const state: Shell = { running: null, window: null };

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return state;
  }
  app.on('second-instance', () => {
    if (state.window) {
      if (state.window.isMinimized()) state.window.restore();
      state.window.focus();
    }
  });

  await app.whenReady();
  const env = deps.env ?? process.env;
  process.env.LECTIO_APP_ROOT ??= app.getAppPath();
  let running: Running;
  try {
    // No proxy stands in front of the desktop app's loopback server: forwarded headers are never trusted.
    const config = loadConfig({ ...env, TRUST_PROXY: 'false' }, {}, defaultDataDir());
    const start = deps.start ?? startLectio;
    try {
      running = await start(config);
    } catch (err) {
      // The extension port is taken (another Lectio?): run on any free loopback port instead.
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      running = await start({ ...config, port: 0 });
    }
  } catch (err) {
    // No settings yet: the dialog's title speaks the system's language.
    dialog.showErrorBox(MENU_TEXT[menuLocale(undefined, app.getLocale())].couldNotStart, err instanceof Error ? err.message : String(err));
    app.quit();
    return state;
  }
  state.running = running;
  const origin = new URL(running.url).origin;

  const picked = new PickedFiles();
  // Downloads on disk (a backup) go where the person chooses, straight from main: never as bytes over IPC.
  const askSavePath = async (file: { filename: string }) => {
    const ext = path.extname(file.filename).slice(1);
    const options = { defaultPath: path.join(app.getPath('downloads'), file.filename), filters: ext ? [{ name: ext.toUpperCase(), extensions: [ext] }] : [] };
    const chosen = state.window ? await dialog.showSaveDialog(state.window, options) : await dialog.showSaveDialog(options);
    return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
  };
  const dispatch = createIpcDispatcher(running.core, picked, askSavePath);
  let onSettingSaved: (key: string, value: string) => void = () => {};
  ipcMain.handle(IPC_CHANNEL, async (event, name: unknown, input: unknown) => {
    // Only our own page may call the core, and only the handlers of the contract.
    const senderUrl = event.senderFrame?.url ?? '';
    if (!isSameOrigin(senderUrl, origin)) return { ok: false, status: 403, error: 'Forbidden' };
    if (typeof name !== 'string' || !IPC_ALLOWED.has(name)) return { ok: false, status: 403, error: 'Not available to the app window' };
    const result = await dispatch(name, input);
    if (name === 'settings.save' && result.ok) {
      const saved = result.value as { key?: string; value?: string };
      if (saved.key) onSettingSaved(saved.key, saved.value ?? '');
    }
    return result;
  });
  // The preload's pickedFile(): a path from webUtils.getPathForFile, registered for our own page only.
  ipcMain.handle(IPC_PICKED_FILE_CHANNEL, (event, filePath: unknown) =>
    isSameOrigin(event.senderFrame?.url ?? '', origin) ? picked.register(filePath) : null,
  );
  app.on('web-contents-created', (_event: unknown, contents: Electron.WebContents) => guardWebContents(contents, origin, shell));

  // Our CSP on our own pages only: a web dictionary framed in the word panel keeps its own headers (ours would
  // forbid its framing with frame-ancestors 'none'; a site that forbids framing itself is opened outside instead).
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (!isSameOrigin(details.url, origin)) return callback({ responseHeaders: details.responseHeaders });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy(false)] } });
  });
  // Lectio needs no permission (camera, notifications, geolocation…): every request and check is denied.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 500,
    title: 'Lectio',
    show: false,
    backgroundColor: '#14171d',
    webPreferences: {
      preload: deps.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  state.window = win;
  win.once('ready-to-show', () => win.show());
  // Also attached by web-contents-created; here too in case the window's contents were created before it.
  guardWebContents(win.webContents, origin, shell);

  const open = (p: string) => void win.loadURL(origin + p);
  // A tool's "show it in Lectio" (AnkiConnect's guiBrowse and guiEditNote, from Yomitan or asbplayer in the browser)
  // brings the window forward on that page, as Anki brings its browser forward. Only Lectio's own paths.
  running.core.services.desktop = {
    show: (p) => {
      if (!p.startsWith('/') || p.startsWith('//')) return;
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
      open(p);
    },
  };
  // The menu speaks the interface language: built from the uiLanguage setting, again whenever the window saves it.
  let menuLanguage: MenuLocale | null = null;
  const applyMenu = (setting: string | undefined) => {
    const locale = menuLocale(setting, app.getLocale());
    if (locale === menuLanguage) return;
    menuLanguage = locale;
    Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(app, open, shell, locale)));
  };
  applyMenu(await uiLanguageSetting(dispatch));
  onSettingSaved = (key, value) => key === 'uiLanguage' && applyMenu(value);
  await win.loadURL(running.url + '/');

  if (app.isPackaged && deps.updater) {
    deps.updater.checkForUpdatesAndNotify().catch(() => {
      /* offline is normal for Lectio: updates are best effort */
    });
  }

  app.on('window-all-closed', () => app.quit());
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !state.running) return;
    event.preventDefault();
    quitting = true;
    void state.running.stop().finally(() => app.quit());
  });
  return state;
}

/** The stored interface language ('' = the system's); a failure to read it leaves the system's. */
async function uiLanguageSetting(dispatch: (name: unknown, input: unknown) => Promise<IpcResult>): Promise<string | undefined> {
  const result = await dispatch('settings.all', {}).catch(() => null);
  return result?.ok ? (result.value as Record<string, string>).uiLanguage : undefined;
}

export const defaultPreloadPath = (dir: string) => path.join(dir, 'preload.cjs');
