import { describe, expect, it } from 'vitest';
import { htmlToBlocks } from './html';

describe('EPUB ruby: the base text stays in the paragraph, the reading is kept aside', () => {
  it('keeps 漢字 in the text and かんじ as its reading (rp parentheses dropped)', () => {
    const b = htmlToBlocks('<p><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>を<ruby>読<rt>よ</rt></ruby>む。</p>');
    expect(b.paragraphs).toEqual(['漢字を読む。']);
    expect([...b.readings]).toEqual([
      ['漢字', 'かんじ'],
      ['読', 'よ'],
    ]);
  });
  it('per-character pairs also give the whole word; rb elements count as base text', () => {
    const b = htmlToBlocks('<p><ruby>東<rt>とう</rt>京<rt>きょう</rt></ruby>と<ruby><rb>大</rb><rt>おお</rt><rb>阪</rb><rt>さか</rt></ruby></p>');
    expect(b.paragraphs).toEqual(['東京と大阪']);
    expect(Object.fromEntries(b.readings)).toEqual({ 東: 'とう', 京: 'きょう', 東京: 'とうきょう', 大: 'おお', 阪: 'さか', 大阪: 'おおさか' });
  });
  it('the first reading of a base wins; ruby inside skipped markup is ignored', () => {
    const b = htmlToBlocks('<p><ruby>生<rt>せい</rt></ruby><ruby>生<rt>なま</rt></ruby></p><script><ruby>x<rt>y</rt></ruby></script>');
    expect(b.paragraphs).toEqual(['生生']);
    expect([...b.readings]).toEqual([['生', 'せい']]);
  });
});
