// Runs in: any process. The learner's corrections of a word segmenter (issue 46): "this string is these words". A
// correction joins neighbours (one part: 乒乓 + 球 → 乒乓球) or splits a word (several parts: 中华人民共和国 →
// 中华 / 人民共和国); both are the same rule, a string and where it is cut. Applied to the pieces an analyzer
// returns for a line, so every parse of the language (texts, term texts, sentences) cuts the same way.
import type { MorphAnalyzer, MorphToken } from './tokenize';

/** One correction: the parts, in order; their concatenation is the string it applies to (compared lowercased). */
export interface WordCorrection {
  parts: readonly string[];
}

/** Separates parts in the serialised form; line breaks separate corrections. Neither may occur in a part. */
const PART_SEPARATOR = '\t';
const CORRECTION_SEPARATOR = '\n';

/**
 * The corrections of a language as one string (ParserSettings.wordCorrections): comparable with ===, so a parse made
 * before a correction is known to be stale, and compiled once per distinct value.
 */
export function serializeCorrections(corrections: readonly WordCorrection[]): string {
  return corrections
    .map((c) => c.parts.map((p) => p.toLowerCase()).join(PART_SEPARATOR))
    .sort()
    .join(CORRECTION_SEPARATOR);
}

interface CompiledCorrections {
  /** Lowercased string → its cut points (offsets inside it, ascending; empty for a join). */
  cuts: Map<string, number[]>;
  /** The strings' lengths, longest first: the longest correction starting at a word wins. */
  lengths: number[];
  longest: number;
}

const compiledCache = new Map<string, CompiledCorrections>();

function compile(serialized: string): CompiledCorrections {
  const hit = compiledCache.get(serialized);
  if (hit) return hit;
  const cuts = new Map<string, number[]>();
  for (const line of serialized.split(CORRECTION_SEPARATOR)) {
    if (!line) continue;
    const parts = line.split(PART_SEPARATOR);
    const points: number[] = [];
    let at = 0;
    for (let k = 0; k < parts.length - 1; k++) points.push((at += parts[k].length));
    cuts.set(parts.join(''), points);
  }
  const lengths = [...new Set([...cuts.keys()].map((k) => k.length))].sort((a, b) => b - a);
  const compiled = { cuts, lengths, longest: lengths[0] ?? 0 };
  if (compiledCache.size > 50) compiledCache.clear();
  compiledCache.set(serialized, compiled);
  return compiled;
}

const LETTER = /\p{L}/u;
const WHITESPACE_ONLY = /^\s+$/u;
const EDGES = /^(\s*)([\s\S]*?)(\s*)$/u;

/** Pushes `surface` as a word, with the whitespace at its ends as pieces of their own (a Vietnamese part " học"). */
function pushPart(out: MorphToken[], surface: string, reading: string | undefined): void {
  const [, lead, core, trail] = EDGES.exec(surface)!;
  if (lead) out.push({ surface: lead, isWord: false });
  if (core) out.push(reading === undefined ? { surface: core, isWord: LETTER.test(core) } : { surface: core, isWord: LETTER.test(core), reading });
  if (trail) out.push({ surface: trail, isWord: false });
}

/**
 * Applies corrections to one line's pieces (an analyzer's output, covering the line). Scanning from the left, at each
 * word the longest correction whose string starts there and ends where a word ends, with only words and whitespace
 * between, replaces those pieces by its parts. A correction never cuts into a word the segmenter found: a join of
 * 拍卖 does nothing inside 乒乓球拍 (split that word first), so a correction cannot break words it was not made for.
 * A part keeps the reading of the piece it equals; a join of words that all have one reads as their readings.
 */
export function applyCorrections(pieces: readonly MorphToken[], serialized: string): MorphToken[] {
  if (!serialized) return pieces as MorphToken[];
  const compiled = compile(serialized);
  const out: MorphToken[] = [];
  const starts: number[] = new Array<number>(pieces.length + 1);
  starts[0] = 0;
  for (let k = 0; k < pieces.length; k++) starts[k + 1] = starts[k] + pieces[k].surface.length;
  let line: string | null = null;
  let i = 0;
  while (i < pieces.length) {
    const first = pieces[i];
    if (!first.isWord) {
      out.push(first);
      i++;
      continue;
    }
    // The runs starting here that a correction may cover: they end at a word, with only words and spaces between.
    const start = starts[i];
    const ends = new Map<number, number>();
    for (let j = i; j < pieces.length && starts[j + 1] - start <= compiled.longest; j++) {
      const p = pieces[j];
      if (p.isWord) ends.set(starts[j + 1], j);
      else if (!WHITESPACE_ONLY.test(p.surface)) break;
    }
    let matched = -1;
    let points: number[] | undefined;
    for (const length of compiled.lengths) {
      const j = ends.get(start + length);
      if (j === undefined) continue;
      line ??= pieces.map((p) => p.surface).join('');
      points = compiled.cuts.get(line.slice(start, start + length).toLowerCase());
      if (points) {
        matched = j;
        break;
      }
    }
    if (matched < 0 || !points) {
      out.push(first);
      i++;
      continue;
    }
    pushRecut(out, pieces, starts, i, matched, points, line!);
    i = matched + 1;
  }
  return out;
}

/** Pieces i..j (a corrected string) cut at `points` (offsets from its start). */
function pushRecut(out: MorphToken[], pieces: readonly MorphToken[], starts: number[], i: number, j: number, points: number[], line: string): void {
  const start = starts[i];
  const bounds = [start, ...points.map((p) => start + p), starts[j + 1]];
  // A piece's reading by its span: a part that is a piece the analyzer read keeps the reading.
  const readingBySpan = new Map<string, string>();
  let joined = '';
  let everyWordRead = true;
  for (let k = i; k <= j; k++) {
    const p = pieces[k];
    if (!p.isWord) continue;
    if (p.reading === undefined) everyWordRead = false;
    else {
      readingBySpan.set(`${starts[k]}:${starts[k + 1]}`, p.reading);
      joined += p.reading;
    }
  }
  for (let b = 0; b + 1 < bounds.length; b++) {
    const from = bounds[b];
    const to = bounds[b + 1];
    if (from >= to) continue;
    const reading = bounds.length === 2 && everyWordRead && joined ? joined : readingBySpan.get(`${from}:${to}`);
    pushPart(out, line.slice(from, to), reading);
  }
}

/** An analyzer whose output is corrected (the identity when there are no corrections). */
export function correctedAnalyzer(analyze: MorphAnalyzer, serialized: string | undefined): MorphAnalyzer {
  if (!serialized) return analyze;
  return (line) => applyCorrections(analyze(line), serialized);
}

/**
 * Intl.Segmenter as an analyzer (Thai, Khmer, Lao, Burmese, and Japanese before kuromoji has loaded), so corrections
 * apply to those languages the same way; the tokenizer treats its pieces exactly as it treats the segmenter's own.
 */
const segmenters = new Map<string, Intl.Segmenter>();
export function dictionaryAnalyzer(iso: string): MorphAnalyzer {
  return (line) => {
    let seg = segmenters.get(iso);
    if (!seg) {
      seg = new Intl.Segmenter(iso || undefined, { granularity: 'word' });
      segmenters.set(iso, seg);
    }
    return Array.from(seg.segment(line), (s) => ({ surface: s.segment, isWord: s.isWordLike === true }));
  };
}

/** A correction's problem, or null: parts that make no words, or hold a line break or a tab. */
export function correctionProblem(parts: readonly string[]): 'empty' | 'separator' | null {
  if (parts.length === 0 || parts.some((p) => !LETTER.test(p))) return 'empty';
  if (parts.some((p) => p.includes(PART_SEPARATOR) || p.includes(CORRECTION_SEPARATOR) || p.includes('\r'))) return 'separator';
  return null;
}
