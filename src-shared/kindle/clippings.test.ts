import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { highlightWord, looksLikeClippings, parseClippings } from './clippings';

const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/kindle/My Clippings.txt'), 'utf8');

describe("Kindle's My Clippings.txt", () => {
  it('groups highlights by book (English, German, Spanish and French Kindle interfaces), notes and bookmarks left out', () => {
    expect(looksLikeClippings(FIXTURE)).toBe(true);
    const books = parseClippings(FIXTURE);
    expect(books.map((b) => [b.title, b.author])).toEqual([
      ["Alice's Adventures in Wonderland", 'Lewis Carroll'],
      ['Die Verwandlung', 'Franz Kafka'],
      ['Niebla', 'Miguel de Unamuno'],
      ['Le Petit Prince', 'Antoine de Saint-Exupéry'],
    ]);
    const [alice, kafka, niebla, prince] = books;
    // The highlight made longer replaces the shorter one; the note ("look this up") is not a passage.
    expect(alice.passages).toEqual([
      'Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do.',
      '"Who in the world am I?" Ah, that\'s the great puzzle!',
    ]);
    expect(alice.words).toEqual(['curiouser']);
    expect(kafka.words).toEqual(['Ungeziefer']);
    expect(kafka.passages.join(' ')).not.toContain('vermin');
    expect(niebla.words).toEqual(['paraguas']);
    expect(prince.passages).toHaveLength(1);
  });

  it('reads LF files, files without a BOM, a BOM before every entry, and authors with parentheses missing', () => {
    const lf = FIXTURE.replace(/\r\n/g, '\n').replace(/^\uFEFF/, '');
    expect(parseClippings(lf)).toEqual(parseClippings(FIXTURE));
    const bomEach = FIXTURE.replace(/==========\r\n/g, '==========\r\n\uFEFF');
    expect(parseClippings(bomEach)).toEqual(parseClippings(FIXTURE));
    const noAuthor = 'Notes\n- Your Highlight on Location 10-11 | Added on Friday, 7 March 2025 09:00:00\n\nA passage of a document.\n==========\n';
    expect(parseClippings(noAuthor)).toEqual([{ title: 'Notes', author: '', passages: ['A passage of a document.'], words: [] }]);
  });

  it('tells a one-word highlight from a phrase, in spaced and unspaced scripts', () => {
    expect(highlightWord('“curiouser,”')).toBe('curiouser');
    expect(highlightWord('well-known')).toBe('well-known');
    expect(highlightWord('two words')).toBeNull();
    expect(highlightWord('1865')).toBeNull();
    expect(highlightWord('勉強')).toBe('勉強');
    expect(highlightWord('吾輩は猫である。名前はまだ無い')).toBeNull();
  });

  it('is not fooled by a term list or a plain text', () => {
    expect(looksLikeClippings('term\ttranslation\nHund\tdog\n')).toBe(false);
    expect(looksLikeClippings('A title\nSome text\n==========\n')).toBe(false);
  });
});
