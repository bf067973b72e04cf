import { describe, expect, it } from 'vitest';
import { coverageCsv } from './csv';

describe('coverageCsv', () => {
  it('one row per word in learning order; commas, quotes and line breaks quoted', () => {
    const csv = coverageCsv([
      { word: 'dog', count: 6, translation: 'perro, can', sentence: '{Dog} said "hi".' },
      { word: 'sun', count: 3, translation: '', sentence: 'line\nbreak' },
    ]);
    expect(csv).toBe('rank,word,count,translation,sentence\r\n1,dog,6,"perro, can","{Dog} said ""hi""."\r\n2,sun,3,,"line\nbreak"\r\n');
  });
});
