import { describe, expect, it } from 'vitest';
import { decodeUtf8Text, detectWideEncoding, normalizeLineEndings } from './encoding';

const utf16le = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le'));

describe('detectWideEncoding', () => {
  it('names UTF-16/32 by BOM', () => {
    expect(detectWideEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toBe('UTF-16LE');
    expect(detectWideEncoding(new Uint8Array([0xfe, 0xff, 0, 0x41]))).toBe('UTF-16BE');
    expect(detectWideEncoding(new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toBe('UTF-32LE');
    expect(detectWideEncoding(new Uint8Array([0, 0, 0xfe, 0xff]))).toBe('UTF-32BE');
  });
  it('names UTF-16 without a BOM by its NUL pattern', () => {
    expect(detectWideEncoding(utf16le('word,definition\nHaus,house\n'))).toBe('UTF-16LE');
    expect(detectWideEncoding(Buffer.from(utf16le('word,definition\n')).swap16())).toBe('UTF-16BE');
  });
  it('leaves UTF-8 alone and refuses NUL-heavy binary', () => {
    expect(detectWideEncoding(new TextEncoder().encode('Straße,street\n犬,dog'))).toBeNull();
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0, 0x5c, 0x72, 0xa8,
    ]);
    expect(detectWideEncoding(png)).toBe('binary');
  });
});

describe('decodeUtf8Text', () => {
  it('strips a UTF-8 BOM', () => expect(decodeUtf8Text(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'x')).toBe('a'));
  it('refuses UTF-16 asking for UTF-8', () =>
    expect(() => decodeUtf8Text(utf16le('\ufeffa,b'), 'This CSV file')).toThrow('This CSV file is encoded as UTF-16LE; save it as UTF-8 and upload it again'));
  it('normalises CRLF and CR', () => expect(normalizeLineEndings('a\r\nb\rc\n')).toBe('a\nb\nc\n'));
});
