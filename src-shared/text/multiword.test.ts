// Runs in: any process (vitest). Tests for multiword.ts.
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../contract/languages';
import { MultiwordMatcher, patternOf } from './multiword';
import { parseText, type ParserSettings } from './tokenize';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const lang = (name: string): ParserSettings => presets.find((x) => x.LgName === name)!;

describe('multi-word pattern and matcher', () => {
  const en = lang('English');
  const pat = (s: string, l = en) => patternOf(parseText(s, l).tokens);

  it('a pattern is 2+ words on one line with a word at each end; punctuation or numbers may lie between', () => {
    expect(pat('in  the')).toMatchObject({ words: ['in', 'the'], offsets: [0, 2], separators: false });
    expect(pat('hello')).toBeNull();
    expect(pat('in, the')).toMatchObject({ words: ['in', 'the'], offsets: [0, 4], separators: true });
    expect(pat('the end.')).toBeNull();
    expect(pat('(the end')).toBeNull();
    expect(pat('the\nend')).toBeNull();
  });

  const found = (patternText: string, text: string, l = en) =>
    new MultiwordMatcher([{ id: 1, pattern: pat(patternText, l)! }]).findIn(parseText(text, l).tokens).map((m) => m.order);

  it("matches across the very punctuation inside its span: the cat's pyjamas (Spanish word characters, no apostrophe)", () => {
    const es = lang('Spanish');
    expect(pat("the cat's pyjamas", es)).toMatchObject({ words: ['the', 'cat', 's', 'pyjamas'], separators: true });
    expect(found("the cat's pyjamas", "I like the cat's pyjamas. The Cat's Pyjamas!", es)).toEqual([5, 16]);
    expect(found("the cat's pyjamas", 'the cat-s pyjamas, the cat s pyjamas', es)).toEqual([]);
  });

  it('matches across a number inside its span: tiene 1234 una bebida', () => {
    const es = lang('Spanish');
    expect(found('tiene 1234 una bebida', 'Ella tiene 1234 una bebida. Tiene 5 una bebida.', es)).toEqual([3]);
  });

  it('a line break between the words breaks a match', () => {
    expect(found('in, the', 'in, the\nin,\nthe')).toEqual([1]);
  });

  it('finds overlapping terms, case-insensitively, never across punctuation', () => {
    const text = parseText('In the end, the end of the story. The end', en);
    const m = new MultiwordMatcher([
      { id: 1, pattern: pat('the end')! },
      { id: 2, pattern: pat('the end of the')! },
      { id: 3, pattern: pat('end the')! },
    ]);
    const found = m.findIn(text.tokens).map((x) => `${x.id}@${text.tokens[x.tokenIndex].text}${x.order}`);
    expect(found.sort()).toEqual(['1@the3', '1@the9', '1@The21', '2@the9'].sort());
  });

  it('works for scripts without spaces (Chinese)', () => {
    // Split into characters (a language saved so before issue 46): 读书 is then two words.
    const zh = { ...lang('Chinese (Simplified)'), LgSplitEachChar: true };
    const text = parseText('我爱读书，读书好。', zh);
    const m = new MultiwordMatcher([{ id: 7, pattern: pat('读书', zh)! }]);
    expect(m.findIn(text.tokens).map((x) => x.order)).toEqual([3, 7]);
  });
});
