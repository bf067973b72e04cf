// Czech words dictionary-cs makes from others that running text treats as words of their own (issue 47): adverbs of
// adjectives (class R), -ost nouns (class K), the -o adverb (class O), and short passive participles (class T) whose
// lemma is the long participle, as the Czech treebanks write them.
import { describe, expect, it } from 'vitest';
import { buildTable } from './headword-table';
import { czechPositive } from './czech';
import { createLemmatizer } from './lemmatizer';

// Rules as dictionary-cs writes them (a few of each class).
const AFF = `SET UTF-8
SFX R Y 3
SFX R ý ě [bpvmfdnt]ý
SFX R ý e [lsz]ý
SFX R ý y [sc]ký
SFX K Y 4
SFX K ý ost ý
SFX K ý osti ý
SFX K e ata e
SFX K e at e
SFX O Y 2
SFX O ý o ý
SFX O 0 a [^os]ten
SFX T Y 4
SFX T at án at
SFX T at ána at
SFX T it ěn [^aiouyíýcsz]it
SFX T it ěny [^aiouyíýcsz]it
`;
const DIC = `6
rychlý/R
chirurgický/R
soběstačný/K
kuře/K
těžký/O
věnovat/T
splnit/T
`;
const table = () => buildTable({ aff: AFF, dics: [DIC] });

describe('Czech derived words', () => {
  it('gives an adverb, an -ost noun and a short passive participle their own lemma, inflections their headword', () => {
    const cs = createLemmatizer(table(), 'cs');
    expect(['rychle', 'chirurgicky', 'těžko'].map(cs.lemma)).toEqual(['rychle', 'chirurgicky', 'těžko']);
    expect(['soběstačnost', 'soběstačnosti'].map(cs.lemma)).toEqual(['soběstačnost', 'soběstačnost']);
    // The class's neuter plurals stay inflections of their headword.
    expect(cs.lemma('kuřata')).toBe('kuře');
    // The long participle, with the á of -án short: věnována → věnovaný, splněny → splněný.
    expect(['věnován', 'věnována', 'splněn', 'splněny'].map(cs.lemma)).toEqual(['věnovaný', 'věnovaný', 'splněný', 'splněný']);
    // Without the settings the analyser's reading (the adjective or verb made from) stands.
    const plain = createLemmatizer(table(), 'xx');
    expect(['rychle', 'soběstačnosti', 'věnována'].map(plain.lemma)).toEqual(['rychlý', 'soběstačný', 'věnovat']);
  });
});

describe('Czech comparatives under their positive', () => {
  const headwords = new Set(['rychlý', 'efektivní', 'hrubý', 'účinný', 'starý']);
  const isHeadword = (w: string) => headwords.has(w);
  it('leads regular, irregular and superlative forms to the positive, adverbs too', () => {
    expect(['rychlejší', 'nejrychlejší', 'efektivnější', 'hrubší', 'starší'].map((w) => czechPositive(w, isHeadword))).toEqual([
      'rychlý',
      'rychlý',
      'efektivní',
      'hrubý',
      'starý',
    ]);
    expect(['lepší', 'nejlepší', 'lépe', 'účinněji'].map((w) => czechPositive(w, isHeadword))).toEqual(['dobrý', 'dobrý', 'dobře', 'účinně']);
  });
  it('leaves other words alone: no positive in the dictionary, -ší words that are no comparatives, více', () => {
    expect(['další', 'pozdější', 'více', 'ptačí', 'nejasný'].map((w) => czechPositive(w, isHeadword))).toEqual([
      'další',
      'pozdější',
      'více',
      'ptačí',
      'nejasný',
    ]);
  });
});
