import { describe, expect, it } from 'vitest';
import { decodeEntities, escapeHtml } from './entities';

describe('escapeHtml', () => {
  it('escapes the five specials, for text and attributes in either quote', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('escapes a tag with an attribute', () => expect(escapeHtml('<a href="x">')).toBe('&lt;a href=&quot;x&quot;&gt;'));

  it('leaves text without a special as it is', () => {
    const text = 'plain text, no specials: 日本語';
    expect(escapeHtml(text)).toBe(text);
  });

  it('can leave apostrophes as they are', () => {
    expect(escapeHtml(`it's <b> & "q"`, { apostrophes: false })).toBe("it's &lt;b&gt; &amp; &quot;q&quot;");
  });

  it('is undone by decodeEntities, whatever the text', () => {
    for (const text of ['a < b & c > "d" \'e\'', '&amp; literal', '&amp', '&#0;', '&lt', 'x&y;z']) {
      expect(decodeEntities(escapeHtml(text))).toBe(text);
    }
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;&gt;&quot;&#39;&#x263A;&hellip;&bogus;&#0;')).toBe('<>"\'☺…&bogus;&#0;');
  });

  it('knows the whole HTML5 table, not a chosen few', () => {
    expect(decodeEntities('&apos;&nbsp;&eacute;&Omega;&rarr;&NotEqualTilde;&lrm;')).toBe("'\u00a0éΩ→≂̸\u200e");
  });

  it('takes a name in lower case when it is not known as written', () => {
    expect(decodeEntities('&NBSP;&AMP;&Eacute;&EACUTE;')).toBe('\u00a0&Éé');
  });

  it('reads hex in either case', () => {
    expect(decodeEntities('&#X41;&#x6a;&#x6A;&#65;')).toBe('AjjA');
  });

  it('leaves a reference that names no character as written', () => {
    for (const ref of ['&#0;', '&#xD800;', '&#xDFFF;', '&#x110000;', '&#99999999999999999999;', '&#x;', '&#;']) {
      expect(decodeEntities(ref)).toBe(ref);
    }
  });

  it('needs the semicolon', () => {
    expect(decodeEntities('&amp &lt &#65 &not')).toBe('&amp &lt &#65 &not');
  });

  it('decodes once: an escaped reference comes out as the reference', () => {
    expect(decodeEntities('&amp;lt; &amp;#65;')).toBe('&lt; &#65;');
  });

  it('returns text without an ampersand as it is', () => {
    expect(decodeEntities('plain <b>text</b>')).toBe('plain <b>text</b>');
  });
});
