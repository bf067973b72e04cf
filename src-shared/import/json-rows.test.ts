import { describe, expect, it } from 'vitest';
import { looksLikeJson, parseJsonRows } from './json-rows';
import { guessRolesFromHeader, mapTermRows } from './term-rows';

const fields = (text: string) => parseJsonRows(text).map((r) => r.fields);

describe('vocabulary import from JSON', () => {
  it('reads a list of objects with a header of their keys, lists as "; " (tags as ", ")', () => {
    const rows = fields(
      JSON.stringify([
        { term: 'Hund', translation: 'dog', tags: ['animal', 'noun'] },
        { term: 'Katze', translation: ['cat', 'puss'], status: 2 },
      ]),
    );
    expect(rows).toEqual([
      ['term', 'translation', 'tags', 'status'],
      ['Hund', 'dog', 'animal, noun', ''],
      ['Katze', 'cat; puss', '', '2'],
    ]);
    expect(guessRolesFromHeader(rows[0])).toEqual(['term', 'translation', 'tags', 'status']);
  });

  it('reads [term, translation] pairs and an object of term → translation (metadata keys left out)', () => {
    expect(fields('[["Hund", "dog"], ["Katze", "cat"]]')).toEqual([
      ['Hund', 'dog'],
      ['Katze', 'cat'],
    ]);
    expect(fields('{"##name": "My words", "Hund": "dog", "Haus": "<b>house</b>"}')).toEqual([
      ['term', 'translation'],
      ['Hund', 'dog'],
      ['Haus', '<b>house</b>'],
    ]);
  });

  it('maps through the same rules as CSV: HTML in definitions becomes text', () => {
    const rows = parseJsonRows(JSON.stringify([{ word: 'Haus', definition: '<ol><li>house</li><li>home</li></ol>' }]));
    const mapped = mapTermRows(rows, guessRolesFromHeader(rows[0].fields)!, { hasHeader: true });
    expect(mapped.rows).toEqual([expect.objectContaining({ WoText: 'Haus', WoTranslation: 'house; home' })]);
  });

  it('refuses what is not vocabulary, in plain words', () => {
    expect(() => parseJsonRows('{"a": ')).toThrow(/not valid JSON/);
    expect(() => parseJsonRows('[1, 2, 3]')).toThrow(/list of plain values/);
    expect(() => parseJsonRows('"hello"')).toThrow(/holds no vocabulary/);
    expect(() => parseJsonRows('[]')).toThrow(/holds no terms/);
  });

  it('is recognised by file name, or by its brackets when pasted', () => {
    expect(looksLikeJson('words.json', '')).toBe(true);
    expect(looksLikeJson('words.csv', '[1]')).toBe(false);
    expect(looksLikeJson(undefined, ' [{"term": "a"}]\n')).toBe(true);
    expect(looksLikeJson(undefined, 'term,translation\n[x],y')).toBe(false);
  });
});
