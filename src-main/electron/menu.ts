// Runs in: Electron main. The application menu in the interface language: a small catalogue per language (the
// renderer's catalogues cannot be loaded here), chosen from the uiLanguage setting, or the system's language when
// the setting is ''. Types only from electron, so the builder is unit-tested without it.
import type * as Electron from 'electron';
import type { ElectronModule } from './app';

export const MENU_LOCALES = ['en', 'es'] as const;
export type MenuLocale = (typeof MENU_LOCALES)[number];

const en = {
  file: 'File',
  newText: 'New Text',
  library: 'Library',
  settings: 'Settings',
  view: 'View',
  vocabulary: 'Vocabulary',
  review: 'Review',
  statistics: 'Statistics',
  about: 'About Lectio {version}',
  apiReference: 'Lectio API reference',
  reportProblem: 'Report a problem',
  couldNotStart: 'Lectio could not start',
};

/** Every language names every item (a missing one fails the type check). */
export const MENU_TEXT: Record<MenuLocale, typeof en> = {
  en,
  es: {
    file: 'Archivo',
    newText: 'Nuevo texto',
    library: 'Biblioteca',
    settings: 'Ajustes',
    view: 'Ver',
    vocabulary: 'Vocabulario',
    review: 'Repaso',
    statistics: 'Estadísticas',
    about: 'Acerca de Lectio {version}',
    apiReference: 'Referencia de la API de Lectio',
    reportProblem: 'Informar de un problema',
    couldNotStart: 'Lectio no pudo iniciarse',
  },
};

const isMenuLocale = (v: string): v is MenuLocale => (MENU_LOCALES as readonly string[]).includes(v);

/** The menu's language: the setting when Lectio speaks it, else the system's ("es-ES" → es), else English. */
export function menuLocale(setting: string | undefined, systemLocale: string): MenuLocale {
  if (setting && isMenuLocale(setting)) return setting;
  const base = systemLocale.toLowerCase().split('-')[0];
  return isMenuLocale(base) ? base : 'en';
}

/** Roles (Edit, Window, zoom, quit…) are worded by Electron in the system's language; our own items by the catalogue. */
export function buildMenuTemplate(
  app: ElectronModule['app'],
  open: (path: string) => void,
  shell: ElectronModule['shell'],
  locale: MenuLocale = 'en',
  platform: NodeJS.Platform = process.platform,
): Electron.MenuItemConstructorOptions[] {
  const text = MENU_TEXT[locale];
  const isMac = platform === 'darwin';
  // DevTools only in development builds.
  const devTools: Electron.MenuItemConstructorOptions[] = app.isPackaged ? [] : [{ role: 'toggleDevTools' }];
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: text.file,
      submenu: [
        { label: text.newText, accelerator: 'CmdOrCtrl+N', click: () => open('/texts/new') },
        { label: text.library, accelerator: 'CmdOrCtrl+L', click: () => open('/texts') },
        { label: text.settings, accelerator: 'CmdOrCtrl+,', click: () => open('/settings') },
        { type: 'separator' },
        isMac ? { role: 'close' as const } : { role: 'quit' as const },
      ],
    },
    { role: 'editMenu' },
    {
      label: text.view,
      submenu: [
        { label: text.vocabulary, accelerator: 'CmdOrCtrl+Shift+V', click: () => open('/vocabulary') },
        { label: text.review, accelerator: 'CmdOrCtrl+R', click: () => open('/review') },
        { label: text.statistics, click: () => open('/profile/statistics') },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...devTools,
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: text.about.replace('{version}', app.getVersion()), click: () => app.showAboutPanel?.() },
        { label: text.apiReference, click: () => open('/api/v1/version') },
        { label: text.reportProblem, click: () => void shell.openExternal('https://github.com/') },
      ],
    },
  ];
}
