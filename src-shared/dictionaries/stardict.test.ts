import { describe, expect, it } from 'vitest';
import { parseIfo, parseStarDict } from './stardict';

const enc = (s: string) => new TextEncoder().encode(s);
const ifoText = (extra: string) => enc(`StarDict's dict ifo file\nversion=2.4.2\nbookname=T\n${extra}`);

function idxOf(rows: [string, number, number][], bits: 32 | 64 = 32): Uint8Array {
  const parts: Buffer[] = [];
  for (const [w, off, size] of rows) {
    const tail = Buffer.alloc(bits / 8 + 4);
    if (bits === 64) tail.writeBigUInt64BE(BigInt(off));
    else tail.writeUInt32BE(off);
    tail.writeUInt32BE(size, bits / 8);
    parts.push(Buffer.from(w + '\0'), tail);
  }
  return Buffer.concat(parts);
}

describe('parseIfo', () => {
  it('reads a BOM, CRLF and a missing final newline', () => {
    const info = parseIfo(enc("\ufeffStarDict's dict ifo file\r\nversion=3.0.0\r\nwordcount=2\r\nidxoffsetbits=64\r\nsametypesequence=tm"));
    expect(info).toMatchObject({ version: '3.0.0', wordcount: 2, offsetBits: 64, sametypesequence: 'tm' });
  });
  it('refuses a wrong first line or a missing wordcount', () => {
    expect(() => parseIfo(enc('hello\nwordcount=1'))).toThrow(/first line must be/);
    expect(() => parseIfo(enc("StarDict's dict ifo file\nversion=2.4.2\n"))).toThrow(/has no wordcount/);
  });
});

describe('parseStarDict', () => {
  it('splits sametypesequence parts: reading from t, text from m', () => {
    const dict = enc('kaʊ\0a cow');
    const d = parseStarDict({ name: 'x', ifo: ifoText('wordcount=1\nsametypesequence=tm\n'), idx: idxOf([['cow', 0, dict.length]]), dict });
    expect(d.entries[0]).toMatchObject({ term: 'cow', reading: 'kaʊ', definition: 'a cow' });
  });
  it('reads per-entry type bytes, including sized upper-case parts it skips', () => {
    const pic = Buffer.concat([Buffer.from('P'), Buffer.from([0, 0, 0, 3]), Buffer.from([1, 2, 3])]);
    const dict = Buffer.concat([Buffer.from('hHi <b>there</b>\0'), pic, Buffer.from('mplain\0')]);
    const d = parseStarDict({ name: 'x', ifo: ifoText('wordcount=1\n'), idx: idxOf([['w', 0, dict.length]]), dict });
    expect(d.entries[0].definition).toBe('Hi <b>there</b>\nplain');
  });
  it('reads 64-bit offsets and synonyms', () => {
    const dict = enc('onetwo');
    const syn = Buffer.concat([
      Buffer.from('uno\0'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('dos\0'),
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('nada\0'),
      Buffer.from([0, 0, 0, 9]),
    ]);
    const d = parseStarDict({
      name: 'x',
      ifo: ifoText('wordcount=2\nidxoffsetbits=64\nsametypesequence=m\n'),
      idx: idxOf(
        [
          ['one', 0, 3],
          ['two', 3, 3],
        ],
        64,
      ),
      dict,
      syn,
    });
    expect(d.entries.map((e) => e.definition)).toEqual(['one', 'two']);
    expect(d.synonyms).toEqual([
      { term: 'uno', entryIndex: 0 },
      { term: 'dos', entryIndex: 1 },
    ]);
    expect(d.skippedSynonyms).toBe(1);
  });
  it('refuses a truncated .idx and offsets past the .dict', () => {
    const dict = enc('abc');
    const idx = idxOf([['a', 0, 3]]);
    expect(() => parseStarDict({ name: 'x', ifo: ifoText('wordcount=1\nsametypesequence=m\n'), idx: idx.subarray(0, idx.length - 1), dict })).toThrow(
      /x\.idx is truncated/,
    );
    expect(() => parseStarDict({ name: 'x', ifo: ifoText('wordcount=1\nsametypesequence=m\n'), idx: idxOf([['a', 1, 3]]), dict })).toThrow(
      /points past the end of the \.dict/,
    );
    expect(() => parseStarDict({ name: 'x', ifo: ifoText('wordcount=2\nsametypesequence=m\n'), idx, dict })).toThrow(/holds 1 entries, the \.ifo announces 2/);
  });
});
