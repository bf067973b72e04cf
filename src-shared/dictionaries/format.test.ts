import { describe, expect, it } from 'vitest';
import { detectUploadFormat } from './format';

describe('detectUploadFormat', () => {
  it.each([
    ['words.CSV', 'csv'],
    ['a.tsv', 'tsv'],
    ['x.json', 'json'],
    ['d.zip', 'zip'],
    ['d.tar.gz', 'tar.gz'],
    ['d.tgz', 'tar.gz'],
    ['d.tar.bz2', 'tar.bz2'],
    ['d.tar.xz', 'tar.xz'],
  ])('%s → %s', (name, format) => expect(detectUploadFormat(name)).toBe(format));

  it('refuses a bare .ifo with the archive hint', () =>
    expect(() => detectUploadFormat('dict.ifo')).toThrow(/^Invalid file format: a \.ifo file .*Upload an archive/));
  it('refuses other bundle parts with a hint', () => expect(() => detectUploadFormat('dict.dict.dz')).toThrow(/one part of a StarDict dictionary/));
  it('refuses anything else as Invalid file format', () => expect(() => detectUploadFormat('notes.pdf')).toThrow(/^Invalid file format\./));
});
