// Runs in: renderer. New text from audio or video: the file is transcribed by the NLP service (whisper), with
// a progress bar and cancel; the finished transcript fills the new-text form, the audio stays with the text.
// When the service is not reachable the page says so, in a learner's words, with how to set it up (TranscriptionSetup).
// Its state lives in useTranscription beside it.
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop } from '../../components/FileDrop';
import { NewTextTabs } from './NewTextTabs';
import { TranscriptionSetup } from './TranscriptionSetup';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';
import { useTranscription } from './useTranscription';

export default function FromAudioPage() {
  const a = useTranscription();
  const body = () => {
    if (!a.service) return <Spinner label={t('listening.askingTheTranscriptionService')} />;
    if (!a.service.available) return <TranscriptionSetup checking={a.checking} onCheckAgain={a.checkAgain} />;
    if (a.phase.kind === 'review')
      return (
        <form
          className="card form-grid listening-form"
          onSubmit={(e) => {
            e.preventDefault();
            void a.save();
          }}
        >
          <div className="text-form-row">
            <Field label={t('common.language')}>
              <LanguagePicker
                value={a.form.language}
                onChange={(language) => a.setForm({ ...a.form, language })}
                placeholder={t('listening.choose')}
                label={t('common.language')}
                required
              />
            </Field>
            <Field label={t('listening.title')}>
              <input
                className="input"
                value={a.form.title}
                onChange={(e) => a.setForm({ ...a.form, title: e.target.value })}
                maxLength={200}
                aria-label={t('listening.title')}
              />
            </Field>
          </div>
          <Field label={t('listening.text')} hint={t('listening.editFreelySentenceTimings')}>
            <textarea
              className="input text-area"
              value={a.form.text}
              onChange={(e) => a.setForm({ ...a.form, text: e.target.value })}
              aria-label={t('listening.text')}
              rows={14}
            />
          </Field>
          {a.phase.mediaUrl && (
            <audio className="listening-preview" controls preload="metadata" src={a.phase.mediaUrl} aria-label={t('listening.attachedAudio')} />
          )}
          <ErrorLine error={a.error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              {t('listening.saveAndRead')}
            </button>
          </div>
        </form>
      );
    const busy = a.phase.kind !== 'pick';
    return (
      <form
        className="card form-grid listening-form"
        onSubmit={(e) => {
          e.preventDefault();
          void a.start();
        }}
        {...a.fileDrop.props}
      >
        <div className="drop-zone" data-filled={a.file ? '1' : '0'}>
          <p>
            <strong>{a.file ? a.file.name : t('listening.dropAnAudioOr')}</strong>
            {a.file && <span className="drop-extra"> · {(a.file.size / 1024 / 1024).toFixed(1)} MB</span>}
          </p>
          <FileDrop
            variant="button"
            accept="audio/*,video/*,.ogg,.opus"
            prompt={t('listening.chooseAFile')}
            inputLabel={t('listening.audioOrVideoFile')}
            disabled={busy}
            onFiles={([f]) => a.pick(f)}
          />
          <p className="field-hint">{t('listening.mp3M4aWavOgg')}</p>
        </div>
        <div className="text-form-row">
          <Field label={t('listening.spokenLanguage')}>
            <select value={a.spoken} onChange={(e) => a.setSpoken(e.target.value)} aria-label={t('listening.spokenLanguage')} disabled={busy}>
              <option value="auto">{t('listening.detect')}</option>
              {a.service.languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('listening.model')} hint={t('listening.largerModelsAreSlower')}>
            <select value={a.model} onChange={(e) => a.setModel(e.target.value)} aria-label={t('listening.model')} disabled={busy}>
              {a.service.models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {a.phase.kind === 'upload' && <ProgressBar value={a.phase.fraction} label={t('common.uploading')} />}
        {a.phase.kind === 'job' && <ProgressBar value={a.phase.job.status === 'pending' ? null : a.phase.job.progress / 100} label={a.phase.job.stage} />}
        <ErrorLine error={a.error} />
        <div className="form-actions">
          {busy && (
            <button type="button" className="btn" onClick={() => void a.cancel()}>
              {t('common.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !a.file}>
            {t('listening.transcribe')}
          </button>
        </div>
      </form>
    );
  };

  return (
    <Page title={t('listening.newText')} subtitle={t('listening.transcribeAPodcastAn')}>
      <NewTextTabs current="/texts/new/audio" />
      {body()}
    </Page>
  );
}
