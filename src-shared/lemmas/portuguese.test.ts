// Portuguese words the dictionary reaches another way than the text writes or means them (issue 47): older
// spellings looked up as written now and given back as written, nouns listed only as a verb's present forms,
// and a verb's -dor nouns.
import { describe, expect, it } from 'vitest';
import { buildTable } from './headword-table';
import { createLemmatizer } from './lemmatizer';

// Modelled on dictionary-pt (its flag letters: a verb forms, B plurals, j the -dor nouns of a verb): current Brazilian spelling; "vergonha"
// only as a present form of "vergonhar".
const AFF = `SET UTF-8
SFX a Y 4
SFX a ar a ar
SFX a ar as ar
SFX a ar amos ar
SFX a ar ado ar
SFX B Y 3
SFX B 0 s [^ã]o
SFX B ão ões ão
SFX B 0 s [ae]
SFX j Y 3
SFX j r dor r
SFX j r dores r
SFX j r doras r
`;
const DIC = `6
vergonhar/a
espectar/aj
projeto/B
ação/B
ideia/B
frequente/B
`;
const table = () => buildTable({ aff: AFF, dics: [DIC] });

describe('Portuguese older spellings', () => {
  const pt = createLemmatizer(table(), 'pt');

  it('looks a word the dictionary does not know up as written now, and gives the lemma in the text’s spelling', () => {
    // European silent consonants (before the 1990 agreement).
    expect(pt.lemma('projectos')).toBe('projecto');
    expect(pt.lemma('acções')).toBe('acção');
    // Older Brazilian accent and diaeresis.
    expect(pt.lemma('idéias')).toBe('idéia');
    expect(pt.lemma('freqüentes')).toBe('freqüente');
    // Current spelling is untouched; a word no spelling makes known stays unknown.
    expect(pt.lemma('projetos')).toBe('projeto');
    expect(pt.lemma('ações')).toBe('ação');
    expect(pt.lemma('exactidões')).toBeNull();
  });

  it('is Portuguese only', () => {
    expect(createLemmatizer(table(), 'xx').lemma('projectos')).toBeNull();
  });
});

describe('Portuguese nouns the dictionary lists only as verb forms', () => {
  it('answers a word in -a, -o, -as, -os read as a present form of an -ar verb as the noun', () => {
    const pt = createLemmatizer(table(), 'pt');
    expect(pt.lemma('vergonha')).toBe('vergonha');
    expect(pt.lemma('vergonhas')).toBe('vergonha');
    // Other forms of the verb keep the infinitive.
    expect(pt.lemma('vergonhamos')).toBe('vergonhar');
    expect(pt.lemma('vergonhado')).toBe('vergonhar');
    // Without the setting the analyser's reading stands.
    expect(createLemmatizer(table(), 'xx').lemma('vergonha')).toBe('vergonhar');
  });
});

describe('Portuguese -dor nouns of a verb', () => {
  it('gives the noun in -dor, not the verb, for any of its forms', () => {
    const pt = createLemmatizer(table(), 'pt');
    expect(pt.lemma('espectadores')).toBe('espectador');
    expect(pt.lemma('espectadoras')).toBe('espectador');
    expect(pt.lemma('espectador')).toBe('espectador');
    expect(createLemmatizer(table(), 'xx').lemma('espectadores')).toBe('espectar');
  });
});
