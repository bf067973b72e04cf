// The Chinese word segmenter with the data that ships (resources/zh/), through the tokenizer as main runs it.
import { beforeAll, describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import { chineseReading, chineseReadings, loadChineseAnalyzer } from '../../src-main/modules/analysis/chinese';
import { needsAnalyzer, parseNow } from '../../src-main/modules/analysis/parse';
import type { LanguagePreset } from '../../src-shared/contract/languages';
import { parseText, toNotation, type MorphAnalyzer, type ParserSettings } from '../../src-shared/text/tokenize';
import { decodeWeights, encodeWeights, usesChineseSegmenter } from '../../src-shared/text/zh/segmenter';
import { FEATURES, Weights, WordSet, featureKeys } from '../../src-shared/text/zh/segment-model';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const lang = (name: string): ParserSettings => presets.find((p) => p.LgName === name)!;
const simplified = lang('Chinese (Simplified)');
const traditional = lang('Chinese (Traditional)');

let analyzer: MorphAnalyzer;
beforeAll(async () => {
  analyzer = await loadChineseAnalyzer();
});
const cut = (text: string, s: ParserSettings = simplified) => toNotation(parseText(text, s, analyzer).tokens);

describe('Chinese word segmentation', () => {
  it('cuts a sentence into words, not characters', () => {
    expect(cut('他在北京大学学习。')).toBe('他/在/北京/大学/学习/。');
    expect(cut('我们今天去了学校。')).toBe('我们/今天/去/了/学校/。');
    expect(cut('我喜欢吃苹果和香蕉。')).toBe('我/喜欢/吃/苹果/和/香蕉/。');
    expect(cut('中华人民共和国成立了。')).toBe('中华/人民/共和/国/成立/了/。');
  });

  it('cuts a traditional text at the same places as its simplified form', () => {
    expect(cut('他在北京大學學習。', traditional)).toBe('他/在/北京/大學/學習/。');
    const pairs = [
      ['我六岁那年看过一本书。乒乓球拍卖完了。', '我六歲那年看過一本書。乒乓球拍賣完了。'],
      ['这个问题很难回答，因为经济发展太快。', '這個問題很難回答，因為經濟發展太快。'],
    ];
    for (const [s, t] of pairs)
      expect(
        cut(t, traditional)
          .split('/')
          .map((w) => w.length),
      ).toEqual(
        cut(s)
          .split('/')
          .map((w) => w.length),
      );
  });

  it("leaves numbers, Latin words and punctuation to the tokenizer (the presets' words are Han only)", () => {
    const tokens = parseText('他在2008年买了iPhone 5。', simplified, analyzer).tokens;
    expect(toNotation(tokens)).toBe('他/在/2008/年/买/了/iPhone/5/。');
    expect(tokens.filter((t) => t.kind === 'word').map((t) => t.text)).toEqual(['他', '在', '年', '买', '了']);
  });

  it('covers every line exactly, whatever it holds (surrogate pairs, emoji, a long run without spaces)', () => {
    for (const line of ['𠀀𠀁好的😀 ok。', '  空格  在 这里 ', '！？。，', 'a'.repeat(10) + '中'.repeat(50_000)]) {
      const pieces = analyzer(line);
      expect(pieces.map((p) => p.surface).join('')).toBe(line);
      expect(pieces.every((p) => p.surface.length > 0)).toBe(true);
    }
  });

  it('is what main parses the Chinese presets and Cantonese with; a language split into characters keeps them', () => {
    for (const p of [simplified, traditional, lang('Cantonese')]) {
      expect(usesChineseSegmenter(p)).toBe(true);
      expect(needsAnalyzer(p)).toBe(true);
    }
    expect(usesChineseSegmenter({ ...simplified, LgSplitEachChar: true })).toBe(false);
    expect(usesChineseSegmenter(lang('Classical Chinese'))).toBe(false);
    expect(usesChineseSegmenter(lang('Japanese'))).toBe(false);
    const stored = parseNow('我们去学校。', simplified)!;
    expect(stored.count).toBe(4);
    expect(toNotation(parseText('我们去学校。', { ...simplified, LgSplitEachChar: true }, analyzer).tokens)).toBe('我/们/去/学/校/。');
  });
});

describe('segmenter model parts', () => {
  it('the word trie finds words and only words', () => {
    const words = new WordSet(['北京', '北京大学', '大学', '𠀀好']);
    const walk = (w: string) => [...w].reduce((node, ch) => (node < 0 ? node : words.child(node, ch.codePointAt(0)!)), 0);
    expect(words.size).toBe(4);
    expect(words.isWord(walk('北京'))).toBe(true);
    expect(words.isWord(walk('北京大'))).toBe(false);
    expect(walk('南京')).toBe(-1);
    expect(words.isWord(walk('𠀀好'))).toBe(true);
  });

  it('weights survive serialising (quantised to 16 bits)', () => {
    const w = new Weights(4);
    const keys = featureKeys(
      [...'北京大学'].map((c) => c.codePointAt(0)!),
      new WordSet(),
    );
    keys.forEach((k, i) => w.add(w.slot(k), i % 4, (i % 7) - 3));
    w.transitions[3] = 1.5;
    const back = decodeWeights(encodeWeights(w));
    const a = w.scores(keys, keys.length / FEATURES);
    const b = back.scores(keys, keys.length / FEATURES);
    for (let i = 0; i < a.length; i++) expect(b[i]).toBeCloseTo(a[i], 2);
    expect(back.transitions[3]).toBeCloseTo(1.5);
  });
});

describe('Chinese readings', () => {
  it('pinyin with tone marks, traditional read through simplified; jyutping for Cantonese', () => {
    expect(chineseReading('学校', false)).toBe('xué xiào');
    // 銀行 read as 银行 (yín háng), not character by character (yín xíng).
    expect(chineseReading('銀行', false)).toBe('yín háng');
    expect(chineseReading('了', false)).toBe('le');
    expect(chineseReading('銀行', true)).toBe('ngan4 hong4');
    expect(chineseReading('iPhone', false)).toBe('');
    expect(chineseReadings(['学校', '。', '学校'], 'wpw', false)).toEqual(['xué xiào', '', 'xué xiào']);
  });
});
