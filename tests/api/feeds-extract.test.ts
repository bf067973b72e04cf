// Article extraction paths (src-main/modules/feeds/extract.ts): Readability for ordinary pages, the one-pass
// density pick for pages over 400 KB, the picked section with filters (nested matches once), XPath, bad selectors.
import { describe, expect, it } from 'vitest';
import { extractArticleHtml, READABILITY_MAX_CHARS, sanitizeForPreview } from '../../src-main/modules/feeds/extract';
import { articlePage } from '../helpers/fake-site';

function bigPage(): string {
  const para = (i: number) => `<p>Paragraph ${i}: the council met on Monday, and residents asked about traffic, noise and cost.</p>`;
  const side = Array.from({ length: 4000 }, (_, i) => `<li><a href="/r/${i}">Related ${i}</a></li>`).join('');
  let body = '';
  for (let i = 0; body.length < READABILITY_MAX_CHARS; i++) body += para(i);
  return `<html><head><title>Big</title><meta property="og:title" content="Big story"></head><body><aside class="side"><ul>${side}</ul></aside><article id="a">${body}</article><script>evil()</script></body></html>`;
}

describe('extractArticleHtml', () => {
  it('picks the article of a page over 400 KB in one pass', () => {
    const a = extractArticleHtml(bigPage(), 'https://x/big');
    expect(a.title).toBe('Big story');
    expect(a.text.startsWith('Paragraph 0: the council met on Monday')).toBe(true);
    expect(a.text).not.toContain('Related 1');
    expect(a.text).not.toContain('evil');
  });
  it('a picked section: filters, nested matches once, XPath, invalid selectors', () => {
    const html = articlePage(5, '<div class="inner"><p>Inner paragraph.</p></div>');
    const a = extractArticleHtml(html, 'https://x/5', { selector: 'article, article .inner', filters: ['.ad', 'h1'] });
    expect(a.text.match(/Inner paragraph/g)).toHaveLength(1);
    expect(a.text).not.toContain('Buy cheap');
    expect(a.text.split('\n\n')[0]).toBe('The council met on Monday to discuss the new bridge across the river in article 5.');
    expect(extractArticleHtml(html, 'https://x/5', { selector: "//main//p[@class='lead']" }).text).toBe(
      'The council met on Monday to discuss the new bridge across the river in article 5.',
    );
    expect(() => extractArticleHtml(html, 'https://x/5', { selector: 'article[' })).toThrow(/Not a valid CSS selector/);
    expect(() => extractArticleHtml(html, 'https://x/5', { selector: '//div[contains(@class,"x")]' })).toThrow(/XPath is not supported/);
  });
  it('the preview copy keeps structure, ids and classes only', () => {
    const { html } = sanitizeForPreview(
      '<body><div id="m" class="c" style="background:url(http://x/)" onclick="x()"><a href="javascript:x()">link</a><img src="http://x/i.png"><form><input></form><p>t<!-- c --></p></div></body>',
    );
    expect(html).toBe('<div id="m" class="c"><a>link</a><p>t</p></div>');
  });
});
