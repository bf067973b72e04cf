// Runs in: any process. The adds of a dictionary's affix rules in a trie, read letter by letter from a word's end
// (suffixes) or start (prefixes): a lookup finds every add a word ends or begins with by following its letters, where
// cutting the word at every length some add has and looking each cut up in a map built a string and hashed it per
// length (Polish suffix adds reach 12 letters, and a lookup cuts dozens of stems: issue 47's lookup speed).

/** One node: `value` is what the add spelled by the path from the root maps to (undefined: no add ends here). */
export interface AddTrie<T> {
  value: T | undefined;
  next: Map<number, AddTrie<T>>;
}

/** A trie over `adds` (add → value), each add read from its end (`fromEnd`, suffixes) or from its start (prefixes). */
export function addTrie<T>(adds: ReadonlyMap<string, T>, fromEnd: boolean): AddTrie<T> {
  const root: AddTrie<T> = { value: undefined, next: new Map() };
  for (const [add, value] of adds) {
    let node = root;
    for (let i = 0; i < add.length; i++) {
      const code = add.charCodeAt(fromEnd ? add.length - 1 - i : i);
      let child = node.next.get(code);
      if (!child) node.next.set(code, (child = { value: undefined, next: new Map() }));
      node = child;
    }
    node.value = value;
  }
  return root;
}
