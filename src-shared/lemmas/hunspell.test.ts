import { describe, expect, it } from 'vitest';
import { candidates, indexTable } from './analyzer';
import { buildTable } from './headword-table';
import { detectLemmaColumn } from './columns';
import { expandWord, parseAff, parseDic } from './hunspell';
import { createLemmatizer } from './lemmatizer';

/** Every form expandWord makes for each headword of a small .aff/.dic pair, as "form→stem" sorted. */
function expand(affText: string, dicText: string): string[] {
  const aff = parseAff(affText);
  const out = new Set<string>();
  for (const e of parseDic(dicText, aff)) expandWord(aff, e.word, e.flags, (form) => out.add(`${form}→${e.word}`));
  return [...out].sort();
}

const sorted = (list: string[]) => [...list].sort();

/** The same pair read back by affix stripping: every expanded form must lead to its stem. */
function analyse(affText: string, dicText: string, form: string): string[] {
  const index = indexTable(buildTable({ aff: affText, dics: [dicText] }));
  return [...new Set(candidates(index, form).map((c) => c.lemma))].sort();
}

const SUFFIX_AFF = `SET UTF-8
SFX S Y 2
SFX S 0 s [^sxz]
SFX S 0 es [sxz]
SFX D Y 2
SFX D 0 ed [^e]
SFX D e ed e
`;

describe('Hunspell affix expansion', () => {
  it('applies suffixes with strip, add and conditions', () => {
    const dic = '3\ncat/S\nbox/S\nbake/D\n';
    expect(expand(SUFFIX_AFF, dic)).toEqual(sorted(['bake→bake', 'baked→bake', 'box→box', 'boxes→box', 'cat→cat', 'cats→cat']));
    expect(analyse(SUFFIX_AFF, dic, 'boxes')).toEqual(['box']);
    expect(analyse(SUFFIX_AFF, dic, 'baked')).toEqual(['bake']);
    // "boxs" breaks the [^sxz] condition, "cates" the [sxz] one.
    expect(analyse(SUFFIX_AFF, dic, 'boxs')).toEqual([]);
    expect(analyse(SUFFIX_AFF, dic, 'cates')).toEqual([]);
  });

  it('applies prefixes, and prefix + suffix only when both allow the cross-product', () => {
    const aff = `PFX U Y 1
PFX U 0 un .
PFX R N 1
PFX R 0 re .
SFX D Y 1
SFX D 0 ed .
`;
    const dic = '2\nlock/UD\npaint/RD\n';
    expect(expand(aff, dic)).toEqual(sorted(['lock→lock', 'locked→lock', 'paint→paint', 'painted→paint', 'repaint→paint', 'unlock→lock', 'unlocked→lock']));
    expect(analyse(aff, dic, 'unlocked')).toEqual(['lock']);
    // R is not cross-product: "repainted" is not a word of this dictionary.
    expect(analyse(aff, dic, 'repainted')).toEqual([]);
    expect(analyse(aff, dic, 'repaint')).toEqual(['paint']);
  });

  it('follows continuation classes (twofold suffixes) and NEEDAFFIX', () => {
    const aff = `NEEDAFFIX X
SFX A Y 1
SFX A 0 ion/B .
SFX B Y 1
SFX B 0 s .
SFX C Y 1
SFX C 0 al/X .
`;
    const dic = '2\nact/A\nform/C\n';
    // "formal" needs another affix (NEEDAFFIX on the continuation): it is not listed alone.
    expect(expand(aff, dic)).toEqual(sorted(['act→act', 'action→act', 'actions→act', 'form→form']));
    expect(analyse(aff, dic, 'actions')).toEqual(['act']);
    expect(analyse(aff, dic, 'formal')).toEqual([]);
  });

  it('reads FLAG long, FLAG num, FLAG UTF-8 and AF aliases', () => {
    const long = 'FLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\nSFX Bb Y 1\nSFX Bb 0 ing .\n';
    expect(expand(long, '1\nwalk/AaBb\n')).toEqual(sorted(['walk→walk', 'walking→walk', 'walks→walk']));
    const num = 'FLAG num\nSFX 101 Y 1\nSFX 101 0 s .\nSFX 7 Y 1\nSFX 7 0 ed .\n';
    expect(expand(num, '1\njump/7,101\n')).toEqual(sorted(['jump→jump', 'jumped→jump', 'jumps→jump']));
    const utf8 = 'FLAG UTF-8\nSFX é Y 1\nSFX é 0 s .\n';
    expect(expand(utf8, '1\ncasa/é\n')).toEqual(sorted(['casa→casa', 'casas→casa']));
    const aliases = 'AF 2\nAF AB\nAF B\nSFX A Y 1\nSFX A 0 s .\nSFX B Y 1\nSFX B 0 ed .\n';
    expect(expand(aliases, '2\nplay/1\nwant/2\n')).toEqual(sorted(['play→play', 'played→play', 'plays→play', 'want→want', 'wanted→want']));
  });

  it('ignores compound flags safely: compound-only words are left out, nothing is compounded', () => {
    const aff = 'COMPOUNDFLAG Z\nONLYINCOMPOUND O\nCOMPOUNDRULE 1\nCOMPOUNDRULE ZZ\nSFX S Y 1\nSFX S 0 s .\n';
    const dic = '3\nfoot/SZ\nball/SZ\nfugen/O\n';
    expect(expand(aff, dic)).toEqual(sorted(['ball→ball', 'balls→ball', 'foot→foot', 'foots→foot']));
    expect(analyse(aff, dic, 'football')).toEqual([]);
    expect(analyse(aff, dic, 'fugen')).toEqual([]);
  });

  it('skips forbidden words and honours CIRCUMFIX (both sides or neither)', () => {
    const aff = `FORBIDDENWORD !
CIRCUMFIX C
PFX G Y 1
PFX G 0 ge/C .
SFX T Y 2
SFX T 0 t/C .
SFX T 0 st .
`;
    const dic = '2\nmach/GT\nbadword/!\n';
    expect(expand(aff, dic)).toEqual(sorted(['gemacht→mach', 'mach→mach', 'machst→mach']));
    expect(analyse(aff, dic, 'gemacht')).toEqual(['mach']);
    expect(analyse(aff, dic, 'macht')).toEqual([]);
    expect(analyse(aff, dic, 'badword')).toEqual([]);
  });

  it('refuses oversized input instead of reading it', () => {
    expect(() => buildTable({ aff: 'x'.repeat(9 * 1024 * 1024), dics: [] })).toThrow(/too large/);
  });
});

describe('ranking and the lemmatizer', () => {
  const aff = `SET UTF-8
FLAG UTF-8
SFX S Y 1
SFX S 0 s .
SFX R Y 2
SFX R ar aba ar
SFX R ar as ar
SFX E Y 1
SFX E 0 es r
`;
  const dic = '4\ncasa/S\ncasar/R\nhablar/R\nmejor/E\n';
  const lz = createLemmatizer(buildTable({ aff, dics: [dic] }), 'xx');

  it('prefers the smallest change among several headwords, and a headword is its own lemma', () => {
    expect(lz.lemma('casas')).toBe('casa'); // casa + s beats casar (ar → as)
    expect(lz.lemma('hablaba')).toBe('hablar');
    expect(lz.lemma('Mejores')).toBe('mejor');
    expect(lz.lemma('hablar')).toBe('hablar');
    expect(lz.lemma('nada')).toBeNull();
  });

  it('Norwegian: an infinitive headword is its own lemma, and an unlinked inflected headword leads to its noun (issue 30)', () => {
    // Modelled on dictionary-nb: "rolle" is a verb of its own and "roll" + e; "helligbrødene" is listed as a
    // headword with nothing linking it to "helligbrøde".
    const nbAff = 'SET UTF-8\nSFX E Y 1\nSFX E 0 e .\n';
    const nbDic = '4\nroll/E\nrolle\nhelligbrøde\nhelligbrødene\n';
    for (const iso of ['nb', 'no']) {
      const nb = createLemmatizer(buildTable({ aff: nbAff, dics: [nbDic] }), iso);
      expect(nb.lemma('rolle')).toBe('rolle');
      expect(nb.lemma('helligbrødene')).toBe('helligbrøde');
    }
    // Without the Norwegian settings: the derived reading, and the inflected headword as its own lemma.
    const plain = createLemmatizer(buildTable({ aff: nbAff, dics: [nbDic] }), 'xx');
    expect(plain.lemma('rolle')).toBe('roll');
    expect(plain.lemma('helligbrødene')).toBe('helligbrødene');
  });
});

describe('lemma list column order', () => {
  it('finds the lemma in the column that repeats', () => {
    const lemmaFirst: [string, string][] = [
      ['go', 'goes'],
      ['go', 'went'],
      ['go', 'gone'],
      ['be', 'was'],
      ['be', 'were'],
    ];
    expect(detectLemmaColumn(lemmaFirst).lemma_column).toBe(1);
    expect(detectLemmaColumn(lemmaFirst.map(([a, b]) => [b, a] as [string, string])).lemma_column).toBe(2);
    expect(detectLemmaColumn([['a', 'b']]).lemma_column).toBe(2);
  });
});

describe('Estonian: headwords that are inflected forms are never a lemma (issue 30)', () => {
  // Modelled on dictionary-et: the comitative "-ga" form carries the case flags ("aated" is made from
  // "aatega"), nominatives carry the clitic class "a", genitive stems do not; participles make past forms.
  const aff = `SET UTF-8
SFX a Y 1
SFX a 0 gi .
SFX b Y 2
SFX b ga d ga
SFX b ga st ga
SFX p Y 1
SFX p nud sin nud
`;
  const dic = '10\naade/a\naate\naatega/b\nerand/a\nerandi\nerandiga/b\nmaja\nmajaga/b\nandnud/p\nandma\n';

  it('leads from the "-ga" or participle headword to the nominative or infinitive, else gives no lemma', () => {
    const et = createLemmatizer(buildTable({ aff, dics: [dic] }), 'et');
    expect(et.lemma('aated')).toBe('aade');
    expect(et.lemma('aatega')).toBe('aade');
    expect(et.lemma('erandist')).toBe('erand');
    expect(et.lemma('andsin')).toBe('andma');
    // "maja" is not marked a nominative (it is the genitive's spelling too): no lemma rather than a guess.
    expect(et.lemma('majad')).toBeNull();
    // Without the rule the expansion's headword, an inflected form, was the answer.
    expect(createLemmatizer(buildTable({ aff, dics: [dic] }), 'xx').lemma('aated')).toBe('aatega');
  });
});
