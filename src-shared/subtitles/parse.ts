// Runs in: any process (pure). SRT and WebVTT parsing for the subtitle import: bytes → text (BOM, UTF-16),
// blocks → cues with start/end seconds and clean text (cue numbers, timing lines, tags, positioning
// settings, NOTE/STYLE/REGION blocks removed). A cue whose timing line cannot be read is skipped and counted.
// Written by hand rather than with the `subtitle` package: we need the count of broken cues and the
// byte-level decoding, and the format is small enough to parse carefully here (docs/listening.md).
import { decodeEntities } from '../html/entities';

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

export interface ParsedSubtitles {
  format: 'srt' | 'vtt';
  cues: Cue[];
  /** Blocks that looked like cues but could not be read (bad timing line, end before start, over CUE_MAX_CHARS). */
  skipped: number;
}

/** Decodes subtitle bytes: UTF-8 (with or without BOM), UTF-16 LE/BE (BOM or detected from NUL bytes). */
export function decodeSubtitleBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  // No BOM: UTF-16 text of Latin-script subtitles has a NUL in every other byte.
  const probe = Math.min(bytes.length, 4096) & ~1;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < probe; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  if (probe >= 8 && oddNul > probe / 8 && evenNul === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (probe >= 8 && evenNul > probe / 8 && oddNul === 0) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * The longest cue kept, in characters of its text lines as written. A spoken line is a few hundred characters at
 * most; a cue of megabytes became one sentence the main thread tokenized and timed in one go (1.1 s for 5 MB,
 * issue 34), so a longer one is skipped and counted like an unreadable cue.
 */
export const CUE_MAX_CHARS = 10_000;

const TIME = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;

/** "01:02:03,500", "02:03.500", "00:01:02.5" → seconds; NaN when unreadable. */
export function parseTimestamp(raw: string): number {
  const m = TIME.exec(raw.trim());
  if (!m) return NaN;
  const [, h, min, s, frac] = m;
  if (Number(min) > 59 && h !== undefined) return NaN;
  if (Number(s) > 59) return NaN;
  const ms = frac ? Number(frac.padEnd(3, '0')) : 0;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + ms / 1000;
}

const MARKUP = /[<{&\t\u00a0]| {2}/;

/** Removes markup from cue text: <i>, <b>, <u>, <c.class>, <v Speaker>, <lang>, <ruby>, inline timestamps, {\an8}. */
export function cleanCueText(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    // Most cue lines are plain words: no regex work for them.
    const line = MARKUP.test(raw)
      ? decodeEntities(
          raw
            .replace(/<rt>[\s\S]*?<\/rt>/gi, '')
            .replace(/<[^>\n]*>/g, '')
            .replace(/\{\\[^}]*\}/g, ''),
        )
          // Direction marks (&lrm;, &rlm;) say nothing in one line of plain text.
          .replace(/[\u200e\u200f]/g, '')
          .replace(/[ \t\u00a0]+/g, ' ')
          .trim()
      : raw.trim();
    if (line) out = out ? `${out} ${line}` : line;
  }
  return out;
}

const isSpace = (c: number) => c === 32 || c === 9;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * parseTimestamp of input[from, to) without slicing it or running the regex, for the shapes real files use:
 * [h:]mm:ss[.mmm] between spaces or tabs. Anything else (other whitespace, a shape the regex would judge)
 * gives undefined, and the caller asks parseTimestamp: whatever this returns, parseTimestamp returns too.
 */
function quickTimestamp(input: string, from: number, to: number): number | undefined {
  let i = from;
  let end = to;
  while (i < end && isSpace(input.charCodeAt(i))) i++;
  while (end > i && isSpace(input.charCodeAt(end - 1))) end--;
  // Up to three digit groups split by ':' (a, b, c), then an optional fraction.
  let a = 0;
  let b = 0;
  let c = 0;
  let aWidth = 0;
  let bWidth = 0;
  let cWidth = 0;
  let groups = 0;
  for (;;) {
    if (groups === 3) return undefined;
    let value = 0;
    let digits = 0;
    while (i < end && isDigit(input.charCodeAt(i))) {
      value = value * 10 + input.charCodeAt(i) - 48;
      digits++;
      i++;
    }
    if (digits === 0 || digits > 3) return undefined;
    if (groups === 0) {
      a = value;
      aWidth = digits;
    } else if (groups === 1) {
      b = value;
      bWidth = digits;
    } else {
      c = value;
      cWidth = digits;
    }
    groups++;
    if (i < end && input.charCodeAt(i) === 58) i++;
    else break;
  }
  let ms = 0;
  if (i < end) {
    const sep = input.charCodeAt(i);
    if (sep !== 46 && sep !== 44) return undefined;
    i++;
    let digits = 0;
    while (i < end && isDigit(input.charCodeAt(i))) {
      ms = ms * 10 + input.charCodeAt(i) - 48;
      digits++;
      i++;
    }
    if (digits === 0 || digits > 3 || i < end) return undefined;
    ms *= digits === 1 ? 100 : digits === 2 ? 10 : 1;
  }
  if (groups < 2) return undefined;
  const hours = groups === 3;
  const h = hours ? a : 0;
  const min = hours ? b : a;
  const sec = hours ? c : b;
  // Minutes and seconds have at most two digits (hours-less: the first group is the minutes).
  if ((hours ? bWidth : aWidth) > 2 || (hours ? cWidth : bWidth) > 2) return undefined;
  // The regex's checks, in its order and with its arithmetic, so the two agree to the bit.
  if (min > 59 && hours) return NaN;
  if (sec > 59) return NaN;
  return h * 3600 + min * 60 + sec + ms / 1000;
}

/** A timestamp of input[from, to): quickTimestamp, else the regex on the slice. */
const timestampAt = (input: string, from: number, to: number): number => quickTimestamp(input, from, to) ?? parseTimestamp(input.slice(from, to));

/**
 * The lines of one block (between blank lines) as [start, end) offsets into the input, without their line
 * ending, and where the next "-->" is: remembered, so a file without any costs one search, not one per line.
 */
class Block {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** Lines in the block (the arrays are reused from block to block). */
  length = 0;
  private arrowAt = -2;

  constructor(private readonly input: string) {}

  add(start: number, end: number): void {
    this.starts[this.length] = start;
    this.ends[this.length++] = end;
  }

  line(k: number): string {
    return this.input.slice(this.starts[k], this.ends[k]);
  }

  /** Offset of the first "-->" on line k, or -1. Lines are asked in input order. */
  arrow(k: number): number {
    const from = this.starts[k];
    if (this.arrowAt !== -1 && this.arrowAt < from) this.arrowAt = this.input.indexOf('-->', from);
    return this.arrowAt >= 0 && this.arrowAt + 3 <= this.ends[k] ? this.arrowAt : -1;
  }

  clear(): void {
    this.length = 0;
  }
}

/** Reads one block: a cue, a skipped VTT block, or a broken cue. */
function readBlock(block: Block, input: string, format: 'srt' | 'vtt', first: boolean, cues: Cue[]): 'cue' | 'other' | 'broken' {
  const headStart = block.starts[0];
  const headLength = block.ends[0] - headStart;
  if (format === 'vtt') {
    if (first && input.startsWith('WEBVTT', headStart)) return 'other';
    for (const kw of ['NOTE', 'STYLE', 'REGION'])
      if (input.startsWith(kw, headStart) && (headLength === kw.length || isSpace(input.charCodeAt(headStart + kw.length)))) return 'other';
  }
  // An SRT cue is "number, timing, text"; a VTT cue is "[identifier,] timing, text".
  let arrow = block.arrow(0);
  let timingAt = 0;
  if (arrow < 0 && block.length > 1) {
    arrow = block.arrow(1);
    timingAt = 1;
  }
  if (arrow < 0) return 'broken';
  const lineEnd = block.ends[timingAt];
  // The end time is the first word after the arrow; cue settings (position:20% …) follow it.
  let from = arrow + 3;
  while (from < lineEnd && isSpace(input.charCodeAt(from))) from++;
  // Whitespace other than spaces and tabs after the arrow: the general reading decides.
  if (from < lineEnd && /\s/.test(input[from])) return readTimingSlow(block, timingAt, cues);
  let cut = from;
  while (cut < lineEnd && !isSpace(input.charCodeAt(cut))) cut++;
  const start = timestampAt(input, block.starts[timingAt], arrow);
  const end = timestampAt(input, from, cut);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 'broken';
  return pushCue(block, timingAt, start, end, cues);
}

/** The timing line read with strings (trimStart takes any whitespace): the rare lines quickTimestamp leaves. */
function readTimingSlow(block: Block, timingAt: number, cues: Cue[]): 'cue' | 'broken' {
  const timing = block.line(timingAt);
  const arrow = timing.indexOf('-->');
  const right = timing.slice(arrow + 3).trimStart();
  let cut = 0;
  while (cut < right.length && !isSpace(right.charCodeAt(cut))) cut++;
  const start = parseTimestamp(timing.slice(0, arrow));
  const end = parseTimestamp(right.slice(0, cut));
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 'broken';
  return pushCue(block, timingAt, start, end, cues);
}

function pushCue(block: Block, timingAt: number, start: number, end: number, cues: Cue[]): 'cue' | 'broken' {
  let written = 0;
  for (let k = timingAt + 1; k < block.length; k++) written += block.ends[k] - block.starts[k];
  if (written > CUE_MAX_CHARS) return 'broken';
  let text: string;
  if (block.length === timingAt + 2) {
    // One text line, the usual cue: cleanCueText([line]) without the array.
    const line = block.line(timingAt + 1);
    text = MARKUP.test(line) ? cleanCueText([line]) : line.trim();
  } else {
    const lines: string[] = [];
    for (let k = timingAt + 1; k < block.length; k++) lines.push(block.line(k));
    text = cleanCueText(lines);
  }
  if (text) cues.push({ start, end, text });
  return 'cue';
}

/**
 * Parses SRT or WebVTT text (the format is detected from the WEBVTT header, else SRT). One pass over the
 * lines with indexOf, each line an offset pair until its block is read: a 10 MB file must not be copied by
 * global replaces (CRLF, BOM) first, nor cut into a string per line.
 */
export function parseSubtitles(source: string): ParsedSubtitles {
  let input = source;
  // Old Mac files end lines with a lone CR.
  if (input.indexOf('\n') < 0 && input.indexOf('\r') >= 0) input = input.replace(/\r/g, '\n');
  let pos = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  const after = input.charCodeAt(pos + 6);
  const format: 'srt' | 'vtt' = input.startsWith('WEBVTT', pos) && (Number.isNaN(after) || isSpace(after) || after === 10 || after === 13) ? 'vtt' : 'srt';
  const cues: Cue[] = [];
  let skipped = 0;
  let first = true;
  const block = new Block(input);
  const n = input.length;
  while (pos < n) {
    let end = input.indexOf('\n', pos);
    if (end < 0) end = n;
    let lineEnd = end;
    if (lineEnd > pos && input.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    let blank = true;
    for (let i = pos; i < lineEnd; i++) {
      if (!isSpace(input.charCodeAt(i))) {
        blank = false;
        break;
      }
    }
    if (!blank) block.add(pos, lineEnd);
    else if (block.length) {
      if (readBlock(block, input, format, first, cues) === 'broken') skipped++;
      first = false;
      block.clear();
    }
    pos = end + 1;
  }
  if (block.length && readBlock(block, input, format, first, cues) === 'broken') skipped++;
  // Cues are in time order in nearly every file; sort only when one is not.
  for (let i = 1; i < cues.length; i++) {
    if (cues[i].start < cues[i - 1].start) {
      cues.sort((a, b) => a.start - b.start);
      break;
    }
  }
  return { format, cues, skipped };
}
