import { describe, expect, it } from 'vitest';
import { parseDelimited } from './delimited';
import { parseJsonDictionary } from './json';
import { refuseWithoutEntries } from './readable';
import { emptyDictionary } from './types';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('a file whose contents do not match its name', () => {
  it('is refused when no row is a term with a definition, naming the expected shape', () => {
    // Before: prose named .csv parsed into 3 "headwords" with empty definitions.
    expect(() => refuseWithoutEntries('story.csv', parseDelimited(bytes('Once upon a time\nIt barked\nThe end\n'), 'csv'))).toThrow(
      /^This \.csv has no readable rows: expected term,definition per line$/,
    );
    expect(() => refuseWithoutEntries('list.tsv', parseDelimited(bytes('alpha\nbeta\n'), 'tsv'))).toThrow(
      /^This \.tsv has no readable rows: expected term<Tab>definition/,
    );
    expect(() => refuseWithoutEntries('n.json', parseJsonDictionary(bytes('[1, 2, 3]')))).toThrow(/^This \.json has no readable entries/);
    expect(() => refuseWithoutEntries('x.zip', emptyDictionary('stardict'))).toThrow(/archive has no entries with a definition/);
  });

  it('passes a real glossary, even with some empty rows, and a frequency-only list', () => {
    const dict = parseDelimited(bytes('term,definition\nHund,dog\nleer,\n'), 'csv');
    expect(refuseWithoutEntries('w.csv', dict)).toBe(dict);
    const freq = emptyDictionary('yomitan');
    freq.frequencies.push({ term: 'der', reading: '', rank: 1 });
    expect(refuseWithoutEntries('f.zip', freq)).toBe(freq);
  });
});
