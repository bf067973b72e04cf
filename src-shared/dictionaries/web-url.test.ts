import { describe, expect, it } from 'vitest';
import { dictionaryUrl, siteName } from './web-url';

describe('web dictionary URLs', () => {
  it('puts the word in place of ### or lwt_term, else appends it, dropping the popup star', () => {
    expect(dictionaryUrl('https://dict.example.org/es/###?x=1', 'año nuevo')).toBe('https://dict.example.org/es/a%C3%B1o%20nuevo?x=1');
    expect(dictionaryUrl('*https://x.org/q=lwt_term', 'gato')).toBe('https://x.org/q=gato');
    expect(dictionaryUrl('https://x.org/search?q=', 'gato')).toBe('https://x.org/search?q=gato');
  });

  it('names the site by its host without www.', () => {
    expect(siteName('https://www.wordreference.com/es/en/translation.asp?spen=###')).toBe('wordreference.com');
    expect(siteName('*http://127.0.0.1:8080/w/###')).toBe('127.0.0.1');
    expect(siteName('not a url')).toBe('not a url');
  });
});
