// Runs in: renderer. Read aloud with the language's system voice: the text (or from a sentence) one utterance per
// sentence, each utterance's end starting the next, with the audio sync's highlight, keys and rates (Space
// play/pause, [ and ] previous/next, R repeat, < and > speed; a click on a word while reading, or Alt+click,
// reads from its sentence). Pause cancels the utterance and resume speaks its sentence again from the start:
// speechSynthesis.pause() does nothing with some system voices (Linux's speech-dispatcher), cancel works with all.
import { useCallback, useEffect, useMemo, useReducer, useRef, type MutableRefObject, type RefObject } from 'react';
import type { ReaderText } from '../../../src-shared/text/reader-text';
import { useHotkeys } from '../../components/hotkeys';
import { RATES } from '../listening/useSentenceSync';
import { useSentenceHighlight, type SyncedText } from '../listening/useSentenceHighlight';
import { indexOfOrder, initialReadAloud, readAloudStep, spokenSentences, type ReadAloudEvent } from './readAloudQueue';

export interface ReadAloudProps {
  model: ReaderText | null;
  rendered: MutableRefObject<SyncedText | null>;
  hostRef: RefObject<HTMLDivElement | null>;
  voice: SpeechSynthesisVoice | null;
  /** The selected word's item index: Play with nothing read yet starts at its sentence. */
  selected: number | null;
}

export function useReadAloud({ model, rendered, hostRef, voice, selected }: ReadAloudProps) {
  const sentences = useMemo(() => (model ? spokenSentences(model.tokens) : []), [model]);
  const [state, send] = useReducer(
    (s: ReturnType<typeof initialReadAloud>, e: ReadAloudEvent) => readAloudStep(s, e, sentences.length),
    undefined,
    () => initialReadAloud(),
  );
  // Chromium drops an utterance's events once nothing holds it (its end would never come): hold the current one.
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);

  // Speak the current sentence once per generation; its end (or its failure) moves the queue on.
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined' || !voice) return;
    speechSynthesis.cancel();
    utterance.current = null;
    const sentence = state.at === null ? undefined : sentences[state.at];
    if (!state.playing || !sentence) return;
    const u = new SpeechSynthesisUtterance(sentence.text);
    u.voice = voice;
    u.lang = voice.lang;
    u.rate = state.rate;
    const gen = state.gen;
    u.addEventListener('end', () => send({ type: 'ended', gen }));
    // A voice that fails stops the reading where it was (interrupted/canceled come from our own cancel).
    u.addEventListener('error', (e) => {
      if (e.error !== 'interrupted' && e.error !== 'canceled' && utterance.current === u) send({ type: 'pause' });
    });
    utterance.current = u;
    speechSynthesis.speak(u);
  }, [state.gen]); // eslint-disable-line react-hooks/exhaustive-deps -- one utterance per generation, by design

  // Leaving the text stops the voice.
  useEffect(() => () => void (typeof speechSynthesis !== 'undefined' && speechSynthesis.cancel()), []);

  const current = state.at === null ? null : (sentences[state.at]?.order ?? null);
  useSentenceHighlight(current, model, rendered);

  const fromItem = useCallback((i: number) => (model ? (indexOfOrder(sentences, model.sentence(i) + 1) ?? undefined) : undefined), [model, sentences]);

  // A click on a word while reading (or Alt+click at any time) reads from its sentence.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !voice) return;
    const onClick = (e: MouseEvent) => {
      if (!state.playing && !e.altKey) return;
      const el = (e.target as HTMLElement).closest<HTMLElement>('[data-i]');
      const from = el ? fromItem(Number(el.dataset.i)) : undefined;
      if (from !== undefined) send({ type: 'play', from });
    };
    host.addEventListener('click', onClick);
    return () => host.removeEventListener('click', onClick);
  }, [hostRef, voice, state.playing, fromItem]);

  const toggle = () => send({ type: 'toggle', from: state.at === null && selected !== null ? fromItem(selected) : undefined });
  const step = (dir: 1 | -1) => send({ type: 'step', dir });
  const changeRate = (rate: number) => send({ type: 'rate', rate });
  useHotkeys(
    {
      ' ': () => toggle(),
      '[': () => step(-1),
      ']': () => step(1),
      r: () => send({ type: 'repeat' }),
      '<': () => changeRate(RATES[Math.max(0, RATES.indexOf(state.rate) - 1)]),
      '>': () => changeRate(RATES[Math.min(RATES.length - 1, RATES.indexOf(state.rate) + 1)]),
    },
    { enabled: Boolean(voice) },
  );

  return { ...state, current, count: sentences.length, toggle, step, changeRate, repeat: () => send({ type: 'repeat' }), stop: () => send({ type: 'stop' }) };
}
