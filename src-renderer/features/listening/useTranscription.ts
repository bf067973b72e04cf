// Runs in: renderer. The audio-to-text page's state: is the transcription service there, the chosen file, language and
// model, the job (upload, progress, cancel, polled every POLL_MS), and the transcript's form saved as a text.
import { useEffect, useRef, useState } from 'react';
import type { JobStatusDto } from '../../../src-shared/contract/listening';
import { api, errorMessage } from '../../api/client';
import { navigate } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { useFileDropTarget } from '../../components/FileDrop';
import { isMediaFile, titleOf } from './NewTextTabs';
import { t } from '../../lib/i18n';

const POLL_MS = 1500;

export type Phase =
  { kind: 'pick' } | { kind: 'upload'; fraction: number } | { kind: 'job'; job: JobStatusDto } | { kind: 'review'; jobId: string; mediaUrl: string | null };

export function useTranscription() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [service, setService] = useState<{ available: boolean; languages: { code: string; name: string }[]; models: string[] } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [spoken, setSpoken] = useState('auto');
  const [model, setModel] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ language: (currentLanguageId ?? '') as number | '', title: '', text: '' });
  const abort = useRef<AbortController | null>(null);
  // Bumped by Check again: the service is asked once more, the set-up staying on screen meanwhile (an address typed
  // into it while a check runs is kept).
  const [check, setCheck] = useState({ round: 0, running: false });
  const checkAgain = () => setCheck((c) => ({ round: c.round + 1, running: true }));

  useEffect(() => {
    let live = true;
    void (async () => {
      const { available } = await api.call('whisper.available', {}).catch(() => ({ available: false }));
      if (live) setCheck((c) => ({ ...c, running: false }));
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
  }, [check.round]);

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
          setError(t('listening.transcriptionFailed', { reason: job.error ?? t('listening.noReason') }));
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
    if (!isMediaFile(f)) return setError(t('listening.notMedia', { name: f.name }));
    if (f.size > 500 * 1024 * 1024) return setError(t('listening.tooLarge', { name: f.name, size: '500 MB' }));
    setError(null);
    setFile(f);
    setForm((x) => ({ ...x, title: titleOf(f.name) }));
  }

  async function start() {
    if (!file) return setError(t('listening.chooseAnAudioOr'));
    setError(null);
    abort.current = new AbortController();
    setPhase({ kind: 'upload', fraction: 0 });
    try {
      const job = await api.call(
        'whisper.transcribe',
        { file: file, ...(spoken !== 'auto' ? { language: spoken } : {}), ...(model ? { model } : {}) },
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
    toast('info', t('listening.transcriptionCancelled'));
  }

  async function save() {
    if (phase.kind !== 'review' || !form.language) return setError(t('listening.chooseTheLanguageOf'));
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

  return {
    service,
    checking: check.running,
    checkAgain,
    file,
    fileDrop,
    spoken,
    setSpoken,
    model,
    setModel,
    phase,
    error,
    form,
    setForm,
    pick,
    start,
    cancel,
    save,
  };
}
