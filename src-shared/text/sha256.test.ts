// Runs in: any process (vitest). Tests for sha256.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, wordHex } from './sha256';

describe('sha256Hex', () => {
  it('agrees with node:crypto on ASCII, Unicode and block-boundary lengths', () => {
    const inputs = ['', 'abc', 'straße', '北風と太陽', 'مرحبا', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(1000)];
    for (const s of inputs) expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });

  it('data_hex lowercases first and is lowercase hex', () => {
    expect(wordHex('Hund')).toBe(wordHex('hund'));
    expect(wordHex('Hund')).toMatch(/^[0-9a-f]{64}$/);
  });
});
