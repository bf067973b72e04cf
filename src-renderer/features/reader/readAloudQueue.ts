// Runs in: renderer (pure). Read-aloud with a system voice as a queue of sentences: which sentence is spoken, whether
// it plays, at what rate, and a generation number that changes whenever what is spoken must change (a new
// sentence, a pause, a new rate). The hook (useReadAloud) speaks one utterance per generation; an utterance's end
// names its generation, so the end of one cancelled by a pause or a jump (Chromium fires it) moves nothing.
import type { ReaderTokens } from '../../../src-shared/contract/reader';

/** A sentence to speak: its order in the text (1-based, as sentence timings count) and its words. */
export interface SpokenSentence {
  order: number;
  text: string;
}

export interface ReadAloudState {
  /** Index into the sentences of the one spoken (or paused on); null before the start and after the end. */
  at: number | null;
  playing: boolean;
  rate: number;
  gen: number;
}

export type ReadAloudEvent =
  | { type: 'play'; from?: number }
  | { type: 'pause' }
  | { type: 'toggle'; from?: number }
  | { type: 'ended'; gen: number }
  | { type: 'step'; dir: 1 | -1 }
  | { type: 'repeat' }
  | { type: 'rate'; rate: number }
  | { type: 'stop' };

export const initialReadAloud = (rate = 1): ReadAloudState => ({ at: null, playing: false, rate, gen: 0 });

/** The sentences of a text as the reader shows them (line breaks left out), those with no letters skipped. */
export function spokenSentences(tokens: Pick<ReaderTokens, 'text' | 'kinds' | 'sentenceStarts'>): SpokenSentence[] {
  const { text, kinds, sentenceStarts } = tokens;
  const out: SpokenSentence[] = [];
  for (let k = 0; k < sentenceStarts.length; k++) {
    const end = sentenceStarts[k + 1] ?? kinds.length;
    let s = '';
    let words = false;
    for (let t = sentenceStarts[k]; t < end; t++) {
      if (kinds[t] === 'b') s += ' ';
      else s += text[t];
      if (kinds[t] === 'w') words = true;
    }
    const clean = s.replace(/\s+/g, ' ').trim();
    if (words && clean) out.push({ order: k + 1, text: clean });
  }
  return out;
}

/** The index of the sentence with that order, or of the first one after it (null past the end). */
export function indexOfOrder(sentences: readonly SpokenSentence[], order: number): number | null {
  const i = sentences.findIndex((s) => s.order >= order);
  return i < 0 ? null : i;
}

/** The next state of the queue of `count` sentences after an event. */
export function readAloudStep(state: ReadAloudState, event: ReadAloudEvent, count: number): ReadAloudState {
  const speak = (at: number | null, playing: boolean): ReadAloudState => ({ ...state, at, playing, gen: state.gen + 1 });
  if (count === 0) return state.at === null && !state.playing ? state : speak(null, false);
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (event.type) {
    case 'play':
      return speak(clamp(event.from ?? state.at ?? 0), true);
    case 'pause':
      return state.playing ? speak(state.at, false) : state;
    case 'toggle':
      return readAloudStep(state, state.playing ? { type: 'pause' } : { type: 'play', from: event.from }, count);
    case 'ended':
      // The end of an utterance that is no longer the current one (cancelled by a pause or a jump) moves nothing.
      if (event.gen !== state.gen || !state.playing || state.at === null) return state;
      return state.at + 1 < count ? speak(state.at + 1, true) : speak(null, false);
    case 'step': {
      const at = clamp(state.at === null ? (event.dir > 0 ? 0 : count - 1) : state.at + event.dir);
      return speak(at, state.playing);
    }
    case 'repeat':
      return state.at === null ? state : speak(state.at, true);
    case 'rate':
      // A new rate restarts the sentence being spoken at it (an utterance's rate cannot change once spoken).
      return state.playing ? { ...speak(state.at, true), rate: event.rate } : { ...state, rate: event.rate };
    case 'stop':
      return speak(null, false);
  }
}
