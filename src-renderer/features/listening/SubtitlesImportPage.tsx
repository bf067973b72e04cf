// Runs in: renderer. New text from subtitles: an .srt/.vtt file (≤ 10 MB), optionally with its audio or video,
// joined into sentences with a start time each. Files can be picked or dropped on the form.
import { useState } from 'react';
import { api } from '../../api/client';
import { useUpload } from '../../lib/useUpload';
import { navigate } from '../../lib/router';
import { Field, Page, ProgressBar } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop, useFileDropTarget } from '../../components/FileDrop';
import { isMediaFile, isSubtitleFile, NewTextTabs, titleOf } from './NewTextTabs';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

const MAX = 10 * 1024 * 1024;

export default function SubtitlesImportPage() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [language, setLanguage] = useState<number | ''>(currentLanguageId ?? '');
  const [subs, setSubs] = useState<File | null>(null);
  const [audio, setAudio] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const upload = useUpload<'import'>();
  const setError = upload.setError;

  const fileDrop = useFileDropTarget((files) => take(files));

  function take(files: File[]) {
    for (const f of Array.from(files)) {
      if (isSubtitleFile(f)) {
        if (f.size > MAX) {
          setError(t('listening.tooLarge', { name: f.name, size: '10 MB' }));
          continue;
        }
        setSubs(f);
        setError(null);
        if (!title) setTitle(titleOf(f.name));
      } else if (isMediaFile(f)) setAudio(f);
      else setError(t('listening.notSubtitles', { name: f.name }));
    }
  }

  async function submit() {
    if (!subs || !language) return setError(!subs ? t('listening.chooseAnSrtOr') : t('listening.chooseTheLanguage'));
    const fields = {
      file: subs,
      language_id: language,
      title: title.trim() || undefined,
      ...(audio ? { audio: audio } : {}),
    };
    // With audio the bar shows the upload's share; a subtitle file alone is small: the bar says "importing".
    const res = await upload.run('import', (onUploadProgress) => api.call('texts.importSubtitles', fields, audio ? { onUploadProgress } : {}), {
      sendsFile: !!audio,
    });
    if (!res) return;
    toast('success', t(res.skipped ? 'listening.cuesSkipped' : 'listening.cues', { cues: res.cues, count: res.timings, skipped: res.skipped }));
    navigate(`/read/${res.text.TxID}`);
  }

  return (
    <Page title={t('listening.newText')} subtitle={t('listening.subtitlesBecomeAText')}>
      <NewTextTabs current="/texts/new/subtitles" />
      <form
        className="card form-grid listening-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        {...fileDrop.props}
      >
        <div className="drop-zone" data-filled={subs ? '1' : '0'}>
          <p>
            <strong>{subs ? subs.name : t('listening.dropAnSrtOr')}</strong>
            {audio && <span className="drop-extra"> + {audio.name}</span>}
          </p>
          <div className="drop-actions">
            <FileDrop variant="button" accept=".srt,.vtt" prompt={t('listening.subtitles')} inputLabel={t('listening.subtitleFile')} onFiles={take} />
            <FileDrop
              variant="button"
              accept="audio/*,video/*,.ogg,.opus"
              prompt={t('listening.audioOrVideo')}
              inputLabel={t('listening.audioFile')}
              onFiles={take}
            />
          </div>
          <p className="field-hint">{t('listening.upTo10Mb')}</p>
        </div>
        <div className="text-form-row">
          <Field label={t('common.language')}>
            <LanguagePicker value={language} onChange={setLanguage} placeholder={t('listening.choose')} label={t('common.language')} required />
          </Field>
          <Field label={t('listening.title')}>
            <input
              className="input"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              aria-label={t('listening.title')}
              placeholder={t('listening.takenFromTheFile')}
            />
          </Field>
        </div>
        {upload.busy && <ProgressBar value={upload.progress} label={audio ? t('common.uploading') : t('listening.importing2')} />}
        <ErrorLine error={upload.error} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={upload.busy !== null}>
            {t('listening.importSubtitles')}
          </button>
        </div>
      </form>
    </Page>
  );
}
