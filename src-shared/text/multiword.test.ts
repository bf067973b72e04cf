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

  it('a pattern is 2+ words joined by whitespace; punctuation inside is refused', () => {
    expect(pat('in  the')).toMatchObject({ words: ['in', 'the'], offsets: [0, 2] });
    expect(pat('hello')).toBeNull();
    expect(pat('in, the')).toBeNull();
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
    const zh = lang('Chinese (Simplified)');
    const text = parseText('我爱读书，读书好。', zh);
    const m = new MultiwordMatcher([{ id: 7, pattern: pat('读书', zh)! }]);
    expect(m.findIn(text.tokens).map((x) => x.order)).toEqual([3, 7]);
  });
});
