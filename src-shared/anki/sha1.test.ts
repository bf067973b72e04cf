import { describe, expect, it } from 'vitest';
import { sha1First32, sha1Hex } from './sha1';

describe('sha1', () => {
  it('matches the standard test vectors', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
    expect(sha1Hex('a'.repeat(1000))).toBe('291e9a6c66994949b57ba5e650361e98fc36b1ba');
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    // sha1 of the UTF-8 bytes of "苹果"
    expect(sha1Hex('苹果')).toBe('b38d961e7096a459849c6e00e388581efca2f58b');
    expect(sha1Hex('é')).toBe('bf15be717ac1b080b4f1c456692825891ff5073d');
  });

  it('gives the checksums Anki stored in a real package (mujing Alphabet Word)', () => {
    expect(sha1First32('apple')).toBe(3502124484);
    expect(sha1First32('book')).toBe(3890648261);
    expect(sha1First32('cat')).toBe(2644024973);
  });
});
