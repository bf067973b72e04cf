// Runs in: tests only. The subtitle parser as it was before it read lines as offsets (src-shared/subtitles/parse.ts),
// kept unchanged as the reference tests/unit/subtitles-parse-equivalence.test.ts compares against.
//
// Runs in: any process (pure). SRT and WebVTT parsing for the subtitle import: bytes → text (BOM, UTF-16),
// blocks → cues with start/end seconds and clean text (cue numbers, timing lines, tags, positioning
// settings, NOTE/STYLE/REGION blocks removed). A cue whose timing line cannot be read is skipped and counted.
// Written by hand rather than with the `subtitle` package: we need the count of broken cues and the
// byte-level decoding, and the format is small enough to parse carefully here (docs/listening.md).

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

export interface ParsedSubtitles {
  format: 'srt' | 'vtt';
  cues: Cue[];
  /** Blocks that looked like cues but could not be read (bad timing line, end before start). */
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lrm: '', rlm: '' };

const MARKUP = /[<{&\t\u00a0]| {2}/;

/** Removes markup from cue text: <i>, <b>, <u>, <c.class>, <v Speaker>, <lang>, <ruby>, inline timestamps, {\an8}. */
export function cleanCueText(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    // Most cue lines are plain words: no regex work for them.
    const line = MARKUP.test(raw)
      ? raw
          .replace(/<rt>[\s\S]*?<\/rt>/gi, '')
          .replace(/<[^>\n]*>/g, '')
          .replace(/\{\\[^}]*\}/g, '')
          .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
            if (name[0] === '#') {
              const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
              return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
            }
            return ENTITIES[name.toLowerCase()] ?? all;
          })
          .replace(/[ \t\u00a0]+/g, ' ')
          .trim()
      : raw.trim();
    if (line) out = out ? `${out} ${line}` : line;
  }
  return out;
}

const isSpace = (c: number) => c === 32 || c === 9;

/** Reads one block (lines between blank lines): a cue, a skipped VTT block, or a broken cue. */
function readBlock(lines: string[], format: 'srt' | 'vtt', first: boolean, cues: Cue[]): 'cue' | 'other' | 'broken' {
  const head = lines[0];
  if (format === 'vtt') {
    if (first && head.startsWith('WEBVTT')) return 'other';
    for (const kw of ['NOTE', 'STYLE', 'REGION']) if (head.startsWith(kw) && (head.length === kw.length || isSpace(head.charCodeAt(kw.length)))) return 'other';
  }
  // An SRT cue is "number, timing, text"; a VTT cue is "[identifier,] timing, text".
  const timingAt = head.includes('-->') ? 0 : lines.length > 1 && lines[1].includes('-->') ? 1 : -1;
  if (timingAt < 0) return 'broken';
  const timing = lines[timingAt];
  const arrow = timing.indexOf('-->');
  const right = timing.slice(arrow + 3).trimStart();
  let cut = 0;
  while (cut < right.length && !isSpace(right.charCodeAt(cut))) cut++;
  const start = parseTimestamp(timing.slice(0, arrow));
  const end = parseTimestamp(right.slice(0, cut));
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 'broken';
  const text = cleanCueText(timingAt + 1 < lines.length ? lines.slice(timingAt + 1) : []);
  if (text) cues.push({ start, end, text });
  return 'cue';
}

/**
 * Parses SRT or WebVTT text (the format is detected from the WEBVTT header, else SRT). One pass over the
 * lines with indexOf: a 10 MB file must not be copied by global replaces (CRLF, BOM) first.
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
  let block: string[] = [];
  const flush = () => {
    if (readBlock(block, format, first, cues) === 'broken') skipped++;
    first = false;
    block = [];
  };
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
    if (blank) {
      if (block.length) flush();
    } else block.push(input.slice(pos, lineEnd));
    pos = end + 1;
  }
  if (block.length) flush();
  // Cues are in time order in nearly every file; sort only when one is not.
  for (let i = 1; i < cues.length; i++) {
    if (cues[i].start < cues[i - 1].start) {
      cues.sort((a, b) => a.start - b.start);
      break;
    }
  }
  return { format, cues, skipped };
}
