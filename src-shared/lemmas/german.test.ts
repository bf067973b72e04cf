// German -ung nouns (issue 47): igerman98 makes them from the verb through class J, so the analyser read
// "Einstellungen" as einstellen; the lemma is the noun, with its capital.
import { describe, expect, it } from 'vitest';
import { buildTable } from './headword-table';
import { createLemmatizer } from './lemmatizer';

// igerman98's class J (the -ung noun and its plural) and a verb class.
const AFF = `SET UTF-8
SFX J Y 2
SFX J en ung en
SFX J en ungen en
SFX V Y 2
SFX V en t en
SFX V en te en
`;
const DIC = `4
einstellen/JV
laufen/V
Lauf
Hemd
`;
const table = () => buildTable({ aff: AFF, dics: [DIC] });

describe('German -ung nouns of a verb', () => {
  it('gives the noun with its capital for the noun and its plural, the verb for the verb forms', () => {
    const de = createLemmatizer(table(), 'de');
    expect(de.lemma('Einstellungen')).toBe('Einstellung');
    expect(de.lemma('einstellung')).toBe('Einstellung');
    expect(de.lemma('einstellte')).toBe('einstellen');
    // Without the setting the analyser's reading (the verb) stands.
    expect(createLemmatizer(table(), 'xx').lemma('Einstellungen')).toBe('einstellen');
  });
});

describe('German endings onto a noun', () => {
  it('never take an infinitive the dictionary lists to a noun, and still lead an unknown form to one', () => {
    const de = createLemmatizer(table(), 'de');
    expect(de.lemma('laufen')).toBe('laufen');
    // "Hemden" has no reading: the ending -en leads to the noun.
    expect(de.lemma('Hemden')).toBe('Hemd');
  });
});

describe('German compounds ending in a derived noun', () => {
  // A compound whose last part is an -ung noun made from a verb the dictionary marks as a last part (class J).
  const AFF_COMPOUND = `SET UTF-8
COMPOUNDBEGIN x
COMPOUNDEND z
COMPOUNDMIN 2
SFX J Y 2
SFX J en ung en
SFX J en ungen en
SFX j Y 1
SFX j 0 0/x .
`;
  const DIC_COMPOUND = `2
Grund/j
untersuchen/Jz
`;
  it('ends in the noun, not the verb it is made from', () => {
    const de = createLemmatizer(buildTable({ aff: AFF_COMPOUND, dics: [DIC_COMPOUND] }), 'de');
    expect(de.lemma('Untersuchungen')).toBe('Untersuchung');
    expect(de.lemma('Grunduntersuchung')).toBe('Grunduntersuchung');
    expect(de.lemma('Grunduntersuchungen')).toBe('Grunduntersuchung');
  });
});
