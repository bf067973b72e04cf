import { describe, expect, it } from 'vitest';
import { definitionToPlainText, looksLikeHtml } from './html';

describe('definition HTML helpers', () => {
  it('tells markup from text', () => {
    expect(looksLikeHtml('<i>x</i>')).toBe(true);
    expect(looksLikeHtml('<k>XDXF</k>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
  });
  it('turns HTML into copyable text', () => {
    expect(definitionToPlainText('<div><font color="green">noun</font></div><ol><li>circle</li><li>zero &amp; nought</li></ol><script>x()</script>')).toBe(
      'noun\n• circle\n• zero & nought',
    );
    expect(definitionToPlainText('<ruby>漢<rt>かん</rt></ruby>字')).toBe('漢字');
    expect(definitionToPlainText('  plain text  ')).toBe('plain text');
  });
});
