// Runs in: the extension. Its words come from the app's catalogues (src-renderer/lib/i18n/{en,es}/extension.ts,
// plain data): English, or Spanish when the browser speaks it.
import { extension as en } from '../src-renderer/lib/i18n/en/extension';
import { extension as es } from '../src-renderer/lib/i18n/es/extension';

export type ExtKey = keyof typeof en;
const catalogue: Record<ExtKey, string> = (globalThis.navigator?.language ?? 'en').toLowerCase().startsWith('es') ? es : en;

export function t(key: ExtKey, params: Record<string, string | number> = {}): string {
  return catalogue[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
