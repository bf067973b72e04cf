// Runs in: renderer. The interface language: the current locale (a zustand store, so switching re-renders at once),
// t() over the typed catalogues, and Intl formatting of numbers and dates for that locale.
import { create } from 'zustand';
import { en, type MessageKey } from './en';
import { es } from './es';
import type { Entry, PluralForms, Translation } from './types';

export type { MessageKey } from './en';
/** What every language provides: each English key, a string where English has a string, plural forms where it has them. */
export type Catalogue = Translation<typeof en>;

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** Each language by its own name, as a learner looks for it in a list. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

const CATALOGUES: Record<Locale, Record<string, Entry>> = { en, es };
const STORAGE_KEY = 'lectio.uiLanguage';

const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);

/** The first of the browser's (the OS's, in Electron) preferred languages that Lectio speaks; English otherwise. */
export function systemLocale(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** The locale for the stored `uiLanguage` setting: '' (or anything unknown) follows the system. */
export const resolveLocale = (setting: string | null | undefined): Locale => (setting && isLocale(setting) ? setting : systemLocale());

const storedSetting = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY));

export const useLocale = create<{ locale: Locale }>(() => ({ locale: resolveLocale(storedSetting()) }));

/**
 * Applies the `uiLanguage` setting. Remembered locally too, so the next start (and the sign-in pages, which have no
 * settings yet) paint in the right language before the settings arrive.
 */
export function applyUiLanguage(setting: string | null | undefined) {
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, setting ?? '');
  const locale = resolveLocale(setting);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (useLocale.getState().locale !== locale) useLocale.setState({ locale });
}

export const currentLocale = () => useLocale.getState().locale;

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function pluralForm(forms: PluralForms, n: number, locale: Locale): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return forms[rules.select(n)] ?? forms.other;
}

/** 1024 → "1,024" in English, "1024" in Spanish (which groups from five digits). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions, locale = currentLocale()): string {
  if (options) return new Intl.NumberFormat(locale, options).format(n);
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/** A percentage given as 0–100, as the locale writes it: 2.5 → "2.5%" in English, "2,5 %" in Spanish (CLDR). */
export function formatPercent(pct: number, locale = currentLocale(), maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits }).format(pct / 100);
}

/** A date (ms, Date or ISO string) for the current locale; by default "25 Nov 2026" / "25 nov 2026". */
export function formatDate(when: number | string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, locale = currentLocale()): string {
  return new Date(when).toLocaleDateString(locale, options);
}

/** A date with its time, for the current locale. */
export function formatDateTime(
  when: number | string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  locale = currentLocale(),
): string {
  return new Date(when).toLocaleString(locale, options);
}

export type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders; numbers are formatted for the locale. A placeholder without a value stays visible. */
export function interpolate(text: string, vars: Vars | undefined, locale: Locale): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return v === undefined ? whole : typeof v === 'number' ? formatNumber(v, undefined, locale) : v;
  });
}

/** The raw entry for a key: the locale's, or English when a catalogue (or a key added while others work) lacks it. */
export function entryFor(key: MessageKey, locale: Locale): Entry {
  return CATALOGUES[locale][key] ?? en[key];
}

/** The text of a key in a locale; an entry with plural forms picks one by `vars.count`. */
export function translate(locale: Locale, key: MessageKey, vars?: Vars): string {
  const entry = entryFor(key, locale);
  const text = typeof entry === 'string' ? entry : pluralForm(entry, Number(vars?.count ?? 0), locale);
  return interpolate(text, vars, locale);
}

/**
 * The text of a key in the current locale: t('review.due', { count: 3 }). Outside React (toasts, dialogs) it reads
 * the locale at the time of the call; in a component, use useT() so the component re-renders on a switch.
 */
export const t = (key: MessageKey, vars?: Vars): string => translate(currentLocale(), key, vars);

/** t, with the component subscribed to the locale. */
export function useT(): typeof t {
  useLocale((s) => s.locale);
  return t;
}
