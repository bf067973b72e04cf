import { describe, expect, it } from 'vitest';
import { compoundsOf, joinLines, pageLines, toParagraphs, withComposedAccents, type PdfLine, type PdfPage } from './layout';

const line = (text: string): PdfLine => ({ text, x: 0, right: 100, y: 0, size: 10, page: 0 });

describe('joinLines', () => {
  const book = compoundsOf(['a well-known fact', 'the information desk', 'out-of-the-way places'].map(line));
  it('joins a word hyphenated at a line end', () => {
    expect(joinLines('more infor-', 'mation here', book)).toBe('more information here');
    expect(joinLines('an unfamil-', 'iar word', book)).toBe('an unfamiliar word');
    expect(joinLines('soft\u00ad', 'ly', book)).toBe('softly');
  });
  it('keeps the hyphen of a compound the book prints whole, or of a compound broken again', () => {
    expect(joinLines('it was well-', 'known', book)).toBe('it was well-known');
    expect(joinLines('an out-of-', 'the-way place', book)).toBe('an out-of-the-way place');
  });
  it('joins other lines with a space, and never joins a capitalised next line', () => {
    expect(joinLines('one line', 'and the next', book)).toBe('one line and the next');
    expect(joinLines('Austria-', 'Hungary', book)).toBe('Austria- Hungary');
  });
});

/** A page of body lines at 10 pt, 12 pt apart, with a header and a page number. */
function page(n: number, body: string[], header = 'A Running Header'): PdfPage {
  const items = body.map((str, i) => ({ str, x: str.startsWith('  ') ? 70 : 50, y: 700 - i * 12, width: 300, size: 10 }));
  return {
    width: 420,
    height: 800,
    items: [{ str: header, x: 150, y: 770, width: 100, size: 7 }, ...items, { str: String(n), x: 200, y: 20, width: 5, size: 7 }],
  };
}

describe('pageLines and toParagraphs', () => {
  it('drops a running header and page numbers, and joins lines into paragraphs by indent and across pages', () => {
    // Each page's text differs (a line repeated at the top of every page would be a running header).
    const pages = [1, 2, 3].map((n) =>
      page(n, [
        `  First line ${['one', 'two', 'three'][n - 1]} of a para-`,
        'graph goes on here and on',
        'and ends here.',
        '  Next paragraph runs to the',
        `page end ${['one', 'two', 'three'][n - 1]}`,
      ]),
    );
    const { lines, body } = pageLines(pages);
    expect(body).toBe(10);
    expect(lines.flat().map((l) => l.text)).not.toContain('A Running Header');
    expect(lines.flat().some((l) => /^\d+$/.test(l.text))).toBe(false);
    const paras = toParagraphs(lines, body).map((p) => p.text);
    expect(paras[0]).toBe('First line one of a paragraph goes on here and on and ends here.');
    expect(paras[1]).toBe('Next paragraph runs to the page end one');
    expect(paras).toHaveLength(6);
    // A paragraph running over a page break goes on (the next page's first line is not indented).
    const flowing = [
      page(1, ['  A paragraph that runs on', 'to the foot of the page and']),
      page(2, ['over to the next one.', '  Another.']),
      page(3, ['  Last one.']),
    ];
    const flowed = pageLines(flowing);
    expect(toParagraphs(flowed.lines, flowed.body).map((p) => p.text)).toEqual([
      'A paragraph that runs on to the foot of the page and over to the next one.',
      'Another.',
      'Last one.',
    ]);
  });

  it('reads two columns one after the other', () => {
    const left = Array.from({ length: 10 }, (_, i) => ({ str: `left${i} words`, x: 40, y: 700 - i * 12, width: 150, size: 10 }));
    const right = Array.from({ length: 10 }, (_, i) => ({ str: `right${i} words`, x: 230, y: 700 - i * 12, width: 150, size: 10 }));
    const { lines, body } = pageLines([{ width: 420, height: 800, items: [...right, ...left] }]);
    const text = toParagraphs(lines, body)
      .map((p) => p.text)
      .join(' ');
    expect(text.indexOf('left9')).toBeLessThan(text.indexOf('right0'));
    expect(text.indexOf('left0')).toBeLessThan(text.indexOf('left1'));
  });
});

describe('withComposedAccents', () => {
  it("makes TeX's accent-then-letter pairs (OT1 fonts) the accented letters", () => {
    expect(withComposedAccents('O`u est ma chatte?')).toBe('Où est ma chatte?');
    expect(withComposedAccents('caf\u00B4e, na\u00A8\u0131ve, \u02C6etre, pe\u02DCna, \u02C7cesk\u00B4y')).toBe('café, naïve, être, peña, český');
  });
  it('leaves a backtick before a consonant, a lone accent and a quote alone', () => {
    expect(withComposedAccents('run `ls` and \u00B4 then')).toBe('run `ls` and \u00B4 then');
    expect(withComposedAccents('it\'s "quoted"')).toBe('it\'s "quoted"');
  });
});
