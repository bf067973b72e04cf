// Runs in: a worker thread (registered as 'subtitles.parse' in src-main/workers/tasks.ts). Subtitle bytes →
// the joined text and its cue spans: the untrusted parsing of up to 10 MB happens off the main thread.
import { decodeSubtitleBytes, parseSubtitles } from './parse';
import { joinCuesPacked } from './join';

export interface ParsedSubtitleFile {
  text: string;
  /** The cue spans packed (packSpans): one array to copy back, not an object per cue. */
  spans: Float64Array;
  cues: number;
  skipped: number;
}

export function parseSubtitleFile(input: { bytes: Uint8Array }): ParsedSubtitleFile {
  const parsed = parseSubtitles(decodeSubtitleBytes(input.bytes));
  const joined = joinCuesPacked(parsed.cues);
  return { text: joined.text, spans: joined.spans, cues: parsed.cues.length, skipped: parsed.skipped };
}
