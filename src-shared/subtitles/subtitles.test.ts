import { describe, expect, it } from 'vitest';
import { CUE_MAX_CHARS } from './parse';
import { decodeSubtitleBytes, joinCues, parseSubtitles, parseTimestamp, previewSentences, timingsForSentences } from './index';

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  '<i>Hello there,</i> my',
  '',
  '2',
  '00:00:02,600 --> 00:00:04,000',
  'friend. How are',
  '',
  '3',
  '00:00:04,100 --> 00:00:05,900 X1:40 X2:600',
  '{\\an8}you today?',
  '',
].join('\r\n');

const VTT = `WEBVTT - a test

STYLE
::cue { color: yellow }

NOTE this is a comment
spanning lines

intro
00:01.000 --> 00:03.000 line:0 position:20% align:start
<v Anna>Guten <b>Morgen</b>, wie</v>

00:03.200 --> 00:05.000
<c.yellow>geht es &amp; dir?</c>

REGION
id:fred

00:00:06.000 --> 00:00:08.000
Sehr <00:00:06.500>gut.
`;

describe('parseSubtitles', () => {
  it('reads SRT with CRLF, removing numbers, timing lines, tags and positions', () => {
    const p = parseSubtitles(SRT);
    expect(p.format).toBe('srt');
    expect(p.skipped).toBe(0);
    expect(p.cues).toEqual([
      { start: 1, end: 2.5, text: 'Hello there, my' },
      { start: 2.6, end: 4, text: 'friend. How are' },
      { start: 4.1, end: 5.9, text: 'you today?' },
    ]);
  });

  it('reads VTT with tags, NOTE, STYLE, REGION, identifiers and cue settings', () => {
    const p = parseSubtitles(VTT);
    expect(p.format).toBe('vtt');
    expect(p.skipped).toBe(0);
    expect(p.cues.map((c) => c.text)).toEqual(['Guten Morgen, wie', 'geht es & dir?', 'Sehr gut.']);
    expect(p.cues[0]).toMatchObject({ start: 1, end: 3 });
    expect(p.cues[2]).toMatchObject({ start: 6, end: 8 });
    expect(JSON.stringify(p)).not.toMatch(/color|comment|fred|position|Anna/);
  });

  it('skips and counts broken cues without failing', () => {
    const text =
      '1\n00:00:01,000 --> 00:00:02,000\nOne.\n\n2\n00:00:xx,000 --> 00:00:03,000\nBroken.\n\n3\n00:00:05,000 --> 00:00:04,000\nBackwards.\n\njust some stray text\n\n4\n00:00:06,000 --> 00:00:07,000\nFour.\n';
    const p = parseSubtitles(text);
    expect(p.cues.map((c) => c.text)).toEqual(['One.', 'Four.']);
    expect(p.skipped).toBe(3);
  });

  it('skips and counts a cue longer than CUE_MAX_CHARS (a whole book in one cue)', () => {
    const long = `${'a'.repeat(CUE_MAX_CHARS / 2)}\n${'b'.repeat(CUE_MAX_CHARS / 2 + 1)}`;
    const p = parseSubtitles(`1\n00:00:01,000 --> 00:00:02,000\n${long}\n\n2\n00:00:03,000 --> 00:00:04,000\nKept.\n`);
    expect(p.cues.map((c) => c.text)).toEqual(['Kept.']);
    expect(p.skipped).toBe(1);
    expect(parseSubtitles(`00:00:01.000 --> 00:00:02.000\n${'c'.repeat(CUE_MAX_CHARS)}\n`).cues).toHaveLength(1);
  });

  it('parses timestamps in every shape', () => {
    expect(parseTimestamp('01:02:03,500')).toBe(3723.5);
    expect(parseTimestamp('02:03.5')).toBe(123.5);
    expect(parseTimestamp('00:00:00.001')).toBe(0.001);
    expect(parseTimestamp('1:2:3:4')).toBeNaN();
  });
});

describe('decodeSubtitleBytes', () => {
  const text = '1\n00:00:01,000 --> 00:00:02,000\nÜber Straßen.\n';
  it('handles the UTF-8 BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(parseSubtitles(decodeSubtitleBytes(bytes)).cues[0].text).toBe('Über Straßen.');
  });
  it('handles UTF-16 LE with BOM, UTF-16 BE with BOM and UTF-16 LE without', () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeSubtitleBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe(text);
    expect(decodeSubtitleBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
    expect(decodeSubtitleBytes(le)).toBe(text);
  });
});

describe('joining cues into sentences', () => {
  it('joins across cue breaks and times each sentence from its cues', () => {
    const joined = joinCues(parseSubtitles(SRT).cues);
    expect(joined.text).toBe('Hello there, my friend. How are you today?');
    expect(previewSentences(joined)).toEqual([
      { text: 'Hello there, my friend.', start: 1, end: 3.253 },
      { text: 'How are you today?', start: 3.347, end: 5.9 },
    ]);
  });

  it('starts a new paragraph after a finished sentence and a long silence', () => {
    const joined = joinCues([
      { start: 0, end: 1, text: 'One.' },
      { start: 5, end: 6, text: 'Two.' },
      { start: 6.2, end: 7, text: 'Three' },
    ]);
    expect(joined.text).toBe('One.\n\nTwo. Three');
  });

  it('keeps one paragraph per group of cues in a film whose lines follow closely', () => {
    // 40 short lines 0.2 s apart, each a finished sentence: not one paragraph for the whole film.
    const cues = Array.from({ length: 40 }, (_, i) => ({ start: i * 2, end: i * 2 + 1.8, text: `Line ${i + 1}.` }));
    const paragraphs = joinCues(cues).text.split('\n\n');
    expect(paragraphs).toHaveLength(5);
    expect(paragraphs[0]).toBe('Line 1. Line 2. Line 3. Line 4. Line 5. Line 6. Line 7. Line 8.');
    // A pause (2.6 s) after a finished sentence ends a paragraph early; the same pause mid-sentence does not.
    const paused = joinCues([
      { start: 0, end: 1, text: 'We left' },
      { start: 3.6, end: 4.6, text: 'at dawn.' },
      { start: 7.2, end: 8, text: 'It rained.' },
    ]);
    expect(paused.text).toBe('We left at dawn.\n\nIt rained.');
  });

  it('cuts captions without punctuation at long silences and every 16 cues', () => {
    const cues = Array.from({ length: 20 }, (_, i) => ({ start: i * 2, end: i * 2 + 1.9, text: `word${i + 1}` }));
    cues.push({ start: 60, end: 61, text: 'after a silence' });
    const paragraphs = joinCues(cues).text.split('\n\n');
    expect(paragraphs.map((p) => p.split(' ').length)).toEqual([16, 4, 3]);
  });

  it('maps parser sentences (any cut) to cue times', () => {
    const joined = joinCues([
      { start: 10, end: 12, text: 'A b' },
      { start: 12, end: 14, text: 'c. D e.' },
    ]);
    // "A b c." = [0, 6), " D e." = [6, 11)
    const t = timingsForSentences(joined.text, joined.spans, [
      { order: 1, from: 0, length: 6 },
      { order: 2, from: 6, length: 5 },
    ]);
    expect(t[0]).toEqual({ order: 1, start: 10, end: expect.closeTo(12.571, 2) });
    expect(t[1].start).toBeGreaterThan(12.5);
    expect(t[1].end).toBe(14);
  });
});
