// Runs in: any process (pure). Cues → one text whose sentences run across cue breaks, and the mapping from
// the text's sentences (however the language's parser cut them) back to the cue times.
import type { Cue } from './parse';

/** A cue's place in the joined text: UTF-16 offsets [from, to) and its times in seconds. */
export interface CueSpan {
  from: number;
  to: number;
  start: number;
  end: number;
}

export interface JoinedCues {
  text: string;
  spans: CueSpan[];
}

/** A sentence of the stored text: its order (SeOrder, 1-based) and its UTF-16 span in the text. */
export interface SentenceSpan {
  order: number;
  from: number;
  length: number;
}

export interface SentenceTiming {
  order: number;
  start: number;
  end: number;
}

const SENTENCE_END = /[.!?…。！？‼⁇⁈⁉][»"'”’)\]]*$/u;
/** A silence this long after a finished sentence starts a new paragraph. */
export const PARAGRAPH_GAP_S = 3;
/** A shorter pause after a finished sentence starts one too (a change of speaker or scene in a film). */
export const PARAGRAPH_PAUSE_S = 2.5;
/** A paragraph this many cues long ends at the next finished sentence, pause or not. */
export const PARAGRAPH_CUES = 8;

/**
 * Joins cue texts with spaces (a cue break is not a sentence break), one paragraph per group of cues: a
 * paragraph ends after a finished sentence followed by a pause, or after a finished sentence once it holds
 * PARAGRAPH_CUES cues (a film whose lines follow each other closely is not one paragraph). Captions without any
 * punctuation (automatic ones) have no finished sentences: there a long silence, or twice PARAGRAPH_CUES cues,
 * ends the paragraph. Repeated cues (the same text again right away, as auto-generated captions do when a line
 * scrolls) are merged into one span.
 */
export function joinCues(cues: readonly Cue[]): JoinedCues {
  const { text, spans: packed } = joinCuesPacked(cues);
  const spans: CueSpan[] = [];
  for (let k = 0; k < packed.length; k += 4) spans.push({ from: packed[k], to: packed[k + 1], start: packed[k + 2], end: packed[k + 3] });
  return { text, spans };
}

/** joinCues with the spans packed (packSpans): what the subtitle worker sends back, without an object per cue. */
export function joinCuesPacked(cues: readonly Cue[]): { text: string; spans: Float64Array } {
  const parts: string[] = [];
  let length = 0;
  const spans = new Float64Array(cues.length * 4);
  let k = 0;
  let prev: Cue | null = null;
  let prevText = '';
  let inParagraph = 0;
  let punctuated = false;
  for (const cue of cues) {
    const t = cue.text.trim();
    if (!t) continue;
    if (prev && prevText === t && cue.start - prev.end < 1) {
      spans[k - 1] = Math.max(spans[k - 1], cue.end);
      prev = cue;
      continue;
    }
    if (length && prev) {
      const gap = cue.start - prev.end;
      const ended = SENTENCE_END.test(prevText);
      punctuated ||= ended;
      const paragraph = ended
        ? gap >= PARAGRAPH_PAUSE_S || inParagraph >= PARAGRAPH_CUES
        : !punctuated && (gap >= PARAGRAPH_GAP_S || inParagraph >= 2 * PARAGRAPH_CUES);
      const sep = paragraph ? '\n\n' : ' ';
      if (paragraph) inParagraph = 0;
      parts.push(sep);
      length += sep.length;
    }
    inParagraph++;
    spans[k++] = length;
    spans[k++] = length + t.length;
    spans[k++] = cue.start;
    spans[k++] = cue.end;
    parts.push(t);
    length += t.length;
    prev = cue;
    prevText = t;
  }
  return { text: parts.join(''), spans: spans.slice(0, k) };
}

/**
 * Cue spans packed four numbers each (from, to, start, end), in order: one array instead of an object per cue,
 * copied from the subtitle worker in one piece.
 */
export function packSpans(spans: readonly CueSpan[]): Float64Array {
  const packed = new Float64Array(spans.length * 4);
  for (let i = 0, k = 0; i < spans.length; i++) {
    const s = spans[i];
    packed[k++] = s.from;
    packed[k++] = s.to;
    packed[k++] = s.start;
    packed[k++] = s.end;
  }
  return packed;
}

/** Index of the span containing offset `at`, or the nearest one before it (offsets between cues belong to the earlier); 0 before the first. */
function spanAt(spans: Float64Array, at: number): number {
  let lo = 0;
  let hi = spans.length / 4 - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid * 4] <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found * 4;
}

const WHITESPACE = /\s/;

/**
 * Timing of each sentence: it starts when the cue holding its first character starts and ends when the cue
 * holding its last character ends. Sentences are those the text's parser produced over `joined.text`.
 * Where one cue holds several sentences, the cue's time is shared out by their length.
 */
export function timingsForSentences(text: string, cueSpans: readonly CueSpan[] | Float64Array, sentences: readonly SentenceSpan[]): SentenceTiming[] {
  const spans = cueSpans instanceof Float64Array ? cueSpans : packSpans(cueSpans);
  if (spans.length === 0) return [];
  const out: SentenceTiming[] = [];
  // The time at `offset` of the span at index k (packed): its start, plus its length's share.
  const at = (k: number, offset: number) => {
    const width = Math.max(1, spans[k + 1] - spans[k]);
    const frac = Math.min(1, Math.max(0, (offset - spans[k]) / width));
    return spans[k + 2] + (spans[k + 3] - spans[k + 2]) * frac;
  };
  for (const s of sentences) {
    let from = s.from;
    let to = s.from + s.length;
    while (from < to && WHITESPACE.test(text[from])) from++;
    while (to > from && WHITESPACE.test(text[to - 1])) to--;
    if (from >= to) continue;
    const first = spanAt(spans, from);
    const last = spanAt(spans, to - 1);
    const start = spans[first] === from ? spans[first + 2] : at(first, from);
    const end = spans[last + 1] <= to ? spans[last + 3] : at(last, to);
    out.push({ order: s.order, start: round(start), end: round(Math.max(start, end)) });
  }
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** A simple sentence cut of the joined text, for previews and tests (the stored text uses the language's parser). */
export function previewSentences(joined: JoinedCues): { text: string; start: number; end: number }[] {
  const sentences: SentenceSpan[] = [];
  const re = /[^.!?…。！？\n]+(?:[.!?…。！？]+[»"'”’)\]]*|\n+|$)/gu;
  let m: RegExpExecArray | null;
  let order = 1;
  while ((m = re.exec(joined.text)) && m[0].length > 0) sentences.push({ order: order++, from: m.index, length: m[0].length });
  const timings = timingsForSentences(joined.text, joined.spans, sentences);
  return timings.map((t) => {
    const s = sentences[t.order - 1];
    return { text: joined.text.slice(s.from, s.from + s.length).trim(), start: t.start, end: t.end };
  });
}
