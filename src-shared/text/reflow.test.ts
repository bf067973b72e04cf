import { describe, expect, it } from 'vitest';
import { joinWrappedLines, looksHardWrapped } from './reflow';

// Gutenberg style: Pride and Prejudice, chapter 1, wrapped at 70 characters.
const GUTENBERG = `It is a truth universally acknowledged, that a single man in possession
of a good fortune, must be in want of a wife.

However little known the feelings or views of such a man may be on his
first entering a neighbourhood, this truth is so well fixed in the minds
of the surrounding families, that he is considered the rightful property
of some one or other of their daughters.

"My dear Mr. Bennet," said his lady to him one day, "have you heard that
Netherfield Park is let at last?"

Mr. Bennet replied that he had not.

"But it is," returned she; "for Mrs. Long has just been here, and she
told me all about it."
`;

describe('hard-wrapped text', () => {
  it('detects Gutenberg-style wrapping (also with CRLF)', () => {
    expect(looksHardWrapped(GUTENBERG)).toBe(true);
    expect(looksHardWrapped(GUTENBERG.replace(/\n/g, '\r\n'))).toBe(true);
  });

  it('does not flag texts whose lines are paragraphs, short verse, or too few lines', () => {
    const unwrapped = joinWrappedLines(GUTENBERG);
    expect(looksHardWrapped(unwrapped)).toBe(false);
    expect(looksHardWrapped('Roses are red,\nViolets are blue,\nSugar is sweet,\nAnd so are you.\n\nRoses are red,\nViolets are blue,\nSugar is sweet.')).toBe(
      false,
    );
    expect(looksHardWrapped('A short line of text that is about sixty characters long.\nAnd another one.')).toBe(false);
    expect(looksHardWrapped('')).toBe(false);
  });

  it('joins single line breaks inside paragraphs with spaces; paragraphs stay apart', () => {
    const out = joinWrappedLines(GUTENBERG);
    const paragraphs = out.split('\n\n');
    expect(paragraphs).toHaveLength(5);
    expect(paragraphs[0]).toBe('It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.');
    expect(paragraphs[2]).toBe('"My dear Mr. Bennet," said his lady to him one day, "have you heard that Netherfield Park is let at last?"');
    expect(paragraphs[3]).toBe('Mr. Bennet replied that he had not.');
    expect(out).not.toMatch(/[^\n]\n[^\n]|\r| {2}/);
  });

  it('CRLF, indented lines and several blank lines between paragraphs', () => {
    expect(joinWrappedLines('  one\r\n  two\r\n\r\n\r\n\r\nthree\r\nfour  ')).toBe('one two\n\nthree four');
  });
});
