// Runs in: any process. Chinese word segmentation: a line of text cut into words by the perceptron of
// segment-model.ts. Traditional characters are read through their simplified form, one character for one (the
// model and its word list are simplified), so a traditional text's words are the same cut at the same places.
import type { MorphAnalyzer, MorphToken } from '../tokenize';
import { B, S, Weights, TAGS, WordSet, decode, featureKeys } from './segment-model';

export { usesChineseSegmenter } from './languages';

export interface ZhSegmenterData {
  weights: Weights;
  words: WordSet;
  /** Traditional → simplified, code point for code point (OpenCC's character table). */
  toSimplified: ReadonlyMap<number, number>;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0xfeff;

/** Whether the piece holds a letter of any script (Han, Latin…): a word for the tokenizer, else punctuation or a number. */
const LETTER = /\p{L}/u;

/** The tag sequence of a run of code points without whitespace. */
export function tagRun(cps: number[], data: ZhSegmenterData): Uint8Array {
  const simplified = cps.map((c) => data.toSimplified.get(c) ?? c);
  return decode(data.weights, featureKeys(simplified, data.words), simplified.length);
}

/** Cuts `line` into pieces that cover it exactly: words, whitespace runs and the rest, as the model tags them. */
export function segmentChinese(line: string, data: ZhSegmenterData): MorphToken[] {
  const out: MorphToken[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    const startCode = line.charCodeAt(i);
    if (isSpace(startCode)) {
      let j = i + 1;
      while (j < n && isSpace(line.charCodeAt(j))) j++;
      out.push({ surface: line.slice(i, j), isWord: false });
      i = j;
      continue;
    }
    let j = i;
    const cps: number[] = [];
    const units: number[] = [];
    while (j < n && !isSpace(line.charCodeAt(j))) {
      const cp = line.codePointAt(j)!;
      const len = cp > 0xffff ? 2 : 1;
      cps.push(cp);
      units.push(len);
      j += len;
    }
    const tags = tagRun(cps, data);
    let at = i;
    let wordStart = i;
    for (let k = 0; k < cps.length; k++) {
      if (k > 0 && (tags[k] === B || tags[k] === S)) {
        pushPiece(out, line.slice(wordStart, at));
        wordStart = at;
      }
      at += units[k];
    }
    pushPiece(out, line.slice(wordStart, at));
    i = j;
  }
  return out;
}

function pushPiece(out: MorphToken[], piece: string): void {
  if (piece) out.push({ surface: piece, isWord: LETTER.test(piece) });
}

/** The segmenter as the tokenizer's analyzer (tokenize.ts: a line in, its pieces out). */
export const chineseAnalyzer =
  (data: ZhSegmenterData): MorphAnalyzer =>
  (line) =>
    segmentChinese(line, data);

/** The serialised model: "ZHS1", entry count, keys (Int32), weights (Int16, scaled), scale, transitions (Float32). */
export function encodeWeights(w: Weights): Uint8Array {
  const entries: number[] = [];
  let max = 0;
  for (let i = 0; i < w.capacity; i++) {
    if (w.keyAt(i) === 0) continue;
    let nonZero = false;
    for (let t = 0; t < TAGS; t++) {
      const v = Math.abs(w.value(i, t));
      if (v > 1e-6) nonZero = true;
      if (v > max) max = v;
    }
    if (nonZero) entries.push(i);
  }
  const scale = max > 0 ? 32767 / max : 1;
  const n = entries.length;
  const buf = new ArrayBuffer(8 + n * 4 + n * TAGS * 2 + 4 + TAGS * TAGS * 4);
  const view = new DataView(buf);
  view.setUint32(0, 0x5a485331, true);
  view.setUint32(4, n, true);
  let o = 8;
  // Sorted keys then weights tag by tag: the layout that compresses best.
  entries.sort((a, b) => w.keyAt(a) - w.keyAt(b));
  for (const e of entries) {
    view.setInt32(o, w.keyAt(e), true);
    o += 4;
  }
  for (let t = 0; t < TAGS; t++) {
    for (const e of entries) {
      view.setInt16(o, Math.round(w.value(e, t) * scale), true);
      o += 2;
    }
  }
  view.setFloat32(o, scale, true);
  o += 4;
  for (let k = 0; k < TAGS * TAGS; k++) {
    view.setFloat32(o, w.transitions[k], true);
    o += 4;
  }
  return new Uint8Array(buf);
}

export function decodeWeights(bytes: Uint8Array): Weights {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x5a485331) throw new Error('Not a Chinese segmenter model');
  const n = view.getUint32(4, true);
  let capacity = 1;
  while (capacity < n * 2) capacity *= 2;
  const w = new Weights(capacity);
  const slots = new Int32Array(n);
  let o = 8;
  for (let e = 0; e < n; e++, o += 4) slots[e] = w.slot(view.getInt32(o, true));
  const valuesAt = o;
  const scale = view.getFloat32(valuesAt + n * TAGS * 2, true);
  for (let t = 0; t < TAGS; t++) for (let e = 0; e < n; e++, o += 2) w.add(slots[e], t, view.getInt16(o, true) / scale);
  o += 4;
  for (let k = 0; k < TAGS * TAGS; k++, o += 4) w.transitions[k] = view.getFloat32(o, true);
  return w;
}

/** The segmenter's data from its three files' contents (resources/zh/): model bytes, word list, character table. */
export function zhSegmenterData(model: Uint8Array, wordList: string, characterTable: string): ZhSegmenterData {
  const toSimplified = new Map<number, number>();
  // "繁简" pairs, one a line.
  for (const line of characterTable.split('\n')) {
    const [from, to] = [...line];
    if (from && to) toSimplified.set(from.codePointAt(0)!, to.codePointAt(0)!);
  }
  return { weights: decodeWeights(model), words: new WordSet(wordList.split('\n').filter(Boolean)), toSimplified };
}
