// Runs in: main. Language presets shipped in resources/language-presets.json.
import presetFile from '../../../resources/language-presets.json';
import type { LanguagePreset } from '../../../src-shared/contract/languages';

export const LANGUAGE_PRESETS: readonly LanguagePreset[] = (presetFile as { presets: LanguagePreset[] }).presets;

export function findPreset(name: string): LanguagePreset | undefined {
  const wanted = name.trim().toLowerCase();
  return LANGUAGE_PRESETS.find((p) => p.LgName.toLowerCase() === wanted);
}
