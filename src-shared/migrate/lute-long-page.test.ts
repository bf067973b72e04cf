// Runs in: any process (vitest). Issue 43: moving in from Lute cut a page longer than Lectio's text limit at 5 M
// characters without a word. Such a page becomes several pages of its book, cut at paragraph breaks as LWT's long
// texts are, nothing lost; the book's numbering and current page follow, and the report says so.
import { describe, expect, it } from 'vitest';
import { TEXT_MAX_CHARS } from '../contract/texts';
import { messageText } from '../contract/messages';
import { mapLute, type LuteRows } from './lute';

const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20).trim();

describe('a long page moved in from Lute', () => {
  it('is split into pages under the limit, in order, with nothing lost, and the report says so', () => {
    const long = Array.from({ length: Math.ceil(6_500_000 / (paragraph.length + 1)) }, () => paragraph).join('¶');
    expect(long.length).toBeGreaterThan(6_500_000);
    const rows: LuteRows = {
      languages: [{ LgID: 1, LgName: 'English', LgParserType: 'spacedel' }],
      languagedicts: [],
      words: [],
      wordparents: [],
      tags: [],
      wordtags: [],
      books: [{ BkID: 1, BkLgID: 1, BkTitle: 'Big book', BkSourceURI: '', BkArchived: 0, BkCurrentTxID: 12 }],
      texts: [
        { TxID: 11, TxBkID: 1, TxOrder: 1, TxText: long },
        { TxID: 12, TxBkID: 1, TxOrder: 2, TxText: 'The last page.' },
      ],
      tags2: [],
      booktags: [],
    };
    const plan = mapLute(rows);
    expect(plan.texts.map((t) => t.TxTitle)).toEqual(['Big book (1/3)', 'Big book (2/3)', 'Big book (3/3)']);
    expect(plan.texts.map((t) => t.book && [t.book.page, t.book.pages, t.book.current])).toEqual([
      [1, 3, false],
      [2, 3, false],
      [3, 3, true],
    ]);
    for (const t of plan.texts) expect(t.TxText.length).toBeLessThanOrEqual(TEXT_MAX_CHARS);
    // Cut at a paragraph break (¶ is Lute's), nothing lost.
    expect(plan.texts[0].TxText.endsWith(paragraph)).toBe(true);
    expect(plan.texts[0].TxText.length + plan.texts[1].TxText.length + 1).toBe(long.length);
    expect(plan.texts[2].TxText).toBe('The last page.');
    expect(plan.notes.map((n) => messageText(n))).toContain(
      `1 Lute pages were longer than ${TEXT_MAX_CHARS} characters; each is moved in as several pages of its book`,
    );
  });
});
