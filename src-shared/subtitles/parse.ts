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

/** Removes markup from cue text: <i>, <b>, <u>, <c.class>, <v Speaker>, <lang>, <ruby>, inline timestamps, {\an8}. */
export function cleanCueText(lines: readonly string[]): string {
  return lines
    .map((line) =>
      line
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
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
}

/** Parses SRT or WebVTT text (the format is detected from the WEBVTT header, else SRT). */
export function parseSubtitles(input: string): ParsedSubtitles {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const format: 'srt' | 'vtt' = /^WEBVTT(?:[ \t\n]|$)/.test(text) ? 'vtt' : 'srt';
  const blocks = text.split(/\n[ \t]*\n/);
  const cues: Cue[] = [];
  let skipped = 0;
  for (let b = 0; b < blocks.length; b++) {
    const lines = blocks[b].split('\n').filter((l, i, all) => !(l.trim() === '' && (i === 0 || i === all.length - 1)));
    if (lines.length === 0 || lines.every((l) => l.trim() === '')) continue;
    if (format === 'vtt') {
      if (b === 0 && lines[0].startsWith('WEBVTT')) continue;
      if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(lines[0])) continue;
    }
    const timingAt = lines.findIndex((l) => l.includes('-->'));
    // An SRT cue is "number, timing, text"; a VTT cue is "[identifier,] timing, text".
    if (timingAt < 0 || timingAt > 1) {
      skipped++;
      continue;
    }
    const [left, rightWithSettings] = lines[timingAt].split('-->');
    const right = rightWithSettings.trim().split(/[ \t]+/)[0] ?? '';
    const start = parseTimestamp(left);
    const end = parseTimestamp(right);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) {
      skipped++;
      continue;
    }
    const cueText = cleanCueText(lines.slice(timingAt + 1));
    if (cueText) cues.push({ start, end, text: cueText });
  }
  cues.sort((a, b) => a.start - b.start);
  return { format, cues, skipped };
}
