// The subtitle parser reads lines as offsets and timestamps without the regex (src-shared/subtitles/parse.ts);
// the parser it replaced (tests/unit/subtitles-reference.ts, kept unchanged) must read every file the same:
// same cues, times to the bit, texts and skipped count, on real shapes and on random damage to them.
import { describe, expect, it } from 'vitest';
import { joinCues, parseSubtitles, parseTimestamp, timingsForSentences, type Cue } from '../../src-shared/subtitles';
import { joinCuesPacked } from '../../src-shared/subtitles/join';
import * as joinReference from './subtitles-join-reference';
import * as reference from './subtitles-reference';

const stamp = (s: number, sep = ',') => {
  const p = (x: number, w = 2) => String(x).padStart(w, '0');
  const ms = Math.round(s * 1000);
  return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)}${sep}${p(ms % 1000, 3)}`;
};

function srt(cues: number, eol = '\r\n'): string {
  let out = '';
  for (let i = 1; i <= cues; i++)
    out += `${i}${eol}${stamp(i * 2)} --> ${stamp(i * 2 + 1.8)}${eol}Line ${i} of the <i>cue</i>${i % 3 ? '' : '.'}${eol}${i % 5 ? '' : `second line &amp; more${eol}`}${eol}`;
  return out;
}

const VTT = `\ufeffWEBVTT - a test\n\nSTYLE\n::cue { color: yellow }\n\nNOTE a comment\nspanning lines\n\nintro\n00:01.000 --> 00:03.000 line:0 position:20% align:start\n<v Anna>Guten <b>Morgen</b>, wie</v>\n\n00:03.200 -->\t00:05.000\n<c.yellow>geht es &amp; dir?</c>\n\nREGION\nid:fred\n\n00:00:06.000 --> 00:00:08.000\nSehr <00:00:06.500>gut.\n\n1:02:03.4 --> 1:02:04\nNo leading zeros\n\n123:00:00.000 --> 123:00:01.000\nHundreds of hours\n`;

function expectSame(text: string) {
  expect(parseSubtitles(text)).toEqual(reference.parseSubtitles(text));
}

describe('subtitle parser equals the parser it replaced', () => {
  it('on SRT with CRLF, LF and lone CR line endings, and on VTT with headers, blocks and settings', () => {
    expectSame(srt(300));
    expectSame(srt(300, '\n'));
    expectSame(srt(50, '\r'));
    expectSame(srt(20).trimEnd());
    expectSame(VTT);
    expectSame(VTT.replace(/\n/g, '\r\n'));
  });

  it('reads timestamps exactly as the regex does', () => {
    const parts = ['', '0', '1', '00', '59', '60', '99', '123', '1234', ':', '.', ',', ' ', '\t', '\u00a0', 'x', '-', '5'];
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const samples = [
      '01:02:03,500',
      '02:03.5',
      '00:00:00.001',
      '1:2:3:4',
      ' 00:01.000 ',
      '\u00a000:01.000',
      '100:00:00.000',
      '00:60:00.000',
      '60:00.000',
      '00:00:60.000',
    ];
    for (let k = 0; k < 5000; k++) {
      let s = '';
      for (let j = rand(8); j >= 0; j--) s += parts[rand(parts.length)];
      samples.push(s);
    }
    for (const s of samples) {
      // Each sample as a cue's start and end, so the offset readers see it too.
      const file = `1\n${s} --> ${s.replace(/\s/g, '')}\nText\n`;
      expect(parseTimestamp(s)).toBe(reference.parseTimestamp(s));
      expectSame(file);
    }
  });

  it('on random damage to real shapes: cut lines, lost blank lines, stray arrows and whitespace', () => {
    const base = srt(40) + VTT;
    const pieces = ['\n', '\r\n', '\n\n', '-->', ' --> ', '\t', '\u00a0', 'NOTE', 'WEBVTT', '12', ':', ',', '.', '<i>', '&amp;', '\ufeff', ''];
    let seed = 5;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 400; round++) {
      let text = base;
      for (let e = rand(12); e >= 0; e--) {
        const at = rand(text.length);
        const cut = rand(4);
        text = text.slice(0, at) + pieces[rand(pieces.length)] + text.slice(at + cut);
      }
      expectSame(text);
      expectSame(`WEBVTT\n\n${text}`);
    }
  });

  it('joins cues and times sentences as before, the packed spans included', () => {
    let seed = 3;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const texts = ['Hello there.', 'Hello there.', 'and then', ' spaced out ', '', 'Why?', 'Done!»', 'no end', '…'];
    for (let round = 0; round < 200; round++) {
      const cues: Cue[] = [];
      let at = 0;
      for (let i = rand(30); i >= 0; i--) {
        at += [0, 0.2, 0.5, 1.5, 3, 5][rand(6)];
        const end = at + [0, 0.5, 2][rand(3)];
        cues.push({ start: at, end, text: texts[rand(texts.length)] });
        at = end;
      }
      const want = joinReference.joinCues(cues);
      expect(joinCues(cues)).toEqual(want);
      const packed = joinCuesPacked(cues);
      expect(packed.text).toBe(want.text);
      expect(Array.from(packed.spans)).toEqual(want.spans.flatMap((s) => [s.from, s.to, s.start, s.end]));
      // Sentences cut anywhere, including whitespace-only and empty ones.
      const sentences = [];
      for (let from = 0, order = 1; from < want.text.length; order++) {
        const length = 1 + rand(25);
        sentences.push({ order, from, length });
        from += length;
      }
      const timings = joinReference.timingsForSentences(want.text, want.spans, sentences);
      expect(timingsForSentences(want.text, want.spans, sentences)).toEqual(timings);
      expect(timingsForSentences(want.text, packed.spans, sentences)).toEqual(timings);
    }
  });
});
