import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { curatedDictionaryText, lemmaListName } from '../../src-renderer/lib/i18n/curated';

const json = (name: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'resources', name), 'utf8'));

describe('curated catalogue entries in the interface language', () => {
  it('every curated dictionary has a Spanish name and description', () => {
    const items = json('curated-dictionaries.json').dictionaries as {
      id: string;
      name: string;
      description: string;
      language: string;
      target_language: string;
    }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const es = curatedDictionaryText(item, 'es');
      expect(es.description, item.id).not.toBe(item.description);
      expect(es.name, item.id).not.toBe(item.name);
      expect(curatedDictionaryText(item, 'en')).toEqual({ name: item.name, description: item.description });
    }
    const deu = items.find((i) => i.id === 'freedict-deu-eng')!;
    expect(curatedDictionaryText(deu, 'es')).toEqual({
      name: 'FreeDict alemán–inglés',
      description: 'Gran diccionario de alemán a inglés (unos 35 MB de descarga).',
    });
  });

  it('lemma lists are named after their language', () => {
    const sources = json('lemma-sources.json').sources as { id: string; name: string; language: string }[];
    for (const s of sources) expect(lemmaListName(s, 'es'), s.id).toMatch(/^Lista de lemas de \p{Ll}/u);
    expect(lemmaListName({ id: 'michmech-ast', name: 'Asturian lemmatization list (michmech)', language: 'ast' }, 'es')).toBe(
      'Lista de lemas de asturiano (michmech)',
    );
    expect(lemmaListName({ id: 'other', name: 'Mine', language: 'de' }, 'es')).toBe('Mine');
  });
});
