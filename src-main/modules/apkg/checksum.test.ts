import { describe, expect, it } from 'vitest';
import { sha1First32 } from '../../../src-shared/anki/sha1';
import { nodeSha1First32 } from './checksum';

describe('nodeSha1First32', () => {
  it('gives the checksums Anki stored in a real package', () => {
    expect(nodeSha1First32('apple')).toBe(3502124484);
    expect(nodeSha1First32('Elderberry ')).toBe(1990447721);
  });

  it('agrees with the pure-JS sha1First32 src-shared uses', () => {
    const texts = [
      '',
      'a',
      'wort1a',
      'Elderberry ',
      '苹果',
      'é',
      'naïve café',
      '😀 emoji',
      'a'.repeat(55),
      'b'.repeat(56),
      'c'.repeat(64),
      'x'.repeat(1000),
      'line\nbreak\ttab\x1fsep',
      'lone \ud800 surrogate',
      ...Array.from({ length: 200 }, (_, i) => `${String.fromCodePoint(0x20 + ((i * 7919) % 0x2fff))}term ${i}`),
    ];
    for (const text of texts) expect(nodeSha1First32(text), JSON.stringify(text)).toBe(sha1First32(text));
  });
});
