// Runs in: renderer. New text from audio or video: the file is transcribed by the NLP service (whisper), with
// a progress bar and cancel; the finished transcript fills the new-text form, the audio stays with the text.
// When the service is not reachable the page says so (and how to set NLP_SERVICE_URL) before any upload.
import { useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { JobStatusDto } from '../../../src-shared/contract/listening';
import { api, errorMessage } from '../../api/client';
import { navigate } from '../../lib/router';
import { EmptyState, Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { LanguageSelect } from './LanguageSelect';
import { isMediaFile, NewTextTabs, titleOf } from './NewTextTabs';

const POLL_MS = 1500;

type Phase =
  { kind: 'pick' } | { kind: 'upload'; fraction: number } | { kind: 'job'; job: JobStatusDto } | { kind: 'review'; jobId: string; mediaUrl: string | null };

export default function FromAudioPage() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [service, setService] = useState<{ available: boolean; languages: { code: string; name: string }[]; models: string[] } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [spoken, setSpoken] = useState('auto');
  const [model, setModel] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ language: (currentLanguageId ?? '') as number | '', title: '', text: '' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const { available } = await api.call('whisper.available', {}).catch(() => ({ available: false }));
      if (!available) return live && setService({ available: false, languages: [], models: [] });
      const [langs, models] = await Promise.all([
        api.call('whisper.languages', {}).catch(() => ({ languages: [] })),
        api.call('whisper.models', {}).catch(() => ({ models: [] })),
      ]);
      if (!live) return;
      setService({ available: true, languages: langs.languages, models: models.models });
      setModel((m) => m || models.models.find((x) => x === 'base') || models.models[0] || '');
    })();
    return () => {
      live = false;
      abort.current?.abort();
    };
  }, []);

  // Poll a running job; a completed one fills the form.
  useEffect(() => {
    if (phase.kind !== 'job' || ['completed', 'failed', 'cancelled'].includes(phase.job.status)) return;
    const timer = setTimeout(async () => {
      try {
        const job = await api.call('whisper.status', { job_id: phase.job.job_id });
        if (job.status === 'completed') {
          const result = await api.call('whisper.result', { job_id: job.job_id });
          setForm((f) => ({ ...f, title: f.title || titleOf(result.filename), text: result.text.trim() }));
          setPhase({ kind: 'review', jobId: job.job_id, mediaUrl: result.media_url });
        } else if (job.status === 'failed') {
          setError(`The transcription failed: ${job.error ?? 'no reason given'}`);
          setPhase({ kind: 'pick' });
        } else setPhase({ kind: 'job', job });
      } catch (err) {
        // The service may be briefly busy: keep polling, show why.
        setError(errorMessage(err));
        setPhase({ kind: 'job', job: { ...phase.job } });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  function pick(f: File | undefined) {
    if (!f) return;
    if (!isMediaFile(f)) return setError(`"${f.name}" does not look like audio or video`);
    if (f.size > 500 * 1024 * 1024) return setError(`"${f.name}" is larger than 500 MB`);
    setError(null);
    setFile(f);
    setForm((x) => ({ ...x, title: titleOf(f.name) }));
  }

  async function start() {
    if (!file) return setError('Choose an audio or video file');
    setError(null);
    abort.current = new AbortController();
    setPhase({ kind: 'upload', fraction: 0 });
    try {
      const job = await api.call(
        'whisper.transcribe',
        { file: file as unknown as UploadedFile, ...(spoken !== 'auto' ? { language: spoken } : {}), ...(model ? { model } : {}) },
        { onUploadProgress: (fraction) => setPhase({ kind: 'upload', fraction }), signal: abort.current.signal },
      );
      setPhase({ kind: 'job', job });
    } catch (err) {
      setError(errorMessage(err));
      setPhase({ kind: 'pick' });
    }
  }

  async function cancel() {
    abort.current?.abort();
    if (phase.kind === 'job') await api.call('whisper.cancel', { job_id: phase.job.job_id }).catch(() => undefined);
    setPhase({ kind: 'pick' });
    toast('info', 'Transcription cancelled');
  }

  async function save() {
    if (phase.kind !== 'review' || !form.language) return setError('Choose the language of the text');
    try {
      const text = await api.call('whisper.createText', {
        job_id: phase.jobId,
        language_id: form.language,
        title: form.title.trim() || 'Transcript',
        text: form.text,
      });
      navigate(`/read/${text.TxID}`);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  const body = () => {
    if (!service) return <Spinner label="Asking the transcription service…" />;
    if (!service.available)
      return (
        <EmptyState title="The transcription service is not reachable">
          Transcription runs in Lectio&apos;s optional NLP service. Start it and tell Lectio where it runs with <code>NLP_SERVICE_URL</code> (for example{' '}
          <code>NLP_SERVICE_URL=http://127.0.0.1:8000</code>), then restart Lectio. Subtitles and video transcripts work without it.
        </EmptyState>
      );
    if (phase.kind === 'review')
      return (
        <form
          className="card form-grid listening-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="text-form-row">
            <Field label="Language">
              <LanguageSelect value={form.language} onChange={(language) => setForm({ ...form, language })} />
            </Field>
            <Field label="Title">
              <input className="input" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} maxLength={200} aria-label="Title" />
            </Field>
          </div>
          <Field label="Text" hint="Edit freely; sentence timings are kept when the transcript is saved unchanged.">
            <textarea className="input text-area" value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} aria-label="Text" rows={14} />
          </Field>
          {phase.mediaUrl && <audio className="listening-preview" controls preload="metadata" src={phase.mediaUrl} aria-label="Attached audio" />}
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Save and read
            </button>
          </div>
        </form>
      );
    const busy = phase.kind !== 'pick';
    return (
      <form
        className="card form-grid listening-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          if (!busy) pick(e.dataTransfer.files[0]);
        }}
      >
        <div className="drop-zone" data-filled={file ? '1' : '0'}>
          <p>
            <strong>{file ? file.name : 'Drop an audio or video file here'}</strong>
            {file && <span className="drop-extra"> · {(file.size / 1024 / 1024).toFixed(1)} MB</span>}
          </p>
          <label className="btn">
            Choose a file…
            <input
              type="file"
              accept="audio/*,video/*,.ogg,.opus"
              hidden
              aria-label="Audio or video file"
              disabled={busy}
              onChange={(e) => pick(e.target.files?.[0])}
            />
          </label>
          <p className="field-hint">MP3, M4A, WAV, Ogg, WebM, MP4 … up to 500 MB.</p>
        </div>
        <div className="text-form-row">
          <Field label="Spoken language">
            <select value={spoken} onChange={(e) => setSpoken(e.target.value)} aria-label="Spoken language" disabled={busy}>
              <option value="auto">Detect</option>
              {service.languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Model" hint="Larger models are slower and more accurate.">
            <select value={model} onChange={(e) => setModel(e.target.value)} aria-label="Model" disabled={busy}>
              {service.models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {phase.kind === 'upload' && <ProgressBar value={phase.fraction} label="Uploading" />}
        {phase.kind === 'job' && <ProgressBar value={phase.job.status === 'pending' ? null : phase.job.progress / 100} label={phase.job.stage} />}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          {busy && (
            <button type="button" className="btn" onClick={() => void cancel()}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !file}>
            Transcribe
          </button>
        </div>
      </form>
    );
  };

  return (
    <Page title="New text" subtitle="Transcribe a podcast, an audiobook chapter or a video; the text keeps its audio.">
      <NewTextTabs current="/texts/new/audio" />
      {body()}
    </Page>
  );
}
