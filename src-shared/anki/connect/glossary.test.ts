import { describe, expect, it } from 'vitest';
import { glossaryLines, glossaryText } from './glossary';

describe('glossary HTML → plain lines', () => {
  it("reads Yomitan's structured-content glossary (ul/li of definitions with tag spans)", () => {
    const html =
      '<div style="text-align: left;" class="yomitan-glossary"><ol><li data-dictionary="JMdict"><i>(v1, vt, JMdict)</i> ' +
      '<span>to eat</span></li><li><ul data-sc-content="glossary"><li>to live on (e.g. a salary)</li><li>to live off</li></ul></li></ol></div>';
    expect(glossaryLines(html)).toEqual(['(v1, vt, JMdict) to eat', 'to live on (e.g. a salary)', 'to live off']);
  });

  it('keeps ruby base text, drops readings, scripts, images and attributes; decodes entities', () => {
    expect(glossaryLines('<ruby>食<rt>た</rt></ruby>べる &amp; more<br>next<script>alert(1)</script><img src="x" onerror="y">')).toEqual([
      '食べる & more',
      'next',
    ]);
    expect(glossaryLines('<a href="javascript:x">link</a><style>p{}</style>')).toEqual(['link']);
  });

  it('drops empty and repeated lines; plain text stays one line', () => {
    expect(glossaryLines('<div></div><div>a</div><div>a</div>  ')).toEqual(['a']);
    expect(glossaryLines('just text')).toEqual(['just text']);
    expect(glossaryLines(' one \n\n one\ntwo  words\none')).toEqual(['one', 'two words', 'one']);
  });

  it('joins lines up to a cap on a line boundary', () => {
    expect(glossaryText('<li>one</li><li>two</li><li>three</li>', 8)).toBe('one\ntwo');
    expect(glossaryText('<li>abcdefghij</li>', 4)).toBe('abcd');
  });
});
