// The packed headword index (packTable): every headword is found by its lowercased spelling, homographs in
// dictionary order, strings whose hashes collide are told apart, and the index holds no string per headword. The
// headword filter and the stems hashed from a word's prefix (issue 47's lookup speed) never lose a reading.
import { describe, expect, it } from 'vitest';
import { candidates, indexTable } from './analyzer';
import { buildTable, fillHashStates, firstEntry, flagsAt, hasFlag, hashKey, hashState, headwordsOf, packTable, wordAt } from './headword-table';

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

  it('finds a headword by its lowercase whether it is written so, with capitals or with letters past Latin-1', () => {
    const dic = ['6', 'Éclair', 'öl', 'łódź', 'Łuk', 'straße', 'ĳs'].join('\n');
    const index = indexTable(buildTable({ aff: AFF, dics: [dic] }));
    for (const [key, word] of [
      ['éclair', 'Éclair'],
      ['öl', 'öl'],
      ['łódź', 'łódź'],
      ['łuk', 'Łuk'],
      ['straße', 'straße'],
      ['ĳs', 'ĳs'],
    ])
      expect(headwordsOf(index, key)).toEqual([word]);
    for (const key of ['Éclair', 'Łuk', 'ol', 'strasse', 'ijs']) expect(firstEntry(index, key)).toBe(-1);
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

  it('tells apart headwords whose slots carry the same hash tag (the top 11 bits) from the same home slot', () => {
    // Two words with the same tag and the same low bits (a table of two headwords has four slots) but other hashes.
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; !pair; i++) {
      const word = `t${i.toString(36)}`;
      const h = hashKey(word);
      const key = ((h >>> 19) << 2) | (h & 3);
      const other = seen.get(key);
      if (other !== undefined && hashKey(other) !== h) pair = [other, word];
      else seen.set(key, word);
    }
    const [a, b] = pair;
    const alone = indexTable(buildTable({ aff: AFF, dics: [`1\n${a}`] }));
    // The headword filter opened, so the probe reaches a's slot.
    const unfiltered = { ...alone, packed: { ...alone.packed, filter: new Int32Array(alone.packed.filter.length).fill(-1) } };
    expect(firstEntry(unfiltered, a)).toBe(0);
    expect(firstEntry(unfiltered, b)).toBe(-1);
    const both = indexTable(buildTable({ aff: AFF, dics: [`2\n${a}\n${b}/S`] }));
    expect(wordAt(both, firstEntry(both, a))).toBe(a);
    expect(wordAt(both, firstEntry(both, b))).toBe(b);
  });

  it('tells whether a headword carries a flag as its flag string would (hasFlag, read in place)', () => {
    const aff = 'SET UTF-8\nSFX S Y 1\nSFX S 0 s .\nSFX T Y 1\nSFX T 0 t .\nSFX U Y 1\nSFX U 0 u .\n';
    const index = indexTable(buildTable({ aff, dics: ['4\nhaus/ST\nmaus/U\nlaus\nbaus/STU'] }));
    const probes = ['S', 'T', 'U', 'X', ''].map((f) => index.aff.codes.get(f) ?? f);
    for (let i = 0; i < 4; i++) {
      for (const flag of probes) expect(hasFlag(index, i, flag), `${wordAt(index, i)} ${flag}`).toBe(flagsAt(index, i).includes(flag));
      expect(hasFlag(index, i, null)).toBe(false);
      const two = flagsAt(index, i).slice(0, 2);
      if (two.length === 2) expect(hasFlag(index, i, two)).toBe(true);
    }
    expect(hasFlag(index, firstEntry(index, 'haus'), index.aff.codes.get('U')!)).toBe(false);
    expect(hasFlag(index, firstEntry(index, 'baus'), index.aff.codes.get('U')!)).toBe(true);
  });

  it('chains only entries whose lowercase is the key (affix conditions are read once, on the key)', () => {
    const dic = ['7', 'Essen/S', 'essen', 'ESSEN', 'Łuk', 'łuk/S', 'Über', 'über/S'].join('\n');
    const index = indexTable(buildTable({ aff: AFF, dics: [dic] }));
    for (const key of ['essen', 'łuk', 'über']) {
      let n = 0;
      for (let i = firstEntry(index, key); i !== -1; i = index.next[i], n++) expect(wordAt(index, i).toLowerCase()).toBe(key);
      expect(n).toBeGreaterThan(1);
    }
    // Readings through a suffix keep each homograph's own spelling.
    expect(candidates(index, 'essens').map((c) => c.lemma)).toEqual(['Essen']);
    expect(candidates(index, 'łuks').map((c) => c.lemma)).toEqual(['łuk']);
  });

  it('survives the trip through a cache file or a thread (structured clone)', () => {
    const table = buildTable({ aff: AFF, dics: ['2\nhaus/S\nmaus/S'] });
    table.packed = packTable(table);
    const index = indexTable(structuredClone(table));
    expect(headwordsOf(index, 'maus')).toEqual(['maus']);
  });
});

// Suffixes with strips, a twofold suffix (A under B), a prefix that combines with them, and one that needs a
// continuation class: the paths candidates() takes, each through stems hashed from the form's prefix states.
const AFF_PATHS = `SET UTF-8
PFX U Y 1
PFX U 0 un .
PFX R N 1
PFX R 0 re/S .
SFX S Y 3
SFX S 0 s [^y]
SFX S y ies y
SFX S 0 es [sx]
SFX D Y 2
SFX D 0 ed [^e]
SFX D e ed e
SFX B Y 1
SFX B 0 ness/A .
SFX A Y 1
SFX A 0 es .
`;

/** Deterministic words over a few letters (so stems of one word are often another word's headword). */
function* words(seed: number): Generator<string> {
  let x = seed;
  for (;;) {
    let w = '';
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const length = 2 + (x % 6);
    for (let i = 0; i < length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      w += 'aesxyun'[(x >>> 8) % 7];
    }
    yield w;
  }
}

describe('headword filter and prefix-state hashing', () => {
  it('hashes a prefix plus a strip as hashKey hashes the joined string', () => {
    const states = fillHashStates(new Int32Array(2), 'abrandasses', 0);
    for (let cut = 0; cut <= 11; cut++)
      for (const strip of ['', 'ar', 'er', 'ção'])
        expect(hashState(states[cut], strip, 0, strip.length) & 0x3fffffff).toBe(hashKey('abrandasses'.slice(0, cut) + strip));
  });

  it('lets every headword through and keeps most other strings out', () => {
    const g = words(1);
    const heads = [...new Set(Array.from({ length: 3000 }, () => g.next().value as string))];
    const index = indexTable(buildTable({ aff: AFF_PATHS, dics: [[String(heads.length), ...heads.map((w) => `${w}/SDUB`)].join('\n')] }));
    const passes = (key: string) => {
      const bit = hashKey(key) & (index.packed.filter.length * 32 - 1);
      return (index.packed.filter[bit >>> 5] & (1 << (bit & 31))) !== 0;
    };
    expect(heads.every(passes)).toBe(true);
    const others = Array.from({ length: 3000 }, (_, i) => `zq${i}`);
    expect(others.filter(passes).length).toBeLessThan(others.length / 4);
  });

  it('gives the same readings as the index without a filter (every hash let through) on affixed forms', () => {
    const g = words(47);
    const heads = [...new Set(Array.from({ length: 2000 }, () => g.next().value as string))];
    const dic = [String(heads.length + 1), ...heads.map((w, i) => `${w}/${['SDU', 'SB', 'DR', 'U', 'SDUB'][i % 5]}`), 'forbidden'].join('\n');
    const index = indexTable(buildTable({ aff: AFF_PATHS, dics: [dic] }));
    const unfiltered = { ...index, packed: { ...index.packed, filter: new Int32Array(index.packed.filter.length).fill(-1) } };
    const forms = heads.flatMap((w) => [w, `${w}s`, `${w.slice(0, -1)}ies`, `${w}ed`, `un${w}s`, `un${w}ed`, `re${w}s`, `${w}nesses`, `${w}nes`]);
    let readings = 0;
    for (const form of forms) {
      const got = candidates(index, form);
      expect(got).toEqual(candidates(unfiltered, form));
      readings += got.length;
    }
    // The forms do reach the two-affix paths (not only headwords), so the comparison covers them.
    expect(forms.filter((f) => candidates(index, f).some((c) => c.depth === 2)).length).toBeGreaterThan(100);
    expect(readings).toBeGreaterThan(forms.length / 4);
  });
});
