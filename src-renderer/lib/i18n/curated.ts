// Runs in: renderer. Curated catalogue entries (resources/curated-dictionaries.json, resources/lemma-sources.json)
// in the interface language, by the entry's id: the server keeps one English description per entry; names built
// from language codes are said with Intl.DisplayNames. English, and an entry added later, keep the server's text.
import { translate, type Locale } from './index';

/** Spanish descriptions of the curated dictionaries, by catalogue id. */
const DICTIONARY_DESCRIPTIONS_ES: Record<string, string> = {
  'freedict-deu-eng': 'Gran diccionario de alemán a inglés (unos 35 MB de descarga).',
  'freedict-eng-deu': 'Gran diccionario de inglés a alemán (unos 26 MB de descarga).',
  'freedict-fra-eng': 'Pequeño diccionario de francés a inglés.',
  'freedict-spa-eng': 'Pequeño diccionario de español a inglés.',
  'freedict-eng-spa': 'Diccionario de inglés a español generado a partir de Wiktionary.',
  'freedict-eng-fra': 'Pequeño diccionario de inglés a francés.',
};

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** A language's name from its ISO code, in the interface language ("de" → "alemán"); the code when unknown. */
export function languageName(code: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'language' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function curatedDictionaryText(
  item: { id: string; name: string; description: string; language: string; target_language: string },
  locale: Locale,
): { name: string; description: string } {
  if (locale === 'en' || !item.id.startsWith('freedict-')) return { name: item.name, description: item.description };
  return {
    name: `FreeDict ${languageName(item.language, locale)}–${languageName(item.target_language, locale)}`,
    description: DICTIONARY_DESCRIPTIONS_ES[item.id] ?? item.description,
  };
}

/** Presets whose English name says more than their code: Intl would call both Chinese presets "chino". */
const PRESET_NAMES_ES: Record<string, string> = {
  'Chinese (Simplified)': 'Chino (simplificado)',
  'Chinese (Traditional)': 'Chino (tradicional)',
  'Classical Chinese': 'Chino clásico',
  Norwegian: 'Noruego',
};

/**
 * A preset's name in the interface language ("German" → "Alemán" in Spanish): a language made from a preset is named
 * as the learner speaks of it, so sentences such as "diccionarios de …" read in one language. English keeps the
 * preset's own name; a code Intl does not know keeps it too.
 */
export function presetName(preset: { LgName: string; LgIsoCode: string }, locale: Locale): string {
  if (locale === 'en') return preset.LgName;
  const special = PRESET_NAMES_ES[preset.LgName];
  if (special) return special;
  const name = languageName(preset.LgIsoCode, locale);
  if (!name || name === preset.LgIsoCode) return preset.LgName;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A preset's fields for `languages.create`, named in the interface language. */
export function presetFields<P extends { LgName: string; LgIsoCode: string; endonym: string }>(preset: P, locale: Locale): Omit<P, 'endonym'> {
  const { endonym: _endonym, ...fields } = preset;
  return { ...fields, LgName: presetName(preset, locale) };
}

/** michmech's lists are one per language, named after it. */
export function lemmaListName(item: { id: string; name: string; language: string }, locale: Locale): string {
  if (locale === 'en' || !item.id.startsWith('michmech-')) return item.name;
  return translate(locale, 'lemmas.michmechList', { language: languageName(item.language, locale) });
}
