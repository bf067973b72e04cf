// Runs in: the extension (background, content script, popup). Its words (./en.ts, ./es.ts): English, or Spanish when
// the browser speaks it. Server errors are said from their code by ./server.ts (the background's).
import { en } from './en';
import { es } from './es';

export type ExtKey = keyof typeof en;
export type Locale = 'en' | 'es';

/** The browser's language as one the extension speaks (service workers have navigator.language too). */
export const locale = (language = globalThis.navigator?.language ?? 'en'): Locale => (language.toLowerCase().startsWith('es') ? 'es' : 'en');

const CATALOGUES: Record<Locale, Record<ExtKey, string>> = { en, es };

export function t(key: ExtKey, params: Record<string, string | number> = {}, lang: Locale = locale()): string {
  return CATALOGUES[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
