import { describe, expect, it } from 'vitest';
import presets from '../../../resources/language-presets.json';
import { presetFields, presetName } from './curated';

describe('a preset named in the interface language', () => {
  it('says "Alemán" in Spanish and keeps "German" in English', () => {
    expect(presetName({ LgName: 'German', LgIsoCode: 'de' }, 'es')).toBe('Alemán');
    expect(presetName({ LgName: 'German', LgIsoCode: 'de' }, 'en')).toBe('German');
  });

  it('tells the two Chinese presets apart and keeps a code Intl does not know', () => {
    expect(presetName({ LgName: 'Chinese (Simplified)', LgIsoCode: 'zh' }, 'es')).toBe('Chino (simplificado)');
    expect(presetName({ LgName: 'Chinese (Traditional)', LgIsoCode: 'zh' }, 'es')).toBe('Chino (tradicional)');
    expect(presetName({ LgName: 'Klingon', LgIsoCode: 'qqq' }, 'es')).toBe('Klingon');
  });

  it('gives every shipped preset a distinct Spanish name (a learner may add them all)', () => {
    const names = presets.presets.map((p) => presetName(p, 'es'));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.charAt(0)).toBe(name.charAt(0).toLocaleUpperCase('es'));
  });

  it('hands languages.create the fields without the endonym', () => {
    const fields = presetFields({ LgName: 'Polish', LgIsoCode: 'pl', endonym: 'polski', LgRightToLeft: false }, 'es');
    expect(fields).toEqual({ LgName: 'Polaco', LgIsoCode: 'pl', LgRightToLeft: false });
  });
});
