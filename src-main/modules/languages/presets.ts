// Runs in: main. Language presets shipped in resources/language-presets.json (read once, on first use).
import fs from 'node:fs';
import path from 'node:path';
import type { LanguagePreset } from '../../../src-shared/contract/languages';
import { resourcesDir } from '../../core/paths';

let cached: readonly LanguagePreset[] | undefined;

export function languagePresets(): readonly LanguagePreset[] {
  cached ??= (JSON.parse(fs.readFileSync(path.join(resourcesDir(), 'language-presets.json'), 'utf8')) as { presets: LanguagePreset[] }).presets;
  return cached;
}

export function findPreset(name: string): LanguagePreset | undefined {
  const wanted = name.trim().toLowerCase();
  return languagePresets().find((p) => p.LgName.toLowerCase() === wanted);
}
