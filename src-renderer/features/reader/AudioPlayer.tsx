// Runs in: renderer. Audio of a text: resumes at TxAudioPosition, saves the position about every 5 s of
// playback and when the page is hidden (PUT /api/v1/texts/{id}/audio-position).
import { useEffect, useRef } from 'react';
import { api } from '../../api/client';

const SAVE_EVERY_S = 5;

export function AudioPlayer({ textId, src, position }: { textId: number; src: string; position: number }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    let lastSaved = position;
    const save = () => {
      const at = audio.currentTime;
      if (!Number.isFinite(at) || Math.abs(at - lastSaved) < 0.5) return;
      lastSaved = at;
      void api.call('texts.audioPosition', { id: textId, position: at }).catch(() => undefined);
    };
    const onLoaded = () => {
      if (position > 0 && position < (audio.duration || Infinity)) audio.currentTime = position;
    };
    const onTime = () => {
      if (Math.abs(audio.currentTime - lastSaved) >= SAVE_EVERY_S) save();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    audio.addEventListener('loadedmetadata', onLoaded);
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('pause', save);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      audio.removeEventListener('loadedmetadata', onLoaded);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('pause', save);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
    };
  }, [textId, position]);
  return <audio ref={ref} className="reader-audio" controls preload="metadata" src={src} aria-label="Text audio" />;
}
