// Runs in: any process. Offset maps of tracked rewrites: every kept character maps back to where it was.
import { describe, expect, it } from 'vitest';
import { OffsetChain, replaceTracked } from './offsets';

describe('replaceTracked', () => {
  it('returns the same text and no map when nothing changes', () => {
    expect(replaceTracked('abc', /x/g, () => 'y')).toEqual({ text: 'abc', map: null });
  });

  it('maps positions before, after and inside replacements back to the source', () => {
    const src = 'a...b..c';
    const { text, map } = replaceTracked(src, /\.{3}|\.{2}/g, (m) => (m.length === 3 ? '…' : '‥'));
    expect(text).toBe('a…b‥c');
    expect([0, 1, 2, 3, 4, 5].map((p) => map!.toSource(p))).toEqual([0, 1, 4, 5, 7, 8]);
    // Every kept character maps to itself in the source.
    for (const p of [0, 2, 4]) expect(src[map!.toSource(p)]).toBe(text[p]);
  });

  it('handles deletions (empty replacements)', () => {
    const { text, map } = replaceTracked('a  b c', /[^\S\n]+/g, () => '');
    expect(text).toBe('abc');
    expect([0, 1, 2, 3].map((p) => map!.toSource(p))).toEqual([0, 3, 5, 6]);
  });
});

describe('OffsetChain', () => {
  it('composes rewrites and the leading trim', () => {
    const raw = '  x\r\ny...z';
    const chain = new OffsetChain();
    const a = replaceTracked(raw, /\r\n?/g, () => '\n');
    chain.add(a.map);
    const b = replaceTracked(a.text, /\.\.\./g, () => '…');
    chain.add(b.map);
    const trimmed = b.text.trim();
    chain.lead = b.text.length - b.text.trimStart().length;
    expect(trimmed).toBe('x\ny…z');
    expect([...trimmed].map((_, p) => chain.toSource(p))).toEqual([2, 3, 5, 6, 9]);
  });
});
