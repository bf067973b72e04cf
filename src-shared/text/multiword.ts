// Runs in: any process. Multi-word terms: their word pattern, and an Aho-Corasick matcher that finds every
// stored multi-word term of a language in one pass over a text's tokens.
//
// A pattern is a sequence of symbols: lowercased words, with " " between words separated by whitespace,
// nothing between words written together (Japanese, Chinese), and the non-words themselves (lowercased, "\u0001"
// first) between words separated by punctuation or numbers ("the cat's pyjamas" where "'" is no word character,
// "tiene 1234 una"), as both peers match a term across the non-words inside its span. A line break breaks a match.
import { lowerForm } from './sha256';
import type { Token } from './tokenize';

const SPACE = ' ';
const RESET = '\u0000';
/** Starts the symbol of a separator that is not one space: the non-word text itself. */
const SEPARATOR = '\u0001';

export interface MultiwordPattern {
  symbols: string[];
  /** Lowercased words, in order. */
  words: string[];
  /** Order offset of each word from the first (0, 2, 4 … or 0, 1, 2 … ). */
  offsets: number[];
  /**
   * Punctuation or numbers lie between some of its words: the order offsets alone (all a text's stored rows
   * tell) do not say which, so an occurrence found from them is checked against the text (texts/store.ts).
   */
  separators: boolean;
}

/** The symbol for the non-words between two words: "" (none), " " (one space), the text, or null for a line break. */
function separatorSymbol(between: readonly Token[]): string | null {
  if (between.length === 0) return '';
  if (between.length === 1 && between[0].kind === 'space') return SPACE;
  let sym = SEPARATOR;
  for (const t of between) {
    if (t.kind === 'break') return null;
    sym += t.kind === 'space' ? ' ' : lowerForm(t.text);
  }
  return sym;
}

/**
 * The pattern of a parsed term text, or null when it is not 2+ words on one line with nothing but words at
 * its ends (whitespace aside): the words may be joined by whitespace, nothing, punctuation or numbers.
 */
export function patternOf(tokens: readonly Token[]): MultiwordPattern | null {
  let first = 0;
  let last = tokens.length - 1;
  while (first <= last && tokens[first].kind === 'space') first++;
  while (last >= first && tokens[last].kind === 'space') last--;
  if (first > last || tokens[first].kind !== 'word' || tokens[last].kind !== 'word') return null;
  const symbols: string[] = [];
  const offsets: number[] = [];
  const words: string[] = [];
  let separators = false;
  let between: Token[] = [];
  for (let i = first; i <= last; i++) {
    const t = tokens[i];
    if (t.kind !== 'word') {
      between.push(t);
      continue;
    }
    if (words.length) {
      const sym = separatorSymbol(between);
      if (sym === null) return null;
      if (sym) symbols.push(sym);
      if (sym.startsWith(SEPARATOR)) separators = true;
    }
    between = [];
    const lc = lowerForm(t.text);
    symbols.push(lc);
    words.push(lc);
    offsets.push(t.order - tokens[first].order);
  }
  if (words.length < 2) return null;
  return { symbols, words, offsets, separators };
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
  /** The lowercased text of non-word token i (" " for whitespace), or null for a line break. */
  nonWord(i: number): string | null;
}

interface Node {
  next: Map<string, number>;
  fail: number;
  /** Patterns ending here: [id, symbol length, word count]. */
  out: [unknown, number, number][];
}

export class MultiwordMatcher<Id = number> {
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, out: [] }];
  /** Some pattern has punctuation or numbers between words: separators must be read, not just counted. */
  private readonly separators: boolean = false;

  constructor(patterns: Iterable<{ id: Id; pattern: MultiwordPattern }>) {
    for (const { id, pattern } of patterns) {
      if (pattern.separators) this.separators = true;
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

  /** The symbol of the non-words from..to-1 (between two words); RESET for a line break. */
  private separatorAt(seq: TokenSequence, from: number, to: number): string {
    let sym = SEPARATOR;
    for (let k = from; k < to; k++) {
      const t = seq.nonWord(k);
      if (t === null) return RESET;
      sym += t;
    }
    return sym;
  }

  /** `lowered[i]` may hold the lowercased text of word token i, when the caller has it already. */
  findIn(tokens: readonly Token[], lowered?: readonly (string | undefined)[]): MultiwordMatch<Id>[] {
    return this.findInSequence({
      count: tokens.length,
      isWord: (i) => tokens[i].kind === 'word',
      order: (i) => tokens[i].order,
      lowered: (i) => lowered?.[i] ?? lowerForm(tokens[i].text),
      nonWord: (i) => (tokens[i].kind === 'break' ? null : tokens[i].kind === 'space' ? ' ' : lowerForm(tokens[i].text)),
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
    let prevWord = -1;
    for (let i = 0; i < seq.count; i++) {
      if (!seq.isWord(i)) continue;
      const order = seq.order(i);
      if (prevWordOrder >= 0) {
        const gap = order - prevWordOrder;
        const sep = gap === 1 ? null : gap === 2 ? SPACE : this.separators ? this.separatorAt(seq, prevWord + 1, i) : RESET;
        if (sep !== null) {
          state = this.step(state, sep);
          symbolToken.push(-1);
        }
      }
      prevWordOrder = order;
      prevWord = i;
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
