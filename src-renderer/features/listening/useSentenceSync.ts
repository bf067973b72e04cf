// Runs in: renderer. The listening bar's state: the text's sentence timings, the sentence being spoken (followed
// at frame rate while playing), its words highlighted and kept in view, seeking by sentence (a click while
// playing, Alt+click, [ and ]), the playback rate, and the manual timing mode (T marks a start, ± nudges, save).
// Long because: following, seeking and the timing mode drive one media element and one set of timings (pure parts: sentenceSync.ts).
import { useCallback, useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import type { SentenceTimingDto } from '../../../src-shared/contract/listening';
import type { ReaderView } from '../../../src-shared/contract/reader';
import type { ReaderText } from '../../../src-shared/text/reader-text';
import { api } from '../../api/client';
import { useHotkeys } from '../../components/hotkeys';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { toast } from '../../stores/ui';
import type { EmbeddedVideo } from './embeddedVideo';
import { markStart, nudge, sentenceAt } from './sentenceSync';
import { useSentenceHighlight, type SyncedText } from './useSentenceHighlight';

export type { SyncedText };

export const RATES = [0.5, 0.6, 0.75, 0.9, 1, 1.1, 1.25, 1.5];

/** What the sync uses of a player: an <audio> element or the embedded video. */
type MediaClock = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'playbackRate' | 'play' | 'addEventListener' | 'removeEventListener'>;

export interface SyncProps {
  view: ReaderView;
  model: ReaderText | null;
  rendered: MutableRefObject<SyncedText | null>;
  hostRef: RefObject<HTMLDivElement | null>;
}

/** The sync of one text with its audio (the <audio> inside `bar`) or, without audio, with the embedded video. */
export function useSentenceSync({ view, model, rendered, hostRef, video }: SyncProps & { video?: EmbeddedVideo }, bar: RefObject<HTMLDivElement | null>) {
  const textId = view.text.TxID;
  const audio = useRef<MediaClock | null>(null);
  const [timings, setTimings] = useState<SentenceTimingDto[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const [rate, setRate] = useState(1);
  const [timing, setTiming] = useState<{ cursor: number; dirty: boolean } | null>(null);
  const sentenceCount = model?.tokens.sentenceStarts.length ?? 0;

  useEffect(() => {
    audio.current = video ?? bar.current?.querySelector('audio') ?? null;
    let live = true;
    api
      .call('texts.timings', { id: textId })
      .then((tm) => live && setTimings(tm))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [textId, video, bar]);

  // Follow the audio: the spoken sentence, at frame rate while playing.
  useEffect(() => {
    const a = audio.current;
    if (!a || timings.length === 0) return;
    let frame = 0;
    const tick = () => {
      setCurrent(sentenceAt(timings, a.currentTime));
      if (!a.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    a.addEventListener('play', onPlay);
    a.addEventListener('seeked', tick);
    a.addEventListener('loadedmetadata', tick);
    // The video reports its time a few times a second, also while paused after a seek inside the player.
    const onTime = () => setCurrent(sentenceAt(timings, a.currentTime));
    a.addEventListener('timeupdate', onTime);
    tick();
    return () => {
      cancelAnimationFrame(frame);
      a.removeEventListener('play', onPlay);
      a.removeEventListener('seeked', tick);
      a.removeEventListener('loadedmetadata', tick);
      a.removeEventListener('timeupdate', onTime);
    };
  }, [timings]);

  useSentenceHighlight(current, model, rendered);

  const seekTo = useCallback(
    (order: number, play = true) => {
      const a = audio.current;
      const tm = timings.find((x) => x.order === order);
      if (!a || !tm) return false;
      a.currentTime = tm.start;
      setCurrent(order);
      if (play) void a.play().catch(() => undefined);
      return true;
    },
    [timings],
  );

  // A click on a word while the audio plays (or Alt+click at any time) seeks to its sentence.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !model || timing) return;
    const onClick = (e: MouseEvent) => {
      const a = audio.current;
      if (!a || (a.paused && !e.altKey)) return;
      const el = (e.target as HTMLElement).closest<HTMLElement>('[data-i]');
      if (!el) return;
      seekTo(model.sentence(Number(el.dataset.i)) + 1);
    };
    host.addEventListener('click', onClick);
    return () => host.removeEventListener('click', onClick);
  }, [hostRef, model, seekTo, timing]);

  const step = (dir: 1 | -1) => {
    const orders = timings.map((tm) => tm.order);
    const at = current === null ? -1 : orders.indexOf(current);
    const next = orders[Math.min(orders.length - 1, Math.max(0, at + dir))];
    if (next !== undefined) seekTo(next);
  };
  const repeat = () => current !== null && seekTo(current);
  const changeRate = (r: number) => {
    setRate(r);
    if (audio.current) audio.current.playbackRate = r;
  };

  // Manual timing: T marks the start of the sentence under the cursor at the current time and moves on.
  const mark = () => {
    const a = audio.current;
    if (!a || !timing) return;
    const order = timing.cursor;
    if (order > sentenceCount) return;
    setTimings((tm) => markStart(tm, order, a.currentTime));
    setCurrent(order);
    setTiming({ cursor: order + 1, dirty: true });
  };
  const shift = (delta: number) => {
    const order = current ?? (timing ? timing.cursor - 1 : null);
    if (order === null) return;
    setTimings((tm) => nudge(tm, order, delta));
    if (timing) setTiming({ ...timing, dirty: true });
  };
  async function saveTimings() {
    try {
      const saved = await api.call('texts.saveTimings', {
        id: textId,
        timings: timings.map(({ order, start, end }) => ({ order, start, end: Math.max(start, end) })),
      });
      setTimings(saved);
      setTiming(null);
      toast('success', t('listen.timingsSaved', { count: saved.length }));
    } catch (err) {
      showError(err);
    }
  }

  useHotkeys({
    '[': () => step(-1),
    ']': () => step(1),
    r: () => repeat(),
    t: () => (timing ? mark() : undefined),
    '-': () => shift(-0.25),
    '+': () => shift(0.25),
    '=': () => shift(0.25),
    // Slower / faster, one step of RATES (0.5–1.5×).
    '<': () => changeRate(RATES[Math.max(0, RATES.indexOf(rate) - 1)]),
    '>': () => changeRate(RATES[Math.min(RATES.length - 1, RATES.indexOf(rate) + 1)]),
  });

  const startTiming = () => setTiming({ cursor: current ?? 1, dirty: false });
  const cancelTiming = () => {
    setTiming(null);
    void api.call('texts.timings', { id: textId }).then(setTimings);
  };

  return { timings, current, rate, timing, sentenceCount, step, repeat, changeRate, mark, shift, saveTimings, startTiming, cancelTiming };
}
