// Runs in: any process. The Chinese word segmenter's model: an averaged perceptron tagging each character
// B/M/E/S (begins, inside, ends a word, a word alone), over character n-grams and dictionary matches, decoded by
// Viterbi. Shared by the trainer (scripts/zh/train-segmenter.ts) and the app, so what is measured is what runs.
// Features are hashed to 32-bit keys (no feature strings: 100,000 characters decode in tens of milliseconds).

/** The tags, in weight order. */
export const B = 0;
export const M = 1;
export const E = 2;
export const S = 3;
export const TAGS = 4;

/** Character classes: what a digit or a Latin letter is, whichever one it is. */
const HAN = 1;
const DIGIT = 2;
const LATIN = 3;
const NUMERAL = 4;
const PUNCT = 5;
const OTHER = 6;
const PAD = 7;

/** Chinese numerals, a class of their own (一百二十 is a number, 一 alone often a word). */
const NUMERALS = new Set([...'零〇一二三四五六七八九十百千万亿两几'].map((c) => c.codePointAt(0)!));

const isHan = (c: number) => (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x3134f) || c === 0x3007;

export function charClass(c: number): number {
  if (NUMERALS.has(c)) return NUMERAL;
  if (isHan(c)) return HAN;
  if ((c >= 48 && c <= 57) || (c >= 0xff10 && c <= 0xff19)) return DIGIT;
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a)) return LATIN;
  if (c < 0x3400 && !(c >= 0xc0 && c <= 0x24f)) return PUNCT;
  return OTHER;
}

function hash(template: number, a: number, b: number): number {
  let h = Math.imul(template + 0x2545f491, 0x9e3779b1);
  h = Math.imul(h ^ a, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ b, 0xc2b2ae35);
  h ^= h >>> 16;
  return h === 0 ? 1 : h;
}

/** Longest dictionary word length that counts (longer words are rare and mostly names). */
export const MAX_WORD = 6;

/**
 * A word list (simplified script) as a trie of code points in one open-addressing table: (node, code point) →
 * child node, and whether a node ends a word. Walking it costs one probe a character, where slicing substrings
 * for a Set would cost a string each.
 */
export class WordSet {
  private keys: Float64Array;
  private children: Int32Array;
  private ends: Uint8Array = new Uint8Array(1024);
  /** The root's children by BMP code point (0 none): the first step of every walk, without a probe. */
  private readonly rootChildren = new Int32Array(0x10000);
  private nodes = 1;
  private used = 0;
  size = 0;

  constructor(words: Iterable<string> = []) {
    this.keys = new Float64Array(1 << 12).fill(-1);
    this.children = new Int32Array(1 << 12);
    for (const w of words) this.add(w);
  }

  add(word: string): void {
    let node = 0;
    for (const ch of word) node = this.childOrMake(node, ch.codePointAt(0)!);
    if (!this.ends[node]) this.size++;
    this.ends[node] = 1;
  }

  /** The child of `node` by code point `c`, or -1. */
  child(node: number, c: number): number {
    if (node === 0 && c < 0x10000) return this.rootChildren[c] || -1;
    const key = node * 0x200000 + c;
    const mask = this.keys.length - 1;
    for (let i = (Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & mask; ; i = (i + 1) & mask) {
      const k = this.keys[i];
      if (k === key) return this.children[i];
      if (k === -1) return -1;
    }
  }

  isWord(node: number): boolean {
    return this.ends[node] === 1;
  }

  private childOrMake(node: number, c: number): number {
    const found = this.child(node, c);
    if (found >= 0) return found;
    if ((this.used + 1) * 2 > this.keys.length) this.grow();
    const made = this.nodes++;
    if (node === 0 && c < 0x10000) this.rootChildren[c] = made;
    if (made >= this.ends.length) {
      const ends = new Uint8Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.put(node * 0x200000 + c, node, c, made);
    return made;
  }

  private put(key: number, node: number, c: number, child: number): void {
    const mask = this.keys.length - 1;
    let i = (Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & mask;
    while (this.keys[i] !== -1) i = (i + 1) & mask;
    this.keys[i] = key;
    this.children[i] = child;
    this.used++;
  }

  private grow(): void {
    const { keys, children } = this;
    this.keys = new Float64Array(keys.length * 2).fill(-1);
    this.children = new Int32Array(keys.length * 2);
    this.used = 0;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === -1) continue;
      const node = Math.floor(keys[i] / 0x200000);
      this.put(keys[i], node, keys[i] - node * 0x200000, children[i]);
    }
  }
}

/** Per position: the longest dictionary word starting there, ending there, and covering it from inside. */
function dictionaryMatches(cps: readonly number[], words: WordSet) {
  const n = cps.length;
  const start = new Uint8Array(n);
  const end = new Uint8Array(n);
  const mid = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let node = 0;
    for (let len = 1; len <= MAX_WORD && i + len <= n; len++) {
      node = words.child(node, cps[i + len - 1]);
      if (node < 0) break;
      if (len < 2 || !words.isWord(node)) continue;
      if (len > start[i]) start[i] = len;
      const j = i + len - 1;
      if (len > end[j]) end[j] = len;
      for (let k = i + 1; k < j; k++) if (len > mid[k]) mid[k] = len;
    }
  }
  return { start, end, mid };
}

/** Feature keys of every position of a sentence (code points, already in simplified script), FEATURES per position. */
export const FEATURES = 12;
export function featureKeys(cps: readonly number[], words: WordSet): Int32Array {
  const n = cps.length;
  const d = dictionaryMatches(cps, words);
  // Characters and classes with two places of padding each side, computed once a position.
  const chars = new Int32Array(n + 4);
  const classes = new Int32Array(n + 4);
  chars[0] = chars[1] = -1;
  chars[n + 2] = chars[n + 3] = -9;
  classes[0] = classes[1] = classes[n + 2] = classes[n + 3] = PAD;
  for (let i = 0; i < n; i++) {
    const k = charClass(cps[i]);
    classes[i + 2] = k;
    chars[i + 2] = k === DIGIT ? -2 : k === LATIN ? -3 : cps[i];
  }
  const out = new Int32Array(n * FEATURES);
  for (let i = 0; i < n; i++) {
    const p = i + 2;
    // Digits and Latin letters stand for their class (chars above): 1998 and 2001 look alike.
    const c0 = chars[p];
    const cm1 = chars[p - 1];
    const cp1 = chars[p + 1];
    const cm2 = chars[p - 2];
    const cp2 = chars[p + 2];
    const o = i * FEATURES;
    out[o] = hash(1, c0, 0);
    out[o + 1] = hash(2, cm1, 0);
    out[o + 2] = hash(3, cp1, 0);
    out[o + 3] = hash(6, cm1, c0);
    out[o + 4] = hash(7, c0, cp1);
    out[o + 5] = hash(9, cm2, cm1);
    out[o + 6] = hash(10, cp1, cp2);
    out[o + 7] = hash(11, classes[p - 1] * 64 + classes[p] * 8 + classes[p + 1], 0);
    out[o + 8] = hash(12, d.start[i], d.end[i] * 8 + d.mid[i]);
    out[o + 9] = hash(13, c0, d.start[i]);
    out[o + 10] = hash(14, c0, d.end[i]);
    out[o + 11] = hash(15, c0, d.mid[i]);
  }
  return out;
}

/** Which tag may follow which: B and M go on to M or E; E and S end a word. */
export const allowed = (prev: number, tag: number): boolean => (prev === B || prev === M ? tag === M || tag === E : tag === B || tag === S);

/** Slot layout: the key, then its TAGS weights, in one buffer so a lookup touches one cache line. */
const STRIDE = 1 + TAGS;

/** Weights as an open-addressing table from feature key to its TAGS weights. */
export class Weights {
  private ints: Int32Array;
  private floats: Float32Array;
  /**
   * One bit per 2^20 buckets of the keys' high bits: most features of a text were never seen in training, and a
   * bit in this 128 KB set (it stays in cache) answers "not here" without probing the table.
   */
  private readonly present = new Int32Array(1 << 15);
  size = 0;
  /** Tag transition weights, prev * TAGS + tag. */
  transitions = new Float32Array(TAGS * TAGS);

  constructor(capacity = 1 << 16) {
    this.ints = new Int32Array(capacity * STRIDE);
    this.floats = new Float32Array(this.ints.buffer);
  }

  get capacity(): number {
    return this.ints.length / STRIDE;
  }

  keyAt(slot: number): number {
    return this.ints[slot * STRIDE];
  }

  value(slot: number, tag: number): number {
    return this.floats[slot * STRIDE + 1 + tag];
  }

  add(slot: number, tag: number, d: number): void {
    this.floats[slot * STRIDE + 1 + tag] += d;
  }

  /** The slot of `key`, or -1. */
  find(key: number): number {
    const mask = this.capacity - 1;
    const ints = this.ints;
    for (let i = key & mask; ; i = (i + 1) & mask) {
      const k = ints[i * STRIDE];
      if (k === key) return i;
      if (k === 0) return -1;
    }
  }

  /** The slot of `key`, made when missing (training, loading). */
  slot(key: number): number {
    if ((this.size + 1) * 2 > this.capacity) this.grow();
    const mask = this.capacity - 1;
    for (let i = key & mask; ; i = (i + 1) & mask) {
      const k = this.ints[i * STRIDE];
      if (k === key) return i;
      if (k === 0) {
        this.ints[i * STRIDE] = key;
        this.present[key >>> 17] |= 1 << ((key >>> 12) & 31);
        this.size++;
        return i;
      }
    }
  }

  private grow(): void {
    const old = this.ints;
    const oldFloats = this.floats;
    this.ints = new Int32Array(old.length * 2);
    this.floats = new Float32Array(this.ints.buffer);
    this.size = 0;
    for (let i = 0; i < old.length; i += STRIDE) {
      if (old[i] === 0) continue;
      const s = this.slot(old[i]) * STRIDE;
      for (let t = 1; t <= TAGS; t++) this.floats[s + t] = oldFloats[i + t];
    }
  }

  /** Per position, the score of each tag (n * TAGS). */
  scores(features: Int32Array, n: number): Float32Array {
    const out = new Float32Array(n * TAGS);
    const ints = this.ints;
    const floats = this.floats;
    const present = this.present;
    const mask = this.capacity - 1;
    for (let i = 0; i < n; i++) {
      const o = i * TAGS;
      for (let f = i * FEATURES, last = f + FEATURES; f < last; f++) {
        const key = features[f];
        if ((present[key >>> 17] & (1 << ((key >>> 12) & 31))) === 0) continue;
        for (let s = key & mask; ; s = (s + 1) & mask) {
          const at = s * STRIDE;
          const k = ints[at];
          if (k === 0) break;
          if (k !== key) continue;
          out[o] += floats[at + 1];
          out[o + 1] += floats[at + 2];
          out[o + 2] += floats[at + 3];
          out[o + 3] += floats[at + 4];
          break;
        }
      }
    }
    return out;
  }
}

/** The best tag sequence (Viterbi) under the weights. */
export function decode(w: Weights, features: Int32Array, n: number): Uint8Array {
  const tags = new Uint8Array(n);
  if (n === 0) return tags;
  const sc = w.scores(features, n);
  const best = new Float64Array(n * TAGS);
  const back = new Uint8Array(n * TAGS);
  for (let t = 0; t < TAGS; t++) best[t] = t === B || t === S ? sc[t] : -Infinity;
  const tr = w.transitions;
  // B and S follow E or S; M and E follow B or M (allowed()).
  const eB = tr[E * TAGS + B],
    sB = tr[S * TAGS + B],
    eS = tr[E * TAGS + S],
    sS = tr[S * TAGS + S];
  const bM = tr[B * TAGS + M],
    mM = tr[M * TAGS + M],
    bE = tr[B * TAGS + E],
    mE = tr[M * TAGS + E];
  for (let i = 1; i < n; i++) {
    const p = (i - 1) * TAGS;
    const o = i * TAGS;
    const pB = best[p + B],
      pM = best[p + M],
      pE = best[p + E],
      pS = best[p + S];
    let x = pE + eB,
      y = pS + sB;
    best[o + B] = (x >= y ? x : y) + sc[o + B];
    back[o + B] = x >= y ? E : S;
    x = pE + eS;
    y = pS + sS;
    best[o + S] = (x >= y ? x : y) + sc[o + S];
    back[o + S] = x >= y ? E : S;
    x = pB + bM;
    y = pM + mM;
    best[o + M] = (x >= y ? x : y) + sc[o + M];
    back[o + M] = x >= y ? B : M;
    x = pB + bE;
    y = pM + mE;
    best[o + E] = (x >= y ? x : y) + sc[o + E];
    back[o + E] = x >= y ? B : M;
  }
  let last = best[(n - 1) * TAGS + E] >= best[(n - 1) * TAGS + S] ? E : S;
  for (let i = n - 1; i >= 0; i--) {
    tags[i] = last;
    last = back[i * TAGS + last];
  }
  return tags;
}
