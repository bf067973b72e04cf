import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, renderInlineMarkdown, stripInlineMarkdown } from './inline';

describe('renderInlineMarkdown', () => {
  it('renders the four constructs', () => {
    expect(renderInlineMarkdown('**bold** and *it* and ~~gone~~')).toBe('<strong>bold</strong> and <em>it</em> and <del>gone</del>');
    expect(renderInlineMarkdown('[Duden](https://www.duden.de/x?a=1&b=2)')).toBe(
      '<a href="https://www.duden.de/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Duden</a>',
    );
    expect(renderInlineMarkdown('mail [me](mailto:a@b.c)')).toContain('href="mailto:a@b.c"');
  });

  it('nests emphasis and formats link text', () => {
    expect(renderInlineMarkdown('**very *much***')).toBe('<strong>very <em>much</em></strong>');
    expect(renderInlineMarkdown('[**x**](https://a.b)')).toBe('<a href="https://a.b" target="_blank" rel="noopener noreferrer"><strong>x</strong></a>');
  });

  it('escapes HTML before parsing', () => {
    expect(renderInlineMarkdown('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderInlineMarkdown('**<img src=x onerror=alert(1)>**')).toBe('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
    expect(renderInlineMarkdown('a & b "q" \'s\'')).toBe('a &amp; b &quot;q&quot; &#39;s&#39;');
  });

  it('blocks javascript:, data:, vbscript: and relative links, keeping the text', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:x',
      'data:text/html,<b>',
      'vbscript:msgbox',
      '/local',
      '//evil.com',
      'file:///etc/passwd',
      'https:/\\evil',
    ]) {
      const html = renderInlineMarkdown(`[click](${url})`);
      expect(html, url).not.toContain('<a');
      expect(html, url).toContain('click');
    }
  });

  it('cannot break out of the href attribute', () => {
    const html = renderInlineMarkdown('[x](https://a.b/"onmouseover="alert(1))');
    expect(html).not.toMatch(/<a [^>]*onmouseover/);
    const html2 = renderInlineMarkdown('[x](https://a.b/**y) and **z**');
    expect(html2).toContain('href="https://a.b/**y"');
    expect(html2).toContain('<strong>z</strong>');
  });

  it('does not accept forged placeholders', () => {
    expect(renderInlineMarkdown('\ue0000\ue000 [a](https://a.b)')).toBe('0 <a href="https://a.b" target="_blank" rel="noopener noreferrer">a</a>');
  });

  it('leaves unmatched markers and lone asterisks alone', () => {
    expect(renderInlineMarkdown('2 * 3 * 4')).toBe('2 * 3 * 4');
    expect(renderInlineMarkdown('**open')).toBe('**open');
    expect(renderInlineMarkdown('[text](no url)')).toBe('[text](no url)');
  });

  it('turns line breaks into <br>', () => {
    expect(renderInlineMarkdown('a\r\nb\nc')).toBe('a<br>b<br>c');
  });
});

describe('helpers', () => {
  it('isSafeLinkUrl', () => {
    expect(isSafeLinkUrl('https://x.y')).toBe(true);
    expect(isSafeLinkUrl('http://x.y')).toBe(true);
    expect(isSafeLinkUrl('javascript:1')).toBe(false);
  });
  it('stripInlineMarkdown', () => expect(stripInlineMarkdown('**a** *b* ~~c~~ [d](https://e)')).toBe('a b c d'));
});

describe('well-formed output', () => {
  const wellFormed = (html: string) => {
    const stack: string[] = [];
    for (const m of html.matchAll(/<(\/?)(strong|em|del|a)\b[^>]*>/g)) {
      if (!m[1]) stack.push(m[2]);
      else if (stack.pop() !== m[2]) return false;
    }
    return stack.length === 0;
  };
  it.each(['***both***', '*a **b** c*', '*a **b* c**', '~~a *b~~ c*', '**a ~~b** c~~', '[*x](https://a.b) y*', '****', '*** ***'])('%s', (input) => {
    const html = renderInlineMarkdown(input);
    expect(wellFormed(html), html).toBe(true);
  });
  it('renders triple markers as bold italic', () => expect(renderInlineMarkdown('***both***')).toBe('<strong><em>both</em></strong>'));
});
