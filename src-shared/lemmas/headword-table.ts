// Runs in: any process. A Hunspell dictionary's headwords as a table the worker builds and the main thread looks
// words up in (analyzer.ts reads affixed forms through it): the headwords and their flags in two joined strings, a
// hash table over the lowercased headwords in typed arrays, and the lookups on them. A lookup hashes a stem as a span
// of the word being read plus a strip (hashState, fillHashStates, entryOf), and a small filter says no to most stems
// that are no headword before the hash table is read (issue 47's lookup speed: docs/vocabulary.md).
import { parseAff, parseDic, type AffData } from './hunspell';

/**
 * Plain, structured-cloneable table: what the worker builds and the cache file stores. Headwords and their
 * encoded flags are two newline-joined strings, and the lookup structure is a few typed arrays over them
 * (packTable): passing or reading it back copies a few buffers, and the thread that uses it holds no object
 * per headword (800,000 strings and a Map of as many keys made the main thread's garbage collector pause
 * 20-75 ms, and splitting them held it 20-160 ms).
 */
export interface HunspellTable {
  aff: AffData;
  /** Headwords as written (case kept), "\n"-joined. */
  words: string;
  /** Their encoded flags, same order, "\n"-joined. */
  flags: string;
  count: number;
  /** Made by packTable (the worker); a table without it is packed where it is indexed. */
  packed?: PackedTable;
}

/** Where each entry lies in the joined strings, and an open-addressing hash table over the lowercased headwords. */
export interface PackedTable {
  /** Entry i's headword is words[wordStart[i], wordStart[i + 1] - 1) (count + 1 offsets; likewise flags). */
  wordStart: Int32Array;
  flagStart: Int32Array;
  /** hashKey of each entry's lowercased headword. */
  hashes: Int32Array;
  /**
   * Slot → (first entry of one lowercased headword) + 1 in the low ENTRY_BITS, its hash's top TAG_BITS above them
   * (slotValue), 0 = empty; a power of two long, at most half full. A probe tells most other headwords' slots apart by
   * the tag alone, without reading their hashes (another cache line each, where a lookup tries dozens of stems).
   */
  slots: Int32Array;
  /** The next entry with the same lowercased headword (homographs, in dictionary order), -1 = end. */
  next: Int32Array;
  /**
   * One bit per value of a hash's low bits, set for every headword's (headwordFilter): a stem whose bit is clear is no
   * headword, told without reading the slots. 8-16 bits per headword, so about one stem in ten that is no headword gets
   * past it; 64-512 KB, where the slots and hashes of a large dictionary take 5-10 MB.
   */
  filter: Int32Array;
}

/** What the lookups below read of an index (analyzer.ts's HunspellIndex has it). */
export interface Headwords {
  /** The table's joined headwords and flags, and its packed lookup (firstEntry, wordAt, flagsAt). */
  words: string;
  flags: string;
  packed: PackedTable;
  /** Entries chained after `i` with the same lowercased headword (packed.next). */
  next: Int32Array;
}

/** Caps for a hostile or oversized dictionary (the shipped ones are far below). */
export const TABLE_LIMITS = { maxAffBytes: 8 * 1024 * 1024, maxDicBytes: 64 * 1024 * 1024, maxHeadwords: 2_000_000 };

/**
 * The worker's job: .aff + one or more .dic texts (sharing that .aff, e.g. en_US + en_GB) → plain table.
 * `progress(done)` gets 0..1 as the headwords are read.
 */
export function buildTable(input: { aff: string; dics: readonly string[] }, progress?: (done: number) => void): HunspellTable {
  if (input.aff.length > TABLE_LIMITS.maxAffBytes) throw new Error('The .aff file is too large');
  const total = input.dics.reduce((n, d) => n + d.length, 0);
  if (total > TABLE_LIMITS.maxDicBytes) throw new Error('The .dic file is too large');
  const aff = parseAff(input.aff);
  const words: string[] = [];
  const flags: string[] = [];
  let done = 0;
  for (const dic of input.dics) {
    for (const e of parseDic(dic, aff)) {
      if (words.length >= TABLE_LIMITS.maxHeadwords) throw new Error('The dictionary has too many headwords');
      if (e.word.includes('\n')) continue;
      words.push(e.word);
      flags.push(e.flags.replace(/\n/g, ''));
    }
    done += dic.length;
    progress?.(done / Math.max(1, total));
  }
  return { aff, words: words.join('\n'), flags: flags.join('\n'), count: words.length };
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** FNV-1a's state (before hashKey's mask) carried on from `state` over text[from, to). */
export function hashState(state: number, text: string, from: number, to: number): number {
  let h = state;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** 30-bit FNV-1a of a string's UTF-16 units: a small integer, so a V8 Map or typed array holds it without an object. */
export const hashKey = (key: string): number => hashState(FNV_OFFSET, key, 0, key.length) & 0x3fffffff;

/**
 * hashState after each prefix of a word, into `states` (states[from + m]: after text[from, from + m), for m up to the
 * end; grown when too short): a stem that is a part of the word plus a strip is hashed from there on its strip alone.
 */
export function fillHashStates(states: Int32Array, text: string, from: number): Int32Array {
  const out = states.length > text.length ? states : new Int32Array(2 * (text.length + 1));
  let h = FNV_OFFSET;
  out[from] = h;
  for (let i = from; i < text.length; i++) out[i + 1] = h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return out;
}

/** Offsets of the `count` "\n"-separated lines of `text`, plus one past the end. */
function lineStarts(text: string, count: number): Int32Array {
  const starts = new Int32Array(count + 1);
  let from = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = from;
    const end = text.indexOf('\n', from);
    from = end < 0 ? text.length + 1 : end + 1;
  }
  starts[count] = text.length + 1;
  return starts;
}

/** The lookup arrays of a table (in the worker that builds it: this allocates a string per headword, then drops them). */
export function packTable(table: HunspellTable): PackedTable {
  const n = table.count;
  if (n >= ENTRY_MASK) throw new Error('The dictionary has too many headwords');
  const wordStart = lineStarts(table.words, n);
  const flagStart = lineStarts(table.flags, n);
  const hashes = new Int32Array(n);
  const next = new Int32Array(n).fill(-1);
  // Backwards, so each headword's chain starts at its first entry.
  const firstOf = new Map<string, number>();
  for (let i = n - 1; i >= 0; i--) {
    const key = table.words.slice(wordStart[i], wordStart[i + 1] - 1).toLowerCase();
    hashes[i] = hashKey(key);
    const first = firstOf.get(key);
    if (first !== undefined) next[i] = first;
    firstOf.set(key, i);
  }
  let size = 2;
  while (size < firstOf.size * 2) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (const first of firstOf.values()) {
    let slot = hashes[first] & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = slotValue(first, hashes[first]);
  }
  return { wordStart, flagStart, hashes, slots, next, filter: headwordFilter(hashes) };
}

/** A slot holds an entry + 1 (below 2^21: TABLE_LIMITS.maxHeadwords) and the top 11 bits of its 30-bit hash. */
const ENTRY_BITS = 21;
const ENTRY_MASK = (1 << ENTRY_BITS) - 1;
const TAG_SHIFT = 30 - (32 - ENTRY_BITS);
const slotValue = (entry: number, hash: number): number => ((hash >>> TAG_SHIFT) << ENTRY_BITS) | (entry + 1);

/** Headword i as written. */
export const wordAt = (index: Headwords, i: number): string => index.words.slice(index.packed.wordStart[i], index.packed.wordStart[i + 1] - 1);
/** Headword i's encoded flags. */
export const flagsAt = (index: Headwords, i: number): string => index.flags.slice(index.packed.flagStart[i], index.packed.flagStart[i + 1] - 1);

/**
 * Does headword i carry `flag` (null: no such flag, false)? Read in place, no string made: a lookup asks this of every
 * entry of every stem and compound part it finds. Flags are one UTF-16 unit each (encodeFlags); a longer string is
 * looked for as a substring, as `includes` would.
 */
export function hasFlag(index: Headwords, i: number, flag: string | null): boolean {
  if (flag === null) return false;
  if (flag.length !== 1) return flagsAt(index, i).includes(flag);
  const unit = flag.charCodeAt(0);
  const { flags } = index;
  const end = index.packed.flagStart[i + 1] - 1;
  for (let at = index.packed.flagStart[i]; at < end; at++) if (flags.charCodeAt(at) === unit) return true;
  return false;
}

/** The first entry whose lowercased headword is `key` (then index.next[i] for its homographs), or -1. */
export const firstEntry = (index: Headwords, key: string): number => entryOf(index, key, 0, key.length, '', hashState(FNV_OFFSET, key, 0, key.length));

/**
 * firstEntry of text[from, to) + strip, its hash carried on from `state` (hashState over text[from, to)): the stem's
 * string is made only when a headword has its hash, and the slots are read only when the headword filter lets the
 * hash through (most stems a lookup tries are no headword; the filter is small enough to stay in the CPU's cache).
 */
export function entryOf(index: Headwords, text: string, from: number, to: number, strip: string, state: number): number {
  const h = hashState(state, strip, 0, strip.length) & 0x3fffffff;
  const filter = index.packed.filter;
  const bit = h & (filter.length * 32 - 1);
  if ((filter[bit >>> 5] & (1 << (bit & 31))) === 0) return -1;
  const { slots, hashes } = index.packed;
  const mask = slots.length - 1;
  const tag = h >>> TAG_SHIFT;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const value = slots[slot];
    if (value === 0) return -1;
    if (value >>> ENTRY_BITS !== tag) continue;
    const entry = (value & ENTRY_MASK) - 1;
    // Spelled so in letters that are their own lowercase, it is the key (and has its hash); else the hash, then the
    // lowercased headword decide.
    if (spelledAs(index, entry, text, from, to, strip) || (hashes[entry] === h && wordAt(index, entry).toLowerCase() === text.slice(from, to) + strip))
      return entry;
  }
}

/** A letter toLowerCase leaves as it is, told without a table: ASCII and Latin-1 but their capitals. */
const keepsCase = (c: number): boolean => c < 0x41 || (c > 0x5a && c < 0xc0) || c === 0xd7 || (c >= 0xdf && c <= 0xff);

/**
 * Is headword `entry` written exactly text[from, to) + strip, in letters keepsCase leaves alone (so it is its own
 * lowercase, the key)? Told without making a string: a compound lookup finds dozens of its parts. False says
 * nothing (a capital, a letter past Latin-1): the caller then compares the lowercased headword.
 */
function spelledAs(index: Headwords, entry: number, text: string, from: number, to: number, strip: string): boolean {
  const { words } = index;
  let at = index.packed.wordStart[entry];
  if (index.packed.wordStart[entry + 1] - 1 - at !== to - from + strip.length) return false;
  for (let i = from; i < to; i++, at++) {
    const c = words.charCodeAt(at);
    if (c !== text.charCodeAt(i) || !keepsCase(c)) return false;
  }
  for (let i = 0; i < strip.length; i++, at++) {
    const c = words.charCodeAt(at);
    if (c !== strip.charCodeAt(i) || !keepsCase(c)) return false;
  }
  return true;
}

/** The headword filter over the hashes of a table's headwords (built with the table, in its worker). */
function headwordFilter(hashes: Int32Array): Int32Array {
  let bits = 64;
  while (bits < hashes.length * 8) bits *= 2;
  const filter = new Int32Array(bits / 32);
  for (let i = 0; i < hashes.length; i++) {
    const bit = hashes[i] & (bits - 1);
    filter[bit >>> 5] |= 1 << (bit & 31);
  }
  return filter;
}

/** Is the (lowercase) word a headword at all (any flags)? */
export const isHeadword = (index: Headwords, word: string): boolean => firstEntry(index, word) !== -1;

/** The first headword spelled like the (lowercase) word, as written. */
export const headwordOf = (index: Headwords, word: string): string | null => {
  const i = firstEntry(index, word);
  return i === -1 ? null : wordAt(index, i);
};

/** Every headword spelled like the (lowercase) word, as written (homographs: "Essen", "essen"). */
export function headwordsOf(index: Headwords, word: string): string[] {
  const out: string[] = [];
  for (let i = firstEntry(index, word); i !== -1; i = index.next[i]) out.push(wordAt(index, i));
  return out;
}
