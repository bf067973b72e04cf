// Japanese lemma source (issue 47): the shipped running-text table first (UniDic lemmas, as UD_Japanese-GSD
// writes them), then kuromoji's base form looked up in that table; nothing until kuromoji has loaded.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadJapaneseAnalyzer } from '../analysis';
import { japaneseLemma, japaneseTable, readJapaneseTable } from './japanese';
import { autoSourceInfo } from './sources';

describe('Japanese lemma source', () => {
  beforeAll(async () => {
    await loadJapaneseAnalyzer();
  }, 60_000);

  it('gives every form of する one lemma, the copula で だ, and other words their base form', () => {
    // し, する: table rows; した, しよう: kuromoji's する through the table.
    expect(['し', 'する', 'した', 'しよう'].map(japaneseLemma)).toEqual(['為る', '為る', '為る', '為る']);
    expect(['で', 'いる', 'いた', 'こと'].map(japaneseLemma)).toEqual(['だ', '居る', '居る', '事']);
    expect(['食べた', '食べ始めた', '日本語'].map(japaneseLemma)).toEqual(['食べる', '食べ始める', '日本語']);
    // Passive, causative and て-いる after the stem are grammar, not the word: a saved phrase gets its verb.
    expect(['食べさせられた', '食べている', 'している', 'された'].map(japaneseLemma)).toEqual(['食べる', '食べる', '為る', '為る']);
    expect(japaneseLemma('「')).toBeNull();
  });

  it('reads the shipped table once; an unreadable one leaves kuromoji alone, and the settings name the table', () => {
    expect(japaneseTable()).toBe(japaneseTable());
    expect(readJapaneseTable('/nonexistent/ja.tsv.gz')).toBeNull();
    expect(autoSourceInfo('/nonexistent', 'ja')).toMatchObject({
      kind: 'kuromoji',
      name: expect.stringContaining('Running-text form table'),
      license: 'CC BY-SA 4.0; Apache-2.0',
      forms: japaneseTable()!.size,
    });
  });
});
