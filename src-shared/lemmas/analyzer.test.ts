// The packed headword index (packTable): every headword is found by its lowercased spelling, homographs in
// dictionary order, strings whose hashes collide are told apart, and the index holds no string per headword.
import { describe, expect, it } from 'vitest';
import { buildTable, firstEntry, flagsAt, hashKey, headwordsOf, indexTable, packTable, wordAt } from './analyzer';

const AFF = 'SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n';

/** Two different lowercase strings with the same hashKey (a birthday search: ~40,000 tries for 30 bits). */
function collidingPair(): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const word = `w${i.toString(36)}`;
    const other = seen.get(hashKey(word));
    if (other !== undefined) return [other, word];
    seen.set(hashKey(word), word);
  }
}

describe('packed headword index', () => {
  it('finds every headword, homographs in dictionary order, and says no to the rest', () => {
    const generated = Array.from({ length: 5000 }, (_, i) => `wort${i}/S`);
    const dic = [String(generated.length + 4), 'Essen/S', 'essen', ...generated, 'Über', 'ESSEN'].join('\n');
    const index = indexTable(buildTable({ aff: AFF, dics: [dic] }));
    expect(index.size).toBe(5004);
    expect(headwordsOf(index, 'essen')).toEqual(['Essen', 'essen', 'ESSEN']);
    expect(headwordsOf(index, 'über')).toEqual(['Über']);
    // Flags are kept encoded (one character per flag): every generated word has the one flag S.
    const flagS = flagsAt(index, firstEntry(index, 'wort0'));
    expect(flagS).toHaveLength(1);
    expect(flagsAt(index, firstEntry(index, 'über'))).toBe('');
    for (let i = 0; i < 5000; i += 97) {
      const entry = firstEntry(index, `wort${i}`);
      expect(wordAt(index, entry)).toBe(`wort${i}`);
      expect(flagsAt(index, entry)).toBe(flagS);
    }
    expect(firstEntry(index, 'wort5000')).toBe(-1);
    expect(firstEntry(index, 'Essen')).toBe(-1); // keys are lowercase
    expect(firstEntry(index, '')).toBe(-1);
    // What the main thread keeps: two joined strings and typed arrays, no array or Map of headwords.
    expect(typeof index.words).toBe('string');
    expect(Object.values(index.packed).every((a) => a instanceof Int32Array)).toBe(true);
    expect(index.packed.slots.length).toBeGreaterThanOrEqual(2 * 5002);
  });

  it('tells apart headwords whose hashes collide', () => {
    const [a, b] = collidingPair();
    expect(a).not.toBe(b);
    expect(hashKey(a)).toBe(hashKey(b));
    const table = buildTable({ aff: AFF, dics: [`3\n${a}/S\n${b}\nzebra`] });
    table.packed = packTable(table);
    const index = indexTable(table);
    expect(wordAt(index, firstEntry(index, a))).toBe(a);
    expect(wordAt(index, firstEntry(index, b))).toBe(b);
    expect(flagsAt(index, firstEntry(index, a))).toHaveLength(1);
    expect(flagsAt(index, firstEntry(index, b))).toBe('');
    expect(headwordsOf(index, a)).toEqual([a]);
  });

  it('survives the trip through a cache file or a thread (structured clone)', () => {
    const table = buildTable({ aff: AFF, dics: ['2\nhaus/S\nmaus/S'] });
    table.packed = packTable(table);
    const index = indexTable(structuredClone(table));
    expect(headwordsOf(index, 'maus')).toEqual(['maus']);
  });
});
