// Runs in: any process. Multi-word terms: their word pattern, and an Aho-Corasick matcher that finds every
// stored multi-word term of a language in one pass over a text's tokens.
//
// A pattern is a sequence of symbols: lowercased words, with " " between words separated by whitespace
// and nothing between words written together (Japanese, Chinese). Anything else between two words
// (punctuation, a line break, a number) breaks a match, so terms never span punctuation.
import { lowerForm } from './sha256';
import type { Token } from './tokenize';

const SPACE = ' ';
const RESET = '\u0000';

export interface MultiwordPattern {
  symbols: string[];
  /** Lowercased words, in order. */
  words: string[];
  /** Order offset of each word from the first (0, 2, 4 … or 0, 1, 2 … ). */
  offsets: number[];
}

/** The pattern of a parsed term text, or null when it is not 2+ words joined by whitespace or nothing. */
export function patternOf(tokens: readonly Token[]): MultiwordPattern | null {
  const words = tokens.filter((t) => t.kind !== 'space');
  if (words.length < 2 || words.some((t) => t.kind !== 'word')) return null;
  const symbols: string[] = [];
  const offsets: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const gap = i === 0 ? 0 : words[i].order - words[i - 1].order;
    if (gap === 2) symbols.push(SPACE);
    else if (gap !== 1 && gap !== 0) return null;
    symbols.push(lowerForm(words[i].text));
    offsets.push(words[i].order - words[0].order);
  }
  return { symbols, words: words.map((w) => lowerForm(w.text)), offsets };
}

export interface MultiwordMatch<Id> {
  id: Id;
  /** Index into the token array of the first word. */
  tokenIndex: number;
  order: number;
  wordCount: number;
}

/** A parse's tokens as accessors by index. */
export interface TokenSequence {
  count: number;
  isWord(i: number): boolean;
  order(i: number): number;
  /** The lowercased text of word token i. */
  lowered(i: number): string;
}

interface Node {
  next: Map<string, number>;
  fail: number;
  /** Patterns ending here: [id, symbol length, word count]. */
  out: [unknown, number, number][];
}

export class MultiwordMatcher<Id = number> {
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, out: [] }];

  constructor(patterns: Iterable<{ id: Id; pattern: MultiwordPattern }>) {
    for (const { id, pattern } of patterns) {
      let n = 0;
      for (const sym of pattern.symbols) {
        let to = this.nodes[n].next.get(sym);
        if (to === undefined) {
          to = this.nodes.length;
          this.nodes.push({ next: new Map(), fail: 0, out: [] });
          this.nodes[n].next.set(sym, to);
        }
        n = to;
      }
      this.nodes[n].out.push([id, pattern.symbols.length, pattern.words.length]);
    }
    // Breadth-first failure links; outputs of the failure target are inherited.
    const queue: number[] = [...this.nodes[0].next.values()];
    for (let qi = 0; qi < queue.length; qi++) {
      const n = queue[qi];
      for (const [sym, child] of this.nodes[n].next) {
        let f = this.nodes[n].fail;
        while (f !== 0 && !this.nodes[f].next.has(sym)) f = this.nodes[f].fail;
        const target = this.nodes[f].next.get(sym);
        this.nodes[child].fail = target !== undefined && target !== child ? target : 0;
        this.nodes[child].out.push(...this.nodes[this.nodes[child].fail].out);
        queue.push(child);
      }
    }
  }

  get size(): number {
    return this.nodes.length - 1;
  }

  private step(state: number, sym: string): number {
    let s = state;
    for (;;) {
      const to = this.nodes[s].next.get(sym);
      if (to !== undefined) return to;
      if (s === 0) return 0;
      s = this.nodes[s].fail;
    }
  }

  /** `lowered[i]` may hold the lowercased text of word token i, when the caller has it already. */
  findIn(tokens: readonly Token[], lowered?: readonly (string | undefined)[]): MultiwordMatch<Id>[] {
    return this.findInSequence({
      count: tokens.length,
      isWord: (i) => tokens[i].kind === 'word',
      order: (i) => tokens[i].order,
      lowered: (i) => lowered?.[i] ?? lowerForm(tokens[i].text),
    });
  }

  /** findIn over tokens given by accessors (a parse held as columns). */
  findInSequence(seq: TokenSequence): MultiwordMatch<Id>[] {
    const matches: MultiwordMatch<Id>[] = [];
    if (this.nodes.length === 1) return matches;
    // symbolToken[i]: the token index of symbol i (word symbols only matter, as matches start at a word).
    const symbolToken: number[] = [];
    let state = 0;
    let prevWordOrder = -1;
    for (let i = 0; i < seq.count; i++) {
      if (!seq.isWord(i)) continue;
      const order = seq.order(i);
      if (prevWordOrder >= 0) {
        const gap = order - prevWordOrder;
        const sep = gap === 1 ? null : gap === 2 ? SPACE : RESET;
        if (sep !== null) {
          state = this.step(state, sep);
          symbolToken.push(-1);
        }
      }
      prevWordOrder = order;
      state = this.step(state, seq.lowered(i));
      symbolToken.push(i);
      for (const [id, len, wordCount] of this.nodes[state].out) {
        const first = symbolToken[symbolToken.length - len];
        matches.push({ id: id as Id, tokenIndex: first, order: seq.order(first), wordCount });
      }
    }
    return matches;
  }
}
