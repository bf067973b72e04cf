import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseDelimited } from './delimited';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('detectDelimiter', () => {
  it('picks the steady separator', () => {
    expect(detectDelimiter('a;b\nc;d\ne;f', false)).toBe(';');
    expect(detectDelimiter('a\tb, c\nd\te', false)).toBe('\t');
    expect(detectDelimiter('a|b\nc|d', true)).toBe('|');
    expect(detectDelimiter('just words', true)).toBe('\t');
  });
});

describe('parseDelimited', () => {
  it('maps header columns by name, in any order', () => {
    const d = parseDelimited(bytes('Translation,Part of speech,Term,Pinyin\nhello,interj,你好,nǐ hǎo\n'), 'csv');
    expect(d.entries).toEqual([{ term: '你好', definition: 'hello', reading: 'nǐ hǎo', partOfSpeech: 'interj', frequencyRank: null }]);
  });
  it('reads term, definition, reading without a header, with quoted commas and newlines', () => {
    const d = parseDelimited(bytes('"Haus","house, building\nhome",haus\r\nBaum,tree\n'), 'csv');
    expect(d.entries.map((e) => [e.term, e.definition, e.reading])).toEqual([
      ['Haus', 'house, building\nhome', 'haus'],
      ['Baum', 'tree', ''],
    ]);
  });
  it('keeps pyglossary metadata and reads the third column as alternates', () => {
    const d = parseDelimited(bytes('"#name","Sample"\n"#description","About"\n"犬","dog","いぬ,イヌ"\n'), 'csv');
    expect(d.meta).toMatchObject({ title: 'Sample', description: 'About' });
    expect(d.synonyms).toEqual([
      { term: 'いぬ', entryIndex: 0 },
      { term: 'イヌ', entryIndex: 0 },
    ]);
  });
  it('keeps empty headwords for the importer to skip and count', () => {
    const d = parseDelimited(bytes('a\t1\n\t2\n'), 'tsv');
    expect(d.entries.map((e) => e.term)).toEqual(['a', '']);
  });

  it('reads a plain word,rank list as frequencies (its header in either order), not as a glossary', () => {
    const withHeader = parseDelimited(bytes('word,rank\nde,1\nla,2\n\nque,3\n'), 'csv');
    expect(withHeader.entries).toEqual([]);
    expect(withHeader.frequencies).toEqual([
      { term: 'de', reading: '', rank: 1 },
      { term: 'la', reading: '', rank: 2 },
      { term: 'que', reading: '', rank: 3 },
    ]);
    expect(parseDelimited(bytes('Frequency\tTerm\n7\tcasa\n'), 'tsv').frequencies).toEqual([{ term: 'casa', reading: '', rank: 7 }]);
    // Without the header, or with one row that is not a rank, it stays a glossary (nothing is dropped silently).
    expect(parseDelimited(bytes('el,1\nde,2'), 'csv').frequencies).toEqual([]);
    const mixed = parseDelimited(bytes('word,rank\nel,1\nde,of'), 'csv');
    expect(mixed.frequencies).toEqual([]);
    expect(mixed.entries.map((e) => e.term)).toEqual(['word', 'el', 'de']); // read exactly as before
    expect(parseDelimited(bytes('word,definition\nperro,dog'), 'csv').frequencies).toEqual([]);
  });
});
