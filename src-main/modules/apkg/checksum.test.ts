import { describe, expect, it } from 'vitest';
import { nodeSha1First32 } from './checksum';

describe('nodeSha1First32', () => {
  it('gives the checksums Anki stored in a real package', () => {
    expect(nodeSha1First32('apple')).toBe(3502124484);
    expect(nodeSha1First32('Elderberry ')).toBe(1990447721);
  });
});
