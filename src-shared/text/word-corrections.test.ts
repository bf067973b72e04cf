// Runs in: any process (vitest). Tests for word-corrections.ts: corrections over an analyzer's pieces and through
// the tokenizer, for Chinese, Vietnamese, Japanese readings and Thai (Intl.Segmenter), and where they do not apply.
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../contract/languages';
import { parseText, type MorphAnalyzer, type MorphToken, type ParserSettings } from './tokenize';
import { applyCorrections, correctionProblem, serializeCorrections } from './word-corrections';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const preset = (name: string): ParserSettings => presets.find((x) => x.LgName === name)!;
const corrections = (...list: string[][]) => serializeCorrections(list.map((parts) => ({ parts })));

/** An analyzer that cuts at "/" (words) and reads the rest as given: "乒乓/球/，/拍卖". */
const cutAt =
  (cuts: string): MorphAnalyzer =>
  (line) => {
    const out: MorphToken[] = [];
    let at = 0;
    for (const piece of cuts.split('/')) {
      if (!line.startsWith(piece, at)) throw new Error(`analyzer cut ${cuts} does not fit ${line}`);
      out.push({ surface: piece, isWord: /\p{L}/u.test(piece) });
      at += piece.length;
    }
    return out;
  };
const words = (text: string, s: ParserSettings, analyze?: MorphAnalyzer) =>
  parseText(text, s, analyze)
    .tokens.filter((t) => t.kind === 'word')
    .map((t) => t.text);
const surfaces = (pieces: MorphToken[]) => pieces.map((p) => p.surface).join('/');

describe('applyCorrections', () => {
  const pieces = cutAt('我/打/乒乓/球/，/中华人民共和国/成立/了')('我打乒乓球，中华人民共和国成立了');

  it('joins neighbours and splits a word, leaving the rest as the segmenter cut it', () => {
    const fixed = applyCorrections(pieces, corrections(['乒乓球'], ['中华', '人民共和国']));
    expect(surfaces(fixed)).toBe('我/打/乒乓球/，/中华/人民共和国/成立/了');
    expect(fixed.filter((p) => p.isWord).length).toBe(7);
  });

  it('without corrections gives the pieces back', () => {
    expect(applyCorrections(pieces, '')).toBe(pieces);
  });

  it('never joins across punctuation, and never cuts into a word it was not made for', () => {
    expect(surfaces(applyCorrections(pieces, corrections(['球，中']))).split('/')).toContain('，');
    // 球中 is no run of whole words here: 中华人民共和国 stays one word.
    expect(surfaces(applyCorrections(cutAt('乒乓/球/中华人民共和国')('乒乓球中华人民共和国'), corrections(['球中'])))).toBe('乒乓/球/中华人民共和国');
  });

  it('the longest correction starting at a word wins', () => {
    const fixed = applyCorrections(cutAt('乒/乓/球/拍')('乒乓球拍'), corrections(['乒乓'], ['乒乓球拍']));
    expect(surfaces(fixed)).toBe('乒乓球拍');
  });

  it('a join of words that all have a reading reads as their readings; a split part keeps the reading of the piece it equals', () => {
    const read: MorphToken[] = [
      { surface: '東', isWord: true, reading: 'ひがし' },
      { surface: '京都', isWord: true, reading: 'きょうと' },
    ];
    expect(applyCorrections(read, corrections(['東京都']))).toEqual([{ surface: '東京都', isWord: true, reading: 'ひがしきょうと' }]);
    const split = applyCorrections([{ surface: '東京都', isWord: true, reading: 'とうきょうと' }], corrections(['東京', '都']));
    expect(split).toEqual([
      { surface: '東京', isWord: true },
      { surface: '都', isWord: true },
    ]);
  });

  it('Vietnamese: joins syllables over their space and splits a word at it, case-insensitively', () => {
    const line = 'Trường đại học lớn';
    const syllables = cutAt('Trường/ /đại/ /học/ /lớn')(line);
    expect(surfaces(applyCorrections(syllables, corrections(['trường đại học'])))).toBe('Trường đại học/ /lớn');
    const joined = cutAt('Trường/ /đại học/ /lớn')(line);
    expect(applyCorrections(joined, corrections(['đại', ' học']))).toEqual([
      { surface: 'Trường', isWord: true },
      { surface: ' ', isWord: false },
      { surface: 'đại', isWord: true },
      { surface: ' ', isWord: false },
      { surface: 'học', isWord: true },
      { surface: ' ', isWord: false },
      { surface: 'lớn', isWord: true },
    ]);
  });
});

describe('corrections through the tokenizer', () => {
  it('Chinese: every occurrence in a text, each word one token', () => {
    const zh = { ...preset('Chinese (Simplified)'), wordCorrections: corrections(['乒乓球'], ['中华', '人民共和国']) };
    const analyzer = cutAt('乒乓/球/拍卖/完/了/。/中华人民共和国/和/乒乓/球');
    expect(words('乒乓球拍卖完了。中华人民共和国和乒乓球', zh, analyzer)).toEqual(['乒乓球', '拍卖', '完', '了', '中华', '人民共和国', '和', '乒乓球']);
  });

  it('Thai: corrections apply over Intl.Segmenter, which stands in for an analyzer', () => {
    const th = preset('Thai');
    const before = words('ภาษาไทยง่าย', th);
    expect(before.length).toBeGreaterThan(1);
    const joined = words('ภาษาไทยง่าย', { ...th, wordCorrections: corrections([before.slice(0, 2).join('')]) });
    expect(joined).toEqual([before.slice(0, 2).join(''), ...before.slice(2)]);
  });

  it('languages split into characters or by a regex ignore corrections', () => {
    const classical = { ...preset('Classical Chinese'), wordCorrections: corrections(['学而']) };
    expect(words('学而时习之', classical)).toEqual(['学', '而', '时', '习', '之']);
    const en = { ...preset('English'), wordCorrections: corrections(['ice', 'cream']) };
    expect(words('icecream', en)).toEqual(['icecream']);
  });

  it('the serialised form is the same whatever the order, and lowercased', () => {
    expect(serializeCorrections([{ parts: ['B'] }, { parts: ['a', 'C'] }])).toBe(serializeCorrections([{ parts: ['a', 'c'] }, { parts: ['b'] }]));
  });

  it('refuses parts without letters and parts holding a separator', () => {
    expect(correctionProblem([])).toBe('empty');
    expect(correctionProblem(['乒乓', '，'])).toBe('empty');
    expect(correctionProblem(['a\tb'])).toBe('separator');
    expect(correctionProblem(['乒乓', '球'])).toBeNull();
  });
});
