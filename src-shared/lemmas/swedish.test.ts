// Swedish words the dictionary makes from others but running text treats as words of their own (issue 47):
// present participles it lists as headwords (levande), -isk adjectives and -are agent nouns of class T.
import { describe, expect, it } from 'vitest';
import { buildTable } from './headword-table';
import { createLemmatizer } from './lemmatizer';

// dictionary-sv's class T (no stripping: -isk adjectives, -re/-are agent nouns) and the past-tense class P.
const AFF = `SET UTF-8
SFX T Y 6
SFX T 0 iska [^a]
SFX T 0 isk [^a]
SFX T 0 re a
SFX T 0 rna a
SFX T 0 are [^a]
SFX T 0 arna [^a]
SFX P Y 2
SFX P 0 de a
SFX P 0 nde a
`;
const DIC = `5
sociolog/T
uppfostra/TP
leva/P
levande
läs/T
`;
const table = () => buildTable({ aff: AFF, dics: [DIC] });

describe('Swedish derived words', () => {
  it('gives a class-T form the new word: the -isk adjective, the agent noun', () => {
    const sv = createLemmatizer(table(), 'sv');
    expect(sv.lemma('sociologiska')).toBe('sociologisk');
    expect(sv.lemma('sociologisk')).toBe('sociologisk');
    expect(sv.lemma('uppfostrare')).toBe('uppfostrare');
    expect(sv.lemma('uppfostrarna')).toBe('uppfostrare');
    expect(sv.lemma('läsarna')).toBe('läsare');
    // Inflections of other classes still go to their headword.
    expect(sv.lemma('uppfostrade')).toBe('uppfostra');
    // Without the setting the analyser's reading (the noun or verb made from) stands.
    expect(createLemmatizer(table(), 'xx').lemma('sociologiska')).toBe('sociolog');
  });

  it('keeps a present participle the dictionary lists as a headword, and reads one it does not as the verb', () => {
    const sv = createLemmatizer(table(), 'sv');
    expect(sv.lemma('levande')).toBe('levande');
    // Not a headword: the analyser's reading through class P.
    expect(sv.lemma('uppfostrande')).toBe('uppfostra');
  });
});
