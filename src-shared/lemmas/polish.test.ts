// Polish adverbs of adjectives (dictionary-pl's class y) are words of their own, as the treebanks write them (issue 47).
import { describe, expect, it } from 'vitest';
import { buildTable } from './analyzer';
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
