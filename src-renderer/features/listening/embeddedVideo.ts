// Runs in: renderer. The YouTube embed as a media clock for sentence sync: the IFrame embed (with
// enablejsapi=1) starts posting "infoDelivery" messages (currentTime, playerState) to the parent once the parent
// has posted {"event":"listening"}, and obeys {"event":"command","func":...} messages. This class speaks that
// protocol and offers what the sync code uses of an <audio> element: currentTime (read: interpolated between
// deliveries; write: seekTo), paused, play(), playbackRate, and 'play' / 'pause' / 'seeked' / 'timeupdate' events.
// Only messages from the frame's own window and origin are read.

/** YouTube's playerState values. */
const PLAYING = 1;
const BUFFERING = 3;

export interface YoutubeInfo {
  currentTime?: number;
  playerState?: number;
  playbackRate?: number;
}

/** The info of an embed message (a JSON string or an object), or null when it is not one. */
export function youtubeInfoOf(data: unknown): YoutubeInfo | null {
  let msg: unknown = data;
  if (typeof data === 'string') {
    try {
      msg = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!msg || typeof msg !== 'object') return null;
  const { event, info } = msg as { event?: unknown; info?: unknown };
  if ((event !== 'infoDelivery' && event !== 'initialDelivery' && event !== 'onStateChange') || info === null || info === undefined) return null;
  // onStateChange carries the state alone as a number.
  if (typeof info === 'number') return { playerState: info };
  if (typeof info !== 'object') return null;
  const { currentTime, playerState, playbackRate } = info as Record<string, unknown>;
  const out: YoutubeInfo = {};
  if (typeof currentTime === 'number' && Number.isFinite(currentTime)) out.currentTime = currentTime;
  if (typeof playerState === 'number') out.playerState = playerState;
  if (typeof playbackRate === 'number' && playbackRate > 0) out.playbackRate = playbackRate;
  return out;
}

export const DEFAULT_EMBED_BASE = 'https://www.youtube-nocookie.com/embed';

/** The embed base URL of the `youtubeEmbedBaseUrl` setting when it is an http(s) URL, else YouTube's. */
export function embedBaseOf(setting: string | undefined): string {
  const value = (setting ?? '').trim().replace(/\/+$/, '');
  return /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(value) ? value : DEFAULT_EMBED_BASE;
}

/** The iframe address: the JS API switched on and the parent's origin named (YouTube answers only to it). */
export function embedUrl(base: string, videoId: string, parentOrigin: string): string {
  const origin = /^https?:\/\//.test(parentOrigin) ? `&origin=${encodeURIComponent(parentOrigin)}` : '';
  return `${base}/${encodeURIComponent(videoId)}?enablejsapi=1&playsinline=1${origin}`;
}

export class EmbeddedVideo extends EventTarget {
  private time = 0;
  private at = performance.now();
  private state = -1;
  private rate = 1;
  private buffering = false;
  private heard = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly origin: string;

  constructor(
    private readonly frame: HTMLIFrameElement,
    embedBase: string,
  ) {
    super();
    this.origin = new URL(embedBase).origin;
    window.addEventListener('message', this.onMessage);
    frame.addEventListener('load', this.listen);
    // The embed starts talking only after it has heard "listening": say it until it answers (as YouTube's own
    // iframe API does), also when the frame had loaded before this object existed; for up to a minute (a slow
    // network), and again at every load of the frame.
    let tries = 0;
    this.timer = setInterval(() => {
      if (this.heard || ++tries > 240) return clearInterval(this.timer);
      this.listen();
    }, 250);
  }

  dispose(): void {
    clearInterval(this.timer);
    window.removeEventListener('message', this.onMessage);
    this.frame.removeEventListener('load', this.listen);
  }

  get paused(): boolean {
    return this.state !== PLAYING;
  }

  /** The time of the last delivery, moved on by the time since while playing (deliveries come a few times a second). */
  get currentTime(): number {
    return this.state === PLAYING && !this.buffering ? this.time + ((performance.now() - this.at) / 1000) * this.rate : this.time;
  }

  set currentTime(t: number) {
    this.time = Math.max(0, t);
    this.at = performance.now();
    this.command('seekTo', [this.time, true]);
    this.dispatchEvent(new Event('seeked'));
  }

  get playbackRate(): number {
    return this.rate;
  }

  set playbackRate(r: number) {
    this.rate = r;
    this.command('setPlaybackRate', [r]);
  }

  play(): Promise<void> {
    this.command('playVideo', []);
    return Promise.resolve();
  }

  pause(): void {
    this.command('pauseVideo', []);
  }

  private post(message: Record<string, unknown>): void {
    this.frame.contentWindow?.postMessage(JSON.stringify({ ...message, id: 1, channel: 'widget' }), this.origin);
  }

  private readonly listen = () => this.post({ event: 'listening' });

  private command(func: string, args: unknown[]): void {
    this.post({ event: 'command', func, args });
  }

  private readonly onMessage = (e: MessageEvent) => {
    if (e.source !== this.frame.contentWindow || e.origin !== this.origin) return;
    const info = youtubeInfoOf(e.data);
    if (!info) return;
    this.heard = true;
    const wasPaused = this.paused;
    if (info.playbackRate !== undefined) this.rate = info.playbackRate;
    if (info.currentTime !== undefined) {
      this.time = info.currentTime;
      this.at = performance.now();
    }
    // Buffering keeps the last state: the clock stops at the delivered time without a pause/play flicker.
    if (info.playerState !== undefined) {
      this.buffering = info.playerState === BUFFERING;
      if (!this.buffering) this.state = info.playerState;
    }
    if (wasPaused && !this.paused) this.dispatchEvent(new Event('play'));
    if (!wasPaused && this.paused) this.dispatchEvent(new Event('pause'));
    if (info.currentTime !== undefined) this.dispatchEvent(new Event('timeupdate'));
  };
}
