// Runs in: renderer. New text from audio or video: the file is transcribed by the NLP service (whisper), with
// a progress bar and cancel; the finished transcript fills the new-text form, the audio stays with the text.
// When the service is not reachable the page says so, in a learner's words, with how to set it up (TranscriptionSetup).
import { useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { JobStatusDto } from '../../../src-shared/contract/listening';
import { api, errorMessage } from '../../api/client';
import { navigate } from '../../lib/router';
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop, useFileDropTarget } from '../../components/FileDrop';
import { isMediaFile, NewTextTabs, titleOf } from './NewTextTabs';
import { TranscriptionSetup } from './TranscriptionSetup';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

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
  // Bumped by Check again: the service is asked once more.
  const [checks, setChecks] = useState(0);

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
  }, [checks]);

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
          setError(t('misc.transcriptionFailed', { reason: job.error ?? t('misc.noReason') }));
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

  const fileDrop = useFileDropTarget(([f]) => pick(f), phase.kind !== 'pick');

  function pick(f: File | undefined) {
    if (!f) return;
    if (!isMediaFile(f)) return setError(t('misc.notMedia', { name: f.name }));
    if (f.size > 500 * 1024 * 1024) return setError(t('misc.tooLarge', { name: f.name, size: '500 MB' }));
    setError(null);
    setFile(f);
    setForm((x) => ({ ...x, title: titleOf(f.name) }));
  }

  async function start() {
    if (!file) return setError(t('misc.chooseAnAudioOr'));
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
    toast('info', t('misc.transcriptionCancelled'));
  }

  async function save() {
    if (phase.kind !== 'review' || !form.language) return setError(t('misc.chooseTheLanguageOf'));
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
    if (!service) return <Spinner label={t('misc.askingTheTranscriptionService')} />;
    if (!service.available)
      return (
        <TranscriptionSetup
          onCheckAgain={() => {
            setService(null);
            setChecks((n) => n + 1);
          }}
        />
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
            <Field label={t('misc.language')}>
              <LanguagePicker
                value={form.language}
                onChange={(language) => setForm({ ...form, language })}
                placeholder={t('misc.choose')}
                label={t('misc.language')}
                required
              />
            </Field>
            <Field label={t('misc.title')}>
              <input
                className="input"
                value={form.title}
                onChange={(e) => setForm({ ...form, title: e.target.value })}
                maxLength={200}
                aria-label={t('misc.title')}
              />
            </Field>
          </div>
          <Field label={t('misc.text')} hint={t('misc.editFreelySentenceTimings')}>
            <textarea
              className="input text-area"
              value={form.text}
              onChange={(e) => setForm({ ...form, text: e.target.value })}
              aria-label={t('misc.text')}
              rows={14}
            />
          </Field>
          {phase.mediaUrl && <audio className="listening-preview" controls preload="metadata" src={phase.mediaUrl} aria-label={t('misc.attachedAudio')} />}
          <ErrorLine error={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              {t('misc.saveAndRead')}
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
        {...fileDrop.props}
      >
        <div className="drop-zone" data-filled={file ? '1' : '0'}>
          <p>
            <strong>{file ? file.name : t('misc.dropAnAudioOr')}</strong>
            {file && <span className="drop-extra"> · {(file.size / 1024 / 1024).toFixed(1)} MB</span>}
          </p>
          <FileDrop
            variant="button"
            accept="audio/*,video/*,.ogg,.opus"
            prompt={t('misc.chooseAFile')}
            inputLabel={t('misc.audioOrVideoFile')}
            disabled={busy}
            onFiles={([f]) => pick(f)}
          />
          <p className="field-hint">{t('misc.mp3M4aWavOgg')}</p>
        </div>
        <div className="text-form-row">
          <Field label={t('misc.spokenLanguage')}>
            <select value={spoken} onChange={(e) => setSpoken(e.target.value)} aria-label={t('misc.spokenLanguage')} disabled={busy}>
              <option value="auto">{t('misc.detect')}</option>
              {service.languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('misc.model')} hint={t('misc.largerModelsAreSlower')}>
            <select value={model} onChange={(e) => setModel(e.target.value)} aria-label={t('misc.model')} disabled={busy}>
              {service.models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {phase.kind === 'upload' && <ProgressBar value={phase.fraction} label={t('misc.uploading')} />}
        {phase.kind === 'job' && <ProgressBar value={phase.job.status === 'pending' ? null : phase.job.progress / 100} label={phase.job.stage} />}
        <ErrorLine error={error} />
        <div className="form-actions">
          {busy && (
            <button type="button" className="btn" onClick={() => void cancel()}>
              {t('misc.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !file}>
            {t('misc.transcribe')}
          </button>
        </div>
      </form>
    );
  };

  return (
    <Page title={t('misc.newText')} subtitle={t('misc.transcribeAPodcastAn')}>
      <NewTextTabs current="/texts/new/audio" />
      {body()}
    </Page>
  );
}
