import { describe, expect, it } from 'vitest';
import { likePattern, parseAnkiQuery, rootDeck, SearchSyntaxError, tokenizeQuery, wildcardMatches } from './search';

describe('Anki search subset', () => {
  it('splits on whitespace and groups quotes', () => {
    expect(tokenizeQuery('"deck:My Deck" "Expression:食べる" nid:1,2')).toEqual(['deck:My Deck', 'Expression:食べる', 'nid:1,2']);
    expect(tokenizeQuery('deck:"A B"  word')).toEqual(['deck:A B', 'word']);
    expect(() => tokenizeQuery('"open')).toThrow(SearchSyntaxError);
  });

  it("reads Yomitan's duplicate lookup: deck and first field, quoted (Yomitan anki-connect.js findNoteIds)", () => {
    expect(parseAnkiQuery('"deck:Japanese" "Expression:食べる"')).toEqual([
      { kind: 'deck', name: 'Japanese' },
      { kind: 'field', field: 'Expression', value: '食べる' },
    ]);
  });

  it("reads asbplayer's lower-case field search with a wildcard, note types and id lists", () => {
    expect(parseAnkiQuery('"word:run*" note:Basic')).toEqual([
      { kind: 'field', field: 'word', value: 'run*' },
      { kind: 'note', name: 'Basic' },
    ]);
    expect(parseAnkiQuery('nid:12,13')).toEqual([{ kind: 'ids', ids: [12, 13] }]);
    expect(parseAnkiQuery('cid:7')).toEqual([{ kind: 'ids', ids: [7] }]);
    expect(parseAnkiQuery('')).toEqual([]);
    expect(parseAnkiQuery('added:1')).toEqual([{ kind: 'added', days: 1 }]);
    expect(() => parseAnkiQuery('added:x')).toThrow(/days/);
    expect(parseAnkiQuery('hello AND world')).toEqual([
      { kind: 'text', value: 'hello' },
      { kind: 'text', value: 'world' },
    ]);
  });

  it('keeps escaped colons and quotes as text', () => {
    expect(parseAnkiQuery('"Sentence:a \\"b\\"" 10\\:30')).toEqual([
      { kind: 'field', field: 'Sentence', value: 'a "b"' },
      { kind: 'text', value: '10:30' },
    ]);
  });

  it('refuses what it would answer wrongly', () => {
    expect(() => parseAnkiQuery('a OR b')).toThrow(/AND/);
    expect(() => parseAnkiQuery('-deck:x')).toThrow(SearchSyntaxError);
    expect(() => parseAnkiQuery('tag:x')).toThrow(/tag:/);
    expect(() => parseAnkiQuery('nid:1,x')).toThrow(/note ids/);
  });

  it('maps sub-decks to their root and wildcards to LIKE', () => {
    expect(rootDeck('Japanese::Mining')).toBe('Japanese');
    expect(likePattern('50%_run*')).toBe('50\\%\\_run%');
    expect(wildcardMatches('Jap*', 'japanese')).toBe(true);
    expect(wildcardMatches('Jap', 'japanese')).toBe(false);
  });
});
