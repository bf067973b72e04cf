// Runs in: renderer. Attaching audio to the text being read: a file (picked, or dropped anywhere on the reader —
// uploaded to POST /texts/{id}/audio, kept in the data directory and served by the app) or a URL (TxAudioURI
// through PUT /texts/{id}). Without audio it is a quiet line under the legend; with audio, a "Change audio" button.
import { useRef, useState } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { urlFieldProblem } from '../../../src-shared/contract/safe-url';
import { api } from '../../api/client';
import { fileExtension, useScreenDropHandler } from '../../lib/drop';
import { FileDrop } from '../../components/FileDrop';
import { showError } from '../../lib/errors';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

const AUDIO_EXTENSIONS = new Set(['.mp3', '.m4a', '.m4b', '.aac', '.ogg', '.oga', '.opus', '.wav', '.flac', '.webm', '.weba', '.mp4']);
const isAudioFile = (f: File) => f.type.startsWith('audio/') || AUDIO_EXTENSIONS.has(fileExtension(f.name));

export function AudioAttach({ view, onAttached }: { view: ReaderView; onAttached(): void }) {
  const textId = view.text.TxID;
  const hasAudio = !!view.text.TxAudioURI;
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const attachedRef = useRef(onAttached);
  attachedRef.current = onAttached;

  async function upload(file: File) {
    setProgress(0);
    try {
      // The client sends a File as multipart (HTTP) or as bytes / a picked path (IPC).
      await api.call('texts.attachAudio', { id: textId, file: file }, { onUploadProgress: setProgress });
      toast('success', t('reader.audioAttached', { name: file.name }));
      setOpen(false);
      attachedRef.current();
    } catch (err) {
      showError(err);
    } finally {
      setProgress(null);
    }
  }
  // An audio file dropped on the reader becomes this text's audio.
  useScreenDropHandler({
    id: 'reader.audio',
    label: t('reader.attachAsTheAudio'),
    description: view.text.TxTitle,
    accepts: isAudioFile,
    handle: (files) => upload(files[0]),
  });

  async function setAudioUri(uri: string) {
    try {
      await api.call('texts.update', { id: textId, TxAudioURI: uri });
      setOpen(false);
      setUrl('');
      attachedRef.current();
    } catch (err) {
      showError(err);
    }
  }

  const urlProblem = url.trim() ? urlFieldProblem(url) : null;
  if (!open)
    return (
      <div className={`audio-attach${hasAudio ? ' has-audio' : ''}`}>
        {hasAudio ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(true)}>
            {t('reader.changeAudio')}
          </button>
        ) : (
          <span className="muted small">
            {t('reader.noAudio')}{' '}
            <button type="button" className="audio-attach-link" onClick={() => setOpen(true)}>
              {t('reader.attachAudio2')}
            </button>{' '}
            {t('reader.orDropAudio')}
          </span>
        )}
      </div>
    );
  return (
    <div className="audio-attach open" role="group" aria-label={t('reader.attachAudio')}>
      <FileDrop
        variant="button"
        className="btn-small"
        accept="audio/*,video/*,.ogg,.opus,.m4a,.m4b,.flac"
        inputLabel={t('reader.audioFile')}
        disabled={progress !== null}
        prompt={progress === null ? t('reader.chooseAFile') : t('reader.uploadingPercent', { percent: Math.round(progress * 100) })}
        onFiles={([f]) => void upload(f)}
      />
      <span className="muted small">{t('reader.or')}</span>
      <form
        className="audio-attach-url"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim() && !urlProblem) void setAudioUri(url.trim());
        }}
      >
        <input
          className="input"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('reader.audioUrlPlaceholder')}
          aria-label={t('reader.audioUrl')}
          aria-invalid={!!urlProblem}
        />
        <button type="submit" className="btn btn-small" disabled={!url.trim() || !!urlProblem}>
          {t('reader.useUrl')}
        </button>
      </form>
      {hasAudio && (
        <button type="button" className="btn btn-ghost btn-small btn-danger-ghost" onClick={() => void setAudioUri('')}>
          {t('reader.removeAudio')}
        </button>
      )}
      <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(false)} aria-label={t('reader.close')}>
        ✕
      </button>
      {urlProblem && <span className="error-text small">{t('reader.audioUrlInvalid')}</span>}
    </div>
  );
}
