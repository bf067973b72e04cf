// Runs in: renderer. New text from a YouTube video: paste a link, see the title and caption languages, import
// the transcript (with sentence timings from the captions) as a text that keeps the video link.
import { useState } from 'react';
import type { VideoDto } from '../../../src-shared/contract/listening';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { navigate } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { useApp } from '../../stores/app';
import { LanguagePicker } from '../../components/LanguagePicker';
import { NewTextTabs } from './NewTextTabs';
import { currentLocale, t, useLocale } from '../../lib/i18n';
import { languageName } from '../../lib/i18n/curated';
import { serverMessage } from '../../lib/i18n/server';
import { ErrorLine } from '../../components/ErrorLine';

export default function FromVideoPage() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [link, setLink] = useState('');
  const [video, setVideo] = useState<VideoDto | null>(null);
  const [lang, setLang] = useState('');
  const [language, setLanguage] = useState<number | ''>(currentLanguageId ?? '');
  const locale = useLocale((s) => s.locale);

  const lookUp = useAction(
    async (caption?: string) => {
      try {
        const v = await api.call('youtube.video', { video_id: link.trim(), ...(caption ? { lang: caption } : {}) });
        setVideo(v);
        setLang(v.transcript?.language ?? caption ?? '');
      } catch (err) {
        setVideo(null);
        throw err;
      }
    },
    { report: 'inline' },
  );
  const importing = useAction(
    async () => {
      const text = await api.call('youtube.import', { video_id: video!.video_id, language_id: language as number, ...(lang ? { lang } : {}) });
      navigate(`/read/${text.TxID}`);
    },
    { report: 'inline' },
  );
  const busy = lookUp.busy || importing.busy;
  const error = lookUp.error ?? importing.error;
  const look = (caption?: string) => {
    importing.setError(null);
    void lookUp.run(caption);
  };
  const importIt = () => {
    lookUp.setError(null);
    if (!video || !language) return importing.setError(t('listening.chooseTheLanguageOf'));
    void importing.run();
  };

  const body = () => {
    return (
      <div className="card form-grid listening-form">
        <p className="field-hint">{t('listening.youtubeNoKeyNeeded')}</p>
        <form
          className="video-lookup"
          onSubmit={(e) => {
            e.preventDefault();
            look();
          }}
        >
          <Field label={t('listening.videoLinkOrId')}>
            <input
              className="input"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://www.youtube.com/watch?v=…"
              aria-label={t('listening.videoLink')}
              autoFocus
            />
          </Field>
          <button type="submit" className="btn" disabled={busy || !link.trim()}>
            {t('listening.lookUp')}
          </button>
        </form>
        {video && (
          <div className="video-card">
            <div>
              <h2>{video.title}</h2>
              <p className="field-hint">{video.channel}</p>
            </div>
            {video.captions.length > 0 && (
              <Field label={t('listening.captions')}>
                <select value={lang} onChange={(e) => look(e.target.value)} aria-label={t('listening.captionLanguage')} disabled={busy}>
                  {video.captions.map((c) => (
                    <option key={c.id} value={c.language}>
                      {c.kind === 'asr' ? t('listening.automaticCaptions', { language: languageName(c.language, locale) }) : languageName(c.language, locale)}
                      {c.name ? ` · ${c.name}` : ''}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <p className="video-preview">
              {video.transcript
                ? video.transcript.text.slice(0, 400) + (video.transcript.text.length > 400 ? '…' : '')
                : t('listening.descriptionImported', {
                    note: video.transcript_note_message
                      ? serverMessage(video.transcript_note_message, currentLocale())
                      : (video.transcript_note ?? t('listening.noTranscript')),
                  })}
            </p>
            <div className="text-form-row">
              <Field label={t('listening.languageOfTheText')}>
                <LanguagePicker value={language} onChange={setLanguage} placeholder={t('listening.choose')} label={t('common.language')} required />
              </Field>
            </div>
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={importIt} disabled={busy}>
                {t('listening.importAsAText')}
              </button>
            </div>
          </div>
        )}
        <ErrorLine error={error} onRetry={link.trim() ? () => (video ? importIt() : look()) : undefined} />
      </div>
    );
  };

  return (
    <Page title={t('listening.newText')} subtitle={t('listening.readWhatAVideo')}>
      <NewTextTabs current="/texts/new/video" />
      {body()}
    </Page>
  );
}
