import { describe, expect, it } from 'vitest';
import { parseAnkiQuery, rootDeck, SearchSyntaxError, searchValue, tokenizeQuery, wildcardMatches } from './search';

const field = (name: string, raw: string) => ({ kind: 'field', field: name, value: searchValue(raw) });

describe('Anki search subset', () => {
  it('splits on whitespace, groups quotes, and stands parentheses and a leading - alone', () => {
    expect(tokenizeQuery('"deck:My Deck" nid:1,2')).toEqual([
      { type: 'term', raw: 'deck:My Deck' },
      { type: 'term', raw: 'nid:1,2' },
    ]);
    expect(tokenizeQuery('-is:new (a OR "b c")').map((t) => t.type)).toEqual(['not', 'term', 'open', 'term', 'or', 'term', 'close']);
    expect(tokenizeQuery('"-x" well-known')).toEqual([
      { type: 'term', raw: '-x' },
      { type: 'term', raw: 'well-known' },
    ]);
    expect(() => tokenizeQuery('"open')).toThrow(SearchSyntaxError);
  });

  it("reads Yomitan's duplicate lookup: deck and first field, quoted (Yomitan anki-connect.js findNoteIds)", () => {
    expect(parseAnkiQuery('"deck:Japanese" "Expression:食べる"')).toEqual({
      kind: 'and',
      nodes: [{ kind: 'deck', name: 'Japanese' }, field('Expression', '食べる')],
    });
  });

  it('`_` is one character and `*` any run; escaped, each is itself', () => {
    expect(searchValue('_*')).toEqual({ text: '_*', pattern: '_%', wildcard: true });
    expect(searchValue('a\\_b\\*c')).toEqual({ text: 'a_b*c', pattern: 'a\\_b*c', wildcard: false });
    expect(searchValue('50%')).toEqual({ text: '50%', pattern: '50\\%', wildcard: false });
    expect(searchValue('say \\"hi\\" 10\\:30')).toEqual({ text: 'say "hi" 10:30', pattern: 'say "hi" 10:30', wildcard: false });
  });

  it("reads asbplayer's word-status colouring: negation, OR, parentheses, is:, prop:ivl (asbplayer dictionary-db.ts)", () => {
    expect(parseAnkiQuery('-is:new -is:learn prop:ivl>=11 prop:ivl<21 ("deck:A" OR "deck:B") ("Word:_*" OR "Expression:_*")')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'not', node: { kind: 'is', state: 'new' } },
        { kind: 'not', node: { kind: 'is', state: 'learn' } },
        { kind: 'prop', prop: 'ivl', op: '>=', value: 11 },
        { kind: 'prop', prop: 'ivl', op: '<', value: 21 },
        {
          kind: 'or',
          nodes: [
            { kind: 'deck', name: 'A' },
            { kind: 'deck', name: 'B' },
          ],
        },
        { kind: 'or', nodes: [field('Word', '_*'), field('Expression', '_*')] },
      ],
    });
    expect(parseAnkiQuery('(edited:1 OR rated:1) is:review')).toEqual({
      kind: 'and',
      nodes: [
        {
          kind: 'or',
          nodes: [
            { kind: 'edited', days: 1 },
            { kind: 'rated', days: 1 },
          ],
        },
        { kind: 'is', state: 'review' },
      ],
    });
  });

  it('reads note types, id lists, added:N and AND', () => {
    expect(parseAnkiQuery('nid:12,13')).toEqual({ kind: 'ids', ids: [12, 13] });
    expect(parseAnkiQuery('cid:7')).toEqual({ kind: 'ids', ids: [7] });
    expect(parseAnkiQuery('')).toEqual({ kind: 'and', nodes: [] });
    expect(parseAnkiQuery('added:1 "note:Basic"')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'added', days: 1 },
        { kind: 'note', name: 'Basic' },
      ],
    });
    expect(() => parseAnkiQuery('added:x')).toThrow(/days/);
    expect(parseAnkiQuery('hello AND world')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'text', value: searchValue('hello') },
        { kind: 'text', value: searchValue('world') },
      ],
    });
  });

  it("reads asbplayer's statistics: prop:due, negative for overdue (asbplayer findCardsDueBy)", () => {
    expect(parseAnkiQuery('prop:due<=7 ("Term:_*")')).toEqual({
      kind: 'and',
      nodes: [{ kind: 'prop', prop: 'due', op: '<=', value: 7 }, field('Term', '_*')],
    });
    expect(parseAnkiQuery('prop:due=-1')).toEqual({ kind: 'prop', prop: 'due', op: '=', value: -1 });
    expect(() => parseAnkiQuery('prop:ivl>=-1')).toThrow(SearchSyntaxError);
  });

  it('refuses what it would answer wrongly', () => {
    expect(() => parseAnkiQuery('tag:x')).toThrow(/tag:/);
    expect(() => parseAnkiQuery('is:due')).toThrow(/is:due/);
    expect(() => parseAnkiQuery('prop:ease<=1')).toThrow(/prop:ivl, prop:due/);
    expect(() => parseAnkiQuery('prop:due<=1.5')).toThrow(/prop:ivl, prop:due/);
    expect(() => parseAnkiQuery('nid:1,x')).toThrow(/note ids/);
    expect(() => parseAnkiQuery('(a OR b')).toThrow(/not closed/);
    expect(() => parseAnkiQuery('a)')).toThrow(/has no/);
    expect(() => parseAnkiQuery('a OR')).toThrow(SearchSyntaxError);
  });

  it('maps sub-decks to their root and matches names with wildcards', () => {
    expect(rootDeck('Japanese::Mining')).toBe('Japanese');
    expect(wildcardMatches('Jap*', 'japanese')).toBe(true);
    expect(wildcardMatches('Jap', 'japanese')).toBe(false);
  });
});
