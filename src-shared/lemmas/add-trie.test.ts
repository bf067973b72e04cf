// The affix-add trie (add-trie.ts): following a word's letters from its end (suffixes) or start (prefixes) finds
// exactly the adds a brute-force scan of every add with endsWith / startsWith finds, shortest first.
import { describe, expect, it } from 'vitest';
import { addTrie, type AddTrie } from './add-trie';

/** Adds found by walking the trie: [length, value], shortest first. */
function walk<T>(trie: AddTrie<T>, word: string, fromEnd: boolean): [number, T][] {
  const found: [number, T][] = [];
  let node: AddTrie<T> | undefined = trie;
  for (let k = 0; node; node = k < word.length ? node.next.get(word.charCodeAt(fromEnd ? word.length - 1 - k++ : k++)) : undefined)
    if (node.value !== undefined) found.push([k, node.value]);
  return found;
}

/** A small deterministic generator (no flaky seeds). */
function* letters(seed: number): Generator<string> {
  let x = seed;
  for (;;) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    yield 'aábż'[x % 4];
  }
}
const word = (g: Generator<string>, length: number) => Array.from({ length }, () => g.next().value as string).join('');

describe('add trie', () => {
  it('finds the same adds as a scan of every add, from the end and from the start', () => {
    const g = letters(47);
    const adds = new Map<string, string>([['', 'empty']]);
    for (let i = 0; i < 300; i++) {
      const add = word(g, 1 + (i % 7));
      adds.set(add, `value of ${add}`);
    }
    const suffixes = addTrie(adds, true);
    const prefixes = addTrie(adds, false);
    for (let i = 0; i < 2000; i++) {
      const w = word(g, i % 12);
      const ending = [...adds].filter(([add]) => w.endsWith(add)).map(([add, v]): [number, string] => [add.length, v]);
      const beginning = [...adds].filter(([add]) => w.startsWith(add)).map(([add, v]): [number, string] => [add.length, v]);
      const byLength = (a: [number, string], b: [number, string]) => a[0] - b[0];
      expect(walk(suffixes, w, true)).toEqual(ending.sort(byLength));
      expect(walk(prefixes, w, false)).toEqual(beginning.sort(byLength));
    }
  });

  it('keeps an add that another add continues (s, es, ies)', () => {
    const trie = addTrie(
      new Map([
        ['s', 1],
        ['es', 2],
        ['ies', 3],
      ]),
      true,
    );
    expect(walk(trie, 'flies', true)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(walk(trie, 'fly', true)).toEqual([]);
  });
});
