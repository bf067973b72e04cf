// Vietnamese words of several syllables (issue 46), the Khmer, Lao and Burmese presets: through the tokenizer as
// main runs it, with the word list that ships (resources/vi/).
import { beforeAll, describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import { loadVietnameseAnalyzer } from '../../src-main/modules/analysis/vietnamese';
import { needsAnalyzer } from '../../src-main/modules/analysis/parse';
import type { LanguagePreset } from '../../src-shared/contract/languages';
import { parseText, toNotation, type MorphAnalyzer, type ParserSettings } from '../../src-shared/text/tokenize';
import { segmentVietnamese, usesVietnameseSegmenter } from '../../src-shared/text/vi/segmenter';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const lang = (name: string): ParserSettings => presets.find((p) => p.LgName === name)!;
const vi = lang('Vietnamese');

let analyzer: MorphAnalyzer;
beforeAll(async () => {
  analyzer = await loadVietnameseAnalyzer();
});

describe('Vietnamese words', () => {
  it('joins the syllables of a word, keeping its space', () => {
    expect(toNotation(parseText('Tôi học ở trường đại học Hà Nội.', vi, analyzer).tokens)).toBe('Tôi/ /học/ /ở/ /trường/ /đại học/ /Hà Nội/.');
    const words = parseText('Chính phủ đã phê duyệt dự án này.', vi, analyzer).tokens.filter((t) => t.kind === 'word');
    expect(words.map((t) => t.text)).toEqual(['Chính phủ', 'đã', 'phê duyệt', 'dự án', 'này']);
  });

  it('joins only syllables one space apart (not across punctuation or a line break)', () => {
    expect(toNotation(parseText('đại, học đại\nhọc', vi, analyzer).tokens)).toBe('đại/,/ /học/ /đại/¶/học');
  });

  it('a line is covered exactly; a word list of nothing leaves syllables', () => {
    const line = '  Đại học,  “dự án” 2024 …';
    expect(segmentVietnamese(line, new Set(['đại học', 'dự án'])).map((p) => p.surface)).toEqual(['  ', 'Đại học', ',  “', 'dự án', '” 2024 …']);
    expect(segmentVietnamese('đại học', new Set()).map((p) => p.surface)).toEqual(['đại', ' ', 'học']);
  });

  it('is the Vietnamese preset’s parser; a Vietnamese language saved with the regex parser keeps syllables', () => {
    expect(usesVietnameseSegmenter(vi)).toBe(true);
    expect(needsAnalyzer(vi)).toBe(true);
    const old = { ...vi, LgParserType: 'regex' as const };
    expect(usesVietnameseSegmenter(old)).toBe(false);
    expect(toNotation(parseText('đại học', old).tokens)).toBe('đại/ /học');
  });
});

describe('Khmer, Lao and Burmese presets', () => {
  it('cut words with the dictionary segmenter (Intl.Segmenter)', () => {
    for (const [name, text] of [
      ['Khmer', 'ខ្ញុំស្រឡាញ់ភាសាខ្មែរ'],
      ['Lao', 'ຂ້ອຍຮັກພາສາລາວ'],
      ['Burmese', 'ကျွန်တော်မြန်မာစာကိုချစ်တယ်'],
    ]) {
      const words = parseText(text, lang(name)).tokens.filter((t) => t.kind === 'word');
      expect(words.length, name).toBeGreaterThan(1);
      expect(words.map((t) => t.text).join(''), name).toBe(text);
    }
  });

  it('end sentences at their own marks (Khmer ។, Burmese ။)', () => {
    expect(parseText('ខ្ញុំទៅ។ អ្នកទៅ។', lang('Khmer')).sentenceCount).toBe(2);
    expect(parseText('ကျွန်တော်သွားမယ်။ သင်သွားမလား။', lang('Burmese')).sentenceCount).toBe(2);
  });
});
