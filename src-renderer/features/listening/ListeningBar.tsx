// Runs in: renderer. The reader's listening bar: the text's audio (AudioPlayer, resuming as before) with
// sentence sync — the spoken sentence highlighted and kept in view, a click on a sentence while playing
// (or Alt+click, or [ and ]) seeks to it, repeat sentence, slower playback — and the manual timing mode
// (T at each sentence start, nudge ±0.25 s, save). A text imported from YouTube shows its video when online,
// and without audio of its own the sync follows the video (embeddedVideo.ts: the embed's postMessage protocol).
// Mounted by ReaderPage in one place; the sync's state lives in useSentenceSync beside it.
import { useEffect, useRef, useState } from 'react';
import { AudioPlayer } from './AudioPlayer';
import { useApp } from '../../stores/app';
import { EmbeddedVideo, embedBaseOf, embedUrl } from './embeddedVideo';
import { RATES, useSentenceSync, type SyncProps } from './useSentenceSync';
import { NoTimingsHint } from './NoTimingsHint';
import './listening.css';
import { t } from '../../lib/i18n';

/** The YouTube id of a text's source link, when it is a video. */
export function youtubeIdOf(uri: string): string | null {
  const m = /^https:\/\/(?:www\.)?(?:youtube\.com\/watch\?v=|youtu\.be\/)([A-Za-z0-9_-]{10,12})/.exec(uri);
  return m ? m[1] : null;
}

export type { SyncedText } from './useSentenceSync';

export function ListeningBar({ view, model, rendered, hostRef }: SyncProps) {
  const textId = view.text.TxID;
  const videoId = youtubeIdOf(view.text.TxSourceURI);
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const embedBase = embedBaseOf(useApp((s) => s.settings.youtubeEmbedBaseUrl));
  const frame = useRef<HTMLIFrameElement>(null);
  const [video, setVideo] = useState<EmbeddedVideo | null>(null);
  const showVideo = Boolean(videoId && online);
  // The text's own audio keeps the sync when it has one; otherwise the video drives it.
  const followVideo = showVideo && !view.text.TxAudioURI;
  useEffect(() => {
    if (!followVideo || !frame.current) return;
    const v = new EmbeddedVideo(frame.current, embedBase);
    setVideo(v);
    return () => {
      v.dispose();
      setVideo(null);
    };
  }, [followVideo, embedBase, videoId]);
  return (
    <>
      {showVideo && videoId && (
        <div className="reader-video">
          <iframe
            ref={frame}
            src={embedUrl(embedBase, videoId, window.location.origin)}
            title={t('lemmas.videoOfThisText')}
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          />
        </div>
      )}
      {view.text.TxAudioURI ? (
        <SyncedAudio key={textId} view={view} model={model} rendered={rendered} hostRef={hostRef} />
      ) : (
        video && <SyncedAudio key={`video-${textId}`} view={view} model={model} rendered={rendered} hostRef={hostRef} video={video} />
      )}
    </>
  );
}

function SyncedAudio(props: SyncProps & { video?: EmbeddedVideo }) {
  const { view, video } = props;
  const textId = view.text.TxID;
  const bar = useRef<HTMLDivElement>(null);
  const s = useSentenceSync(props, bar);
  const synced = s.timings.length > 0;
  return (
    <div className={`listening-bar${s.timing ? ' timing' : ''}${video ? ' with-video' : ''}`} ref={bar}>
      {!video && <AudioPlayer textId={textId} src={view.text.TxAudioURI} position={view.text.TxAudioPosition} />}
      <div className="listening-controls" role="toolbar" aria-label={t('lemmas.listening')}>
        {synced && (
          <>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => s.step(-1)}
              title={t('lemmas.previousSentence')}
              aria-label={t('lemmas.previousSentence2')}
            >
              ‹
            </button>
            <button type="button" className="btn btn-small" onClick={s.repeat} disabled={s.current === null} title={t('lemmas.repeatSentenceR')}>
              {t('lemmas.repeatSentence')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => s.step(1)} title={t('lemmas.nextSentence')} aria-label={t('lemmas.nextSentence2')}>
              ›
            </button>
          </>
        )}
        <label className="rate">
          <span>{t('lemmas.speed')}</span>
          <select value={s.rate} onChange={(e) => s.changeRate(Number(e.target.value))} aria-label={t('lemmas.playbackSpeed')}>
            {RATES.map((r) => (
              <option key={r} value={r}>
                {r === 1 ? t('lemmas.normal') : `${r}×`}
              </option>
            ))}
          </select>
        </label>
        <span className="sync-status" aria-live="polite">
          {s.timing
            ? t('listen.timingPress', { n: Math.min(s.timing.cursor, s.sentenceCount), total: s.sentenceCount })
            : synced
              ? s.current !== null
                ? t('listen.sentenceOf', { n: s.current, total: s.sentenceCount })
                : t('listen.timedSentences', { count: s.timings.length })
              : t('lemmas.noSentenceTimingsYet')}
        </span>
        {s.timing ? (
          <>
            <button type="button" className="btn btn-small" onClick={s.mark} title={t('lemmas.markTheStartOf')}>
              {t('lemmas.markKey')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => s.shift(-0.25)} title={t('lemmas.start025S')}>
              −0.25 s
            </button>
            <button type="button" className="btn btn-small" onClick={() => s.shift(0.25)} title={t('lemmas.start025S2')}>
              +0.25 s
            </button>
            <button type="button" className="btn btn-small btn-primary" onClick={() => void s.saveTimings()} disabled={!s.timing.dirty}>
              {t('lemmas.saveTimings')}
            </button>
            <button type="button" className="btn btn-small" onClick={s.cancelTiming}>
              {t('lemmas.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-small" onClick={s.startTiming} title={t('lemmas.tapTAtThe')}>
            {synced ? t('lemmas.editTimings') : t('lemmas.timeSentences')}
          </button>
        )}
      </div>
      {!synced && !s.timing && <NoTimingsHint />}
    </div>
  );
}
