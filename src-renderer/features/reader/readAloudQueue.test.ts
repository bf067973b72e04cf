import { describe, expect, it } from 'vitest';
import { indexOfOrder, initialReadAloud, readAloudStep, spokenSentences, type ReadAloudEvent, type ReadAloudState } from './readAloudQueue';

const run = (events: ReadAloudEvent[], count = 3, from: ReadAloudState = initialReadAloud()) => events.reduce((s, e) => readAloudStep(s, e, count), from);

describe('the read-aloud queue', () => {
  it('lists the sentences as shown, line breaks as spaces, skipping those without words', () => {
    // "Hola, Ana." ¶ "—" ¶ "¿Qué tal?"
    const tokens = {
      text: ['Hola', ',', ' ', 'Ana', '.', '\n', '—', '\n', '¿', 'Qué', ' ', 'tal', '?'],
      kinds: 'wpswpbpbpwswp',
      sentenceStarts: [0, 6, 8],
    };
    expect(spokenSentences(tokens)).toEqual([
      { order: 1, text: 'Hola, Ana.' },
      { order: 3, text: '¿Qué tal?' },
    ]);
    expect(indexOfOrder(spokenSentences(tokens), 2)).toBe(1);
    expect(indexOfOrder(spokenSentences(tokens), 4)).toBeNull();
  });

  it('plays sentence after sentence on each end, then stops after the last', () => {
    let s = run([{ type: 'play' }]);
    expect(s).toMatchObject({ at: 0, playing: true, gen: 1 });
    s = run([{ type: 'ended', gen: s.gen }], 3, s);
    expect(s).toMatchObject({ at: 1, playing: true, gen: 2 });
    s = run([{ type: 'ended', gen: s.gen }], 3, s);
    s = run([{ type: 'ended', gen: s.gen }], 3, s);
    expect(s).toMatchObject({ at: null, playing: false });
  });

  it('ignores the end of an utterance cancelled by a pause or a jump', () => {
    const playing = run([{ type: 'play', from: 1 }]);
    const paused = run([{ type: 'pause' }], 3, playing);
    expect(paused).toMatchObject({ at: 1, playing: false });
    // Chromium fires the cancelled utterance's end after the pause: nothing moves.
    expect(run([{ type: 'ended', gen: playing.gen }], 3, paused)).toBe(paused);
    // Resume speaks the same sentence again, under a new generation.
    const resumed = run([{ type: 'toggle' }], 3, paused);
    expect(resumed).toMatchObject({ at: 1, playing: true, gen: paused.gen + 1 });
    const jumped = run([{ type: 'step', dir: 1 }], 3, resumed);
    expect(jumped).toMatchObject({ at: 2, playing: true });
    expect(run([{ type: 'ended', gen: resumed.gen }], 3, jumped)).toBe(jumped);
  });

  it('steps within the text, repeats, and restarts the sentence at a new rate only while playing', () => {
    expect(run([{ type: 'step', dir: -1 }])).toMatchObject({ at: 2, playing: false });
    expect(
      run([
        { type: 'play', from: 0 },
        { type: 'step', dir: -1 },
      ]),
    ).toMatchObject({ at: 0, playing: true });
    expect(run([{ type: 'play', from: 9 }])).toMatchObject({ at: 2 });
    const paused = run([{ type: 'play' }, { type: 'pause' }]);
    expect(run([{ type: 'rate', rate: 0.75 }], 3, paused)).toEqual({ ...paused, rate: 0.75 });
    const playing = run([{ type: 'play' }]);
    expect(run([{ type: 'rate', rate: 1.25 }], 3, playing)).toEqual({ ...playing, rate: 1.25, gen: playing.gen + 1 });
    expect(run([{ type: 'repeat' }], 3, paused)).toMatchObject({ at: 0, playing: true, gen: paused.gen + 1 });
    expect(run([{ type: 'repeat' }])).toEqual(initialReadAloud());
    expect(run([{ type: 'play' }, { type: 'stop' }])).toMatchObject({ at: null, playing: false });
  });

  it('does nothing with a text without sentences', () => {
    expect(run([{ type: 'play' }, { type: 'step', dir: 1 }], 0)).toEqual(initialReadAloud());
  });
});
