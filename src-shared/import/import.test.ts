import { describe, expect, it } from 'vitest';
import { decodeImportText, detectWideEncoding, ImportFormatError } from './decode';
import { formatDelimited, guessDelimiter, parseDelimited } from './delimited';
import { guessRolesFromHeader, mapTermRows, parseStatusCell, splitTagList, validateRoles } from './term-rows';
import { lookupLemma, parseLemmaTsv, toLemmaTsv } from './lemma-tsv';
import { messageText } from '../contract/messages';

const utf8 = (s: string) => new TextEncoder().encode(s);
const utf16le = (s: string, bom = true) => {
  const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
  if (bom) out.set([0xff, 0xfe]);
  for (let i = 0; i < s.length; i++) out[(bom ? 2 : 0) + i * 2] = s.charCodeAt(i);
  return out;
};

describe('decodeImportText', () => {
  it('strips a UTF-8 BOM and normalises line endings', () => {
    expect(decodeImportText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('a\tb\r\nc\rd\n')]))).toBe('a\tb\nc\nd\n');
  });
  it('refuses UTF-16 and UTF-32 with a request for UTF-8', () => {
    expect(() => decodeImportText(utf16le('Haus\thouse\n'))).toThrow(/UTF-16.*UTF-8/);
    expect(() => decodeImportText(utf16le('Haus\thouse\nBaum\ttree\n', false))).toThrow(ImportFormatError);
    expect(() => decodeImportText(new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toThrow(/UTF-32/);
    expect(() => decodeImportText(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41]))).toThrow(/UTF-32/);
    expect(detectWideEncoding(utf8('plain text'))).toBeNull();
  });
  it('refuses bytes that are not UTF-8', () => {
    expect(() => decodeImportText(new Uint8Array([0x48, 0xe4, 0x75, 0x73]))).toThrow(/not valid UTF-8/);
  });
});

describe('parseDelimited', () => {
  it('handles quotes, doubled quotes, delimiters and line breaks inside quotes', () => {
    const rows = parseDelimited('a,"b,c","say ""hi"""\n"multi\nline",x\n\nlast,', ',');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b,c', 'say "hi"'] },
      { line: 2, fields: ['multi\nline', 'x'] },
      { line: 5, fields: ['last', ''] },
    ]);
  });
  it('skips comments when asked, and stops at maxRows', () => {
    expect(parseDelimited('# c\na\tb\nc\td', '\t', { skipComments: true }).map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseDelimited('a\nb\nc', ',', { maxRows: 2 })).toHaveLength(2);
  });
  it('keeps an unclosed quote rather than losing text', () => {
    expect(parseDelimited('"abc,def', ',')[0].fields).toEqual(['abc,def']);
  });
  it('round-trips through formatDelimited', () => {
    const data = [
      ['term', 'translation'],
      ['a "b"', 'x,y'],
      ['line\nbreak', 'tab\there'],
    ];
    for (const d of [',', '\t'] as const) expect(parseDelimited(formatDelimited(data, d), d).map((r) => r.fields)).toEqual(data);
  });
  it('guesses the delimiter', () => {
    expect(guessDelimiter('a\tb\nc\td')).toBe('\t');
    expect(guessDelimiter('a,b\nc,d')).toBe(',');
    expect(guessDelimiter('a;b;c\nd;e;f')).toBe(';');
    expect(guessDelimiter('single')).toBe(',');
  });
});

describe('mapTermRows', () => {
  const parse = (t: string) => parseDelimited(t, ',');
  it('maps columns by role, splits tags and parses statuses', () => {
    const { rows, errors } = mapTermRows(parse('Haus,house,,"a,b",3,haus\nBaum,tree,x,,,'), ['term', 'translation', 'skip', 'tags', 'status', 'lemma'], {
      hasHeader: false,
    });
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ WoText: 'Haus', WoTranslation: 'house', tags: ['a', 'b'], WoStatus: 3, WoLemma: 'haus' });
    expect(rows[1]).toMatchObject({ WoText: 'Baum', tags: [] });
    expect(rows[1].WoStatus).toBeUndefined();
    expect(rows[1].WoLemma).toBeUndefined();
  });
  it('reports every bad row with its line', () => {
    const { rows, errors } = mapTermRows(parse('term,status,tags\nok,1,\n,2,\nbad,7,\nlongtag,1,abcdefghijklmnopqrstu'), ['term', 'status', 'tags'], {
      hasHeader: true,
    });
    expect(rows.map((r) => r.WoText)).toEqual(['ok']);
    expect(errors).toEqual([
      { line: 3, message: 'the term column is empty', code: 'import.termColumnEmpty' },
      { line: 4, message: '"7" is not a status (use 1-5, 98 or 99)', code: 'import.badStatus', params: { status: '7' } },
      {
        line: 5,
        message: 'tag "abcdefghijklmnopqrstu" is longer than 20 characters',
        code: 'import.tagTooLong',
        params: { tag: 'abcdefghijklmnopqrstu', max: 20 },
      },
    ]);
  });
  it('validates roles and guesses them from a header', () => {
    expect(messageText(validateRoles(['translation'])!)).toMatch(/term/);
    expect(messageText(validateRoles(['term', 'lemma', 'lemma'])!)).toBe('Only one column can hold the lemma.');
    expect(validateRoles(['term', 'skip'])).toBeNull();
    expect(guessRolesFromHeader(['Word', 'Meaning', 'Tags', 'other'])).toEqual(['term', 'translation', 'tags', 'skip']);
    expect(guessRolesFromHeader(['Haus', 'house'])).toBeNull();
  });
  it('status cells and tag lists', () => {
    expect(parseStatusCell('Ignored')).toBe(98);
    expect(parseStatusCell(' 99 ')).toBe(99);
    expect(parseStatusCell('0')).toBeNull();
    expect(splitTagList(['a,b', ' c ', 'a', ',,'])).toEqual(['a', 'b', 'c']);
    expect(splitTagList('x, y')).toEqual(['x', 'y']);
  });
});

describe('lemma TSV', () => {
  it('reads form→lemma pairs, skipping comments, blanks and malformed lines; lemmas map to themselves', () => {
    const dict = parseLemmaTsv('\ufeff# comment\r\nwent\tgo\r\n\r\nGoes\tgo\nran\trun\nbroken line\nwent\twend\n');
    expect(lookupLemma(dict, 'went')).toBe('go');
    expect(lookupLemma(dict, 'goes')).toBe('go');
    expect(lookupLemma(dict, 'GO')).toBe('go');
    expect(lookupLemma(dict, 'run')).toBe('run');
    expect(lookupLemma(dict, 'broken line')).toBeNull();
    expect(lookupLemma(dict, '# comment')).toBeNull();
  });
  it('writes our form-first format, dropping duplicates and empties', () => {
    const { text, pairs } = toLemmaTsv(
      [
        ['went', 'go'],
        ['went', 'go'],
        ['', 'x'],
        ['a\tb', 'c'],
      ],
      'from test',
    );
    expect(pairs).toBe(2);
    expect(text).toBe('# from test\nwent\tgo\na b\tc\n');
    expect(lookupLemma(parseLemmaTsv(text), 'A B')).toBe('c');
  });
});

describe('pyglossary metadata rows and HTML fields', () => {
  it('drops leading #-rows only', async () => {
    const { dropLeadingMetadataRows } = await import('./term-rows');
    const rows = parseDelimited('"#name","x"\n"#copyright","multi\nline"\na,b\n#tag,c\n', ',');
    expect(dropLeadingMetadataRows(rows).map((r) => r.fields[0])).toEqual(['a', '#tag']);
  });
  it('turns HTML into text: blocks → lines, lists → "; ", entities decoded', async () => {
    const { importHtmlToText } = await import('./html-text');
    expect(importHtmlToText('<div><b>noun</b></div><ol><li><div>O-back</div></li><li>skirt &amp; more</li></ol>')).toBe('noun\nO-back; skirt & more');
    expect(importHtmlToText('a<br>b')).toBe('a\nb');
    expect(importHtmlToText('x < y and 3 > 2')).toBe('x < y and 3 > 2');
    const { rows } = mapTermRows(parseDelimited('t,"<p>a</p><p>b</p>"', ','), ['term', 'translation'], { hasHeader: false });
    expect(rows[0].WoTranslation).toBe('a\nb');
  });
});
