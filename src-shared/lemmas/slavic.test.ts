// Polish adverbs of adjectives (dictionary-pl class y) are words of their own, as the treebanks write them, and
// Ukrainian words are read with any apostrophe (issue 47).
import { describe, expect, it } from 'vitest';
import { buildTable } from './headword-table';
import { createLemmatizer } from './lemmatizer';

const AFF = `SET UTF-8
SFX y Y 2
SFX y y ie ny
SFX y y o [^n]y
SFX A Y 2
SFX A y a y
SFX A y ego y
`;
const DIC = `2
wyraźny/yA
duży/yA
`;

describe('Polish adverbs', () => {
  it('gives an adverb itself, and the adjective its forms', () => {
    const pl = createLemmatizer(buildTable({ aff: AFF, dics: [DIC] }), 'pl');
    expect(['wyraźnie', 'dużo', 'wyraźna', 'dużego'].map(pl.lemma)).toEqual(['wyraźnie', 'dużo', 'wyraźny', 'duży']);
    expect(createLemmatizer(buildTable({ aff: AFF, dics: [DIC] }), 'xx').lemma('wyraźnie')).toBe('wyraźny');
  });
});

describe('Ukrainian apostrophes', () => {
  it("reads ’ and ʼ as the dictionary's apostrophe and gives the lemma back with the word's own", () => {
    const AFF_UK = `SET UTF-8\nSFX A Y 1\nSFX A я ю я\n`;
    const uk = createLemmatizer(buildTable({ aff: AFF_UK, dics: ["1\nздоров'я/A\n"] }), 'uk');
    expect(["здоров'я", 'здоров’я', 'здоровʼю'].map(uk.lemma)).toEqual(["здоров'я", 'здоров’я', 'здоровʼя']);
  });
});
