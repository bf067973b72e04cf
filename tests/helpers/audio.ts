// Test audio without system programs: a mono 16-bit PCM WAV written byte by byte (RIFF header + samples).
// The listening tests only need a real, playable file of a known length; what it says does not matter (the
// NLP service is a fake), so each "sentence" is a tone burst whose length follows its text, with silence after.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WavPart {
  /** Seconds of sound (a sine tone). */
  seconds: number;
  /** Seconds of silence after it. */
  pause?: number;
  /** Tone frequency in Hz (default 440). */
  hz?: number;
}

/** The 44-byte header of a mono 16-bit PCM WAV whose samples take `dataBytes` bytes. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A WAV of silence: `seconds` at `sampleRate`. */
export const silentWav = (seconds: number, sampleRate = 8000): Buffer =>
  Buffer.concat([wavHeader(Math.round(seconds * sampleRate) * 2, sampleRate), Buffer.alloc(Math.round(seconds * sampleRate) * 2)]);

/** A WAV file (RIFF, PCM, mono, 16-bit) of the parts in order. */
export function makeWav(parts: WavPart[], sampleRate = 22_050): Buffer {
  const counts = parts.map((p) => ({ sound: Math.round(p.seconds * sampleRate), silence: Math.round((p.pause ?? 0) * sampleRate), hz: p.hz ?? 440 }));
  const samples = counts.reduce((n, c) => n + c.sound + c.silence, 0);
  const data = Buffer.alloc(samples * 2);
  let at = 0;
  for (const c of counts) {
    for (let i = 0; i < c.sound; i++, at++) {
      // A short fade in and out so the tone does not click.
      const edge = Math.min(1, i / 200, (c.sound - i) / 200);
      data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * c.hz * i) / sampleRate) * 8000 * edge), at * 2);
    }
    at += c.silence;
  }
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

/** Seconds a sentence's tone lasts: about what a voice at 140 words a minute would take. */
export const spokenSeconds = (sentence: string) => Math.max(0.6, sentence.split(/\s+/).length * 0.43);

/** The duration in seconds of a WAV written by makeWav (data bytes / byte rate). */
export const wavSeconds = (wav: Buffer) => wav.readUInt32LE(40) / wav.readUInt32LE(28);

/** The checked-in Ogg Vorbis fixture (tests/fixtures/audio/README.md says how it was made). */
export const oggFixture = () => fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/audio/tone.ogg'));
