import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { formatNumber, formatPercent, resolveLocale, systemLocale, translate } from './index';
import type { Entry } from './types';

const texts = (e: Entry): string[] => (typeof e === 'string' ? [e] : Object.values(e).filter((v): v is string => typeof v === 'string'));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the Spanish catalogue', () => {
  const keys = Object.keys(en) as (keyof typeof en)[];

  it('has a non-empty text for every English key, and no key English lacks', () => {
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) {
      const entry = (es as Record<string, Entry | undefined>)[key];
      expect(entry, key).toBeDefined();
      for (const text of texts(entry!)) expect(text.trim(), key).not.toBe('');
    }
    expect(Object.keys(es).filter((k) => !(k in en))).toEqual([]);
  });

  it('uses the same placeholders as English (a plural form may leave {count} out: "back tomorrow")', () => {
    const union = (e: Entry) => [...new Set(texts(e).flatMap(placeholders))].sort();
    for (const key of keys) {
      const want = union(en[key]);
      expect(union(es[key]), key).toEqual(want);
      for (const text of texts(es[key])) for (const p of placeholders(text)) expect(want, `${key}: ${text}`).toContain(p);
    }
  });

  it('gives plural forms where English has them, with the forms Spanish needs', () => {
    for (const key of keys) {
      const e = en[key] as Entry;
      const s = es[key] as Entry;
      expect(typeof s, key).toBe(typeof e);
      if (typeof s !== 'string') expect(s.one && s.other, key).toBeTruthy();
    }
  });
});

describe('translate', () => {
  it('picks the plural form by count and formats numbers for the locale', () => {
    expect(translate('en', 'settings.readingWidthValue', { value: 70 })).toBe('Reading-area width: 70 %');
    expect(translate('es', 'settings.readingWidthValue', { value: 70 })).toBe('Ancho de la zona de lectura: 70 %');
    expect(formatNumber(12345, undefined, 'en')).toBe('12,345');
    expect(formatNumber(12345, undefined, 'es')).toBe('12.345');
  });

  it('writes percentages and plurals as each locale does ("2,5 %", "1 leído")', () => {
    expect(formatPercent(2.5, 'en')).toBe('2.5%');
    expect(formatPercent(2.5, 'es').replace(/\u00a0/g, ' ')).toBe('2,5 %');
    expect(formatPercent(100, 'es').replace(/\u00a0/g, ' ')).toBe('100 %');
    expect(translate('es', 'stats.todayRead', { count: 1 })).toBe('1 leído');
    expect(translate('es', 'stats.todayRead', { count: 2 })).toBe('2 leídos');
    expect(translate('en', 'stats.todayCreated', { count: 1 })).toBe('1 created');
    expect(translate('es', 'stats.todayCreated', { count: 1 })).toBe('1 creado');
  });

  it('chooses plural forms with Intl.PluralRules, falling back to other for a category a catalogue lacks (Spanish many)', () => {
    expect(translate('en', 'home.days', { count: 1 })).toBe('1 day');
    expect(translate('en', 'home.days', { count: 0 })).toBe('0 days');
    expect(translate('es', 'home.days', { count: 1 })).toBe('1 día');
    expect(translate('es', 'home.days', { count: 24 })).toBe('24 días');
    expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
    expect(translate('es', 'home.days', { count: 1_000_000 })).toBe('1.000.000 días');
    expect(translate('en', 'library.count', { count: 1024 })).toBe('1,024 texts');
  });

  it('follows the system for an empty or unknown setting, English when the system speaks neither', () => {
    expect(systemLocale(['es-MX', 'en-US'])).toBe('es');
    expect(systemLocale(['de-DE', 'fr'])).toBe('en');
    expect(systemLocale(['de-DE', 'es'])).toBe('es');
    expect(resolveLocale('es')).toBe('es');
    expect(resolveLocale('en')).toBe('en');
  });
});
