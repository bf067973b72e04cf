// Runs in: renderer. Audio of a text: resumes at TxAudioPosition, saves the position about every 5 s of
// playback and when the page is hidden (PUT /api/v1/texts/{id}/audio-position). Keys (while the caret is not in
// a field): Space play/pause, "," back 5 s, "." forward 5 s (the speed, 0.5–1.5× with < and >, is the listening
// bar's, which also drives an embedded video). A source that
// cannot be loaded or played says so next to the player: a path of the app that answers 404, or a file the
// browser cannot decode.
import { tr } from '../../lib/i18n/rich';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { useHotkeys } from '../../components/hotkeys';
import { t } from '../../lib/i18n';

const SAVE_EVERY_S = 5;
const SKIP_S = 5;

/** What went wrong, in words: the browser's media error, refined by asking the app for its own paths. */
async function problemOf(audio: HTMLAudioElement, src: string): Promise<string> {
  const code = audio.error?.code;
  if (code === MediaError.MEDIA_ERR_NETWORK) return t('reader.audioConnection', { src });
  if (src.startsWith('/')) {
    const status = await fetch(src, { method: 'HEAD' }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 404) return t('reader.audio404', { src });
    if (status >= 400) return t('reader.audioStatus', { status, src });
  } else if (code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) {
    return t('reader.audioUnsupported', { src });
  }
  return code === MediaError.MEDIA_ERR_DECODE ? t('reader.thisAudioFileIs') : t('reader.thisFileCannotBe');
}

export function AudioPlayer({ textId, src, position }: { textId: number; src: string; position: number }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    setProblem(null);
    let lastSaved = position;
    const save = () => {
      const at = audio.currentTime;
      if (!Number.isFinite(at) || Math.abs(at - lastSaved) < 0.5) return;
      lastSaved = at;
      void api.call('texts.audioPosition', { id: textId, position: at }).catch(() => undefined);
    };
    const onLoaded = () => {
      setProblem(null);
      if (position > 0 && position < (audio.duration || Infinity)) audio.currentTime = position;
    };
    const onTime = () => {
      if (Math.abs(audio.currentTime - lastSaved) >= SAVE_EVERY_S) save();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    const onError = () => void problemOf(audio, src).then(setProblem);
    // The error may have happened before this effect ran (a fast 404).
    if (audio.error) onError();
    audio.addEventListener('loadedmetadata', onLoaded);
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('pause', save);
    audio.addEventListener('error', onError);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      audio.removeEventListener('loadedmetadata', onLoaded);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('pause', save);
      audio.removeEventListener('error', onError);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
    };
  }, [textId, position, src]);

  const skip = (seconds: number) => {
    const a = ref.current;
    if (a) a.currentTime = Math.max(0, Math.min(a.duration || Infinity, a.currentTime + seconds));
  };
  useHotkeys({
    ' ': () => {
      const a = ref.current;
      if (a) void (a.paused ? a.play().catch(() => undefined) : a.pause());
    },
    ',': () => skip(-SKIP_S),
    '.': () => skip(SKIP_S),
  });

  return (
    <div className="audio-player">
      <audio ref={ref} className="reader-audio" controls preload="metadata" src={src} aria-label={t('reader.textAudio')} />
      <div className="audio-player-controls" role="toolbar" aria-label={t('reader.audio')}>
        <button type="button" className="btn btn-small" onClick={() => skip(-SKIP_S)} title={t('reader.back5Seconds')} aria-keyshortcuts=",">
          −5 s
        </button>
        <button type="button" className="btn btn-small" onClick={() => skip(SKIP_S)} title={t('reader.forward5Seconds')} aria-keyshortcuts=".">
          +5 s
        </button>
        <span className="muted small audio-keys">
          {tr('reader.audioKeysHint', {
            space: <kbd>{t('reader.space')}</kbd>,
            back: <kbd>,</kbd>,
            forward: <kbd>.</kbd>,
            slower: <kbd>&lt;</kbd>,
            faster: <kbd>&gt;</kbd>,
          })}
        </span>
      </div>
      {problem && (
        <p className="audio-problem error-text small" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
