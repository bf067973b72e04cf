// Runs in: renderer. App-wide state: languages, the current language, theme, status definitions, settings.
import { create } from 'zustand';
import type { LanguageDto } from '../../src-shared/contract/languages';
import type { StatusDefinition } from '../../src-shared/contract/status';
import { api } from '../api/client';

export type ThemeChoice = 'system' | 'light' | 'dark';

interface AppState {
  ready: boolean;
  languages: LanguageDto[];
  currentLanguageId: number | null;
  statusDefinitions: StatusDefinition[];
  settings: Record<string, string>;
  theme: ThemeChoice;
  load(): Promise<void>;
  reloadLanguages(): Promise<void>;
  /**
   * The library was replaced or grew languages (restore, "Empty database", moving in, a deck import): languages,
   * settings (a restore brings its own, the current language among them) and status names are read again.
   */
  reloadLibrary(): Promise<void>;
  setCurrentLanguage(id: number | null): void;
  setTheme(theme: ThemeChoice): void;
  saveSetting(key: string, value: string): Promise<void>;
}

const storedTheme = (): ThemeChoice => {
  // The route table (and with it this store) is also imported by Node tests, where there is no localStorage.
  const t = typeof localStorage === 'undefined' ? null : localStorage.getItem('lectio.theme');
  return t === 'light' || t === 'dark' ? t : 'system';
};

export function applyTheme(theme: ThemeChoice) {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

let loading: Promise<void> | null = null;

export const useApp = create<AppState>((set, get) => ({
  ready: false,
  languages: [],
  currentLanguageId: null,
  statusDefinitions: [],
  settings: {},
  theme: storedTheme(),
  load() {
    // A load already under way is shared: the reader starts it before React mounts (features/reader/prefetch.ts).
    loading ??= (async () => {
      const [languages, statusDefinitions, settings] = await Promise.all([
        api.call('languages.list', {}),
        api.call('settings.statusDefinitions', {}),
        api.call('settings.all', {}),
      ]);
      const saved = Number(settings.currentLanguage);
      const currentLanguageId = languages.some((l) => l.LgID === saved) ? saved : (languages[0]?.LgID ?? null);
      const theme = (['light', 'dark', 'system'] as const).find((t) => t === settings.theme) ?? get().theme;
      localStorage.setItem('lectio.theme', theme);
      applyTheme(theme);
      set({ ready: true, languages, statusDefinitions, settings, currentLanguageId, theme });
    })().finally(() => (loading = null));
    return loading;
  },
  async reloadLanguages() {
    const languages = await api.call('languages.list', {});
    const cur = get().currentLanguageId;
    set({ languages, currentLanguageId: languages.some((l) => l.LgID === cur) ? cur : (languages[0]?.LgID ?? null) });
  },
  async reloadLibrary() {
    // A load under way answered for the library before the change: wait for it, then read again.
    if (loading) await loading.catch(() => undefined);
    await get().load();
  },
  setCurrentLanguage(id) {
    set({ currentLanguageId: id });
    void get().saveSetting('currentLanguage', id === null ? '' : String(id));
  },
  setTheme(theme) {
    localStorage.setItem('lectio.theme', theme);
    applyTheme(theme);
    set({ theme });
    void get().saveSetting('theme', theme);
  },
  async saveSetting(key, value) {
    set({ settings: { ...get().settings, [key]: value } });
    await api.call('settings.save', { key, value });
  },
}));

/** The current language object, or undefined when the user has none yet. */
export const useCurrentLanguage = () => useApp((s) => s.languages.find((l) => l.LgID === s.currentLanguageId));
