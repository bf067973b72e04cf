// Runs in: any process (vitest). Tests for normalize.ts.
import { describe, expect, it } from 'vitest';
import { applySubstitutions, normalizeLineEndings, stripBom } from './normalize';
import { readTextHeader } from './txt-header';

describe('normalise', () => {
  it('CRLF, CR and LF all become LF', () => {
    expect(normalizeLineEndings('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
  it('strips a BOM', () => {
    expect(stripBom('\ufeffHallo')).toBe('Hallo');
  });
  it('substitutions: longer sources win, order of the list does not matter', () => {
    expect(applySubstitutions('a..b...c’d', "..=‥|...=…|’='")).toBe("a‥b…c'd");
    expect(applySubstitutions('abc', '')).toBe('abc');
  });
});

describe('txt header', () => {
  it('takes the title from "# title:" lines and drops the header', () => {
    expect(readTextHeader('# title: Die Bremer\r\n# language: German\r\n#\r\nEs war einmal')).toEqual({ title: 'Die Bremer', body: 'Es war einmal' });
  });
  it('keeps a markdown-like heading as text', () => {
    expect(readTextHeader('# Chapter\nText')).toEqual({ title: null, body: '# Chapter\nText' });
  });
});
