// Runs in: tests only. Cue joining and sentence timing as they were before spans were packed (src-shared/subtitles/join.ts),
// kept unchanged as the reference tests/unit/subtitles-parse-equivalence.test.ts compares against — except the
// paragraph rule, changed on purpose by issue 32 (one paragraph per group of cues, not one for a whole film) and
// copied here so the comparison still checks the packed spans and the timings.
//
// Runs in: any process (pure). Cues → one text whose sentences run across cue breaks, and the mapping from
// the text's sentences (however the language's parser cut them) back to the cue times.
import type { Cue } from '../../src-shared/subtitles/parse';

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
const PARAGRAPH_PAUSE_S = 2.5;
const PARAGRAPH_CUES = 8;

/**
 * Joins cue texts with spaces (a cue break is not a sentence break), starting a new paragraph after a
 * finished sentence followed by a long silence. Repeated cues (the same text again right away, as
 * auto-generated captions do when a line scrolls) are merged into one span.
 */
export function joinCues(cues: readonly Cue[]): JoinedCues {
  const parts: string[] = [];
  let length = 0;
  const spans: CueSpan[] = [];
  let prev: Cue | null = null;
  let prevText = '';
  let inParagraph = 0;
  let punctuated = false;
  for (const cue of cues) {
    const t = cue.text.trim();
    if (!t) continue;
    if (prev && prevText === t && cue.start - prev.end < 1) {
      spans[spans.length - 1].end = Math.max(spans[spans.length - 1].end, cue.end);
      prev = cue;
      continue;
    }
    if (length && prev) {
      const gap = cue.start - prev.end;
      const ended = SENTENCE_END.test(prevText);
      if (ended) punctuated = true;
      const paragraph = ended
        ? gap >= PARAGRAPH_PAUSE_S || inParagraph >= PARAGRAPH_CUES
        : !punctuated && (gap >= PARAGRAPH_GAP_S || inParagraph >= 2 * PARAGRAPH_CUES);
      if (paragraph) inParagraph = 0;
      const sep = paragraph ? '\n\n' : ' ';
      parts.push(sep);
      length += sep.length;
    }
    inParagraph++;
    spans.push({ from: length, to: length + t.length, start: cue.start, end: cue.end });
    parts.push(t);
    length += t.length;
    prev = cue;
    prevText = t;
  }
  return { text: parts.join(''), spans };
}

/** The span containing offset `at`, or the nearest one before it (offsets between cues belong to the earlier). */
function spanAt(spans: readonly CueSpan[], at: number): CueSpan | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  let found: CueSpan | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].from <= at) {
      found = spans[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found ?? spans[0];
}

/**
 * Timing of each sentence: it starts when the cue holding its first character starts and ends when the cue
 * holding its last character ends. Sentences are those the text's parser produced over `joined.text`.
 * Where one cue holds several sentences, the cue's time is shared out by their length.
 */
export function timingsForSentences(text: string, spans: readonly CueSpan[], sentences: readonly SentenceSpan[]): SentenceTiming[] {
  if (spans.length === 0) return [];
  const out: SentenceTiming[] = [];
  for (const s of sentences) {
    let from = s.from;
    let to = s.from + s.length;
    while (from < to && /\s/.test(text[from])) from++;
    while (to > from && /\s/.test(text[to - 1])) to--;
    if (from >= to) continue;
    const first = spanAt(spans, from)!;
    const last = spanAt(spans, to - 1)!;
    const at = (span: CueSpan, offset: number) => {
      const width = Math.max(1, span.to - span.from);
      const frac = Math.min(1, Math.max(0, (offset - span.from) / width));
      return span.start + (span.end - span.start) * frac;
    };
    const start = first.from === from ? first.start : at(first, from);
    const end = last.to <= to ? last.end : at(last, to);
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
