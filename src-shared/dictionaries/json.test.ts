import { describe, expect, it } from 'vitest';
import { parseJsonDictionary } from './json';

const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

describe('parseJsonDictionary', () => {
  it('reads arrays of objects by common field names', () => {
    const d = parseJsonDictionary(json([{ headword: 'chat', meanings: ['cat', 'chat (talk)'], pronunciation: 'ʃa', pos: 'n' }]));
    expect(d.entries[0]).toEqual({ term: 'chat', definition: 'cat\nchat (talk)', reading: 'ʃa', partOfSpeech: 'n', frequencyRank: null });
  });
  it('reads arrays of pairs and wrapped lists', () => {
    expect(parseJsonDictionary(json([['a', 'b', 'r']])).entries[0]).toMatchObject({ term: 'a', definition: 'b', reading: 'r' });
    const wrapped = parseJsonDictionary(json({ title: 'T', entries: [{ word: 'x', definition: { text: 'y' } }] }));
    expect(wrapped.meta.title).toBe('T');
    expect(wrapped.entries[0]).toMatchObject({ term: 'x', definition: 'y' });
  });
  it('reads a headword → definition map, and pyglossary alternates only with its ## metadata', () => {
    expect(parseJsonDictionary(json({ 'a|b': 'def' })).entries[0].term).toBe('a|b');
    const py = parseJsonDictionary(json({ '##name': 'Sample', 'おおい|おーい': 'hey' }));
    expect(py.meta.title).toBe('Sample');
    expect(py.entries).toHaveLength(1);
    expect(py.synonyms).toEqual([{ term: 'おーい', entryIndex: 0 }]);
  });
  it('counts items that are not entries, refuses non-dictionaries', () => {
    expect(parseJsonDictionary(json([1, { word: 'a', definition: 'b' }])).skipped).toEqual({ not_an_entry: 1 });
    expect(() => parseJsonDictionary(json('hello'))).toThrow(/holds no dictionary/);
    expect(() => parseJsonDictionary(new TextEncoder().encode('[1,'))).toThrow(/cannot be read/);
  });
});
