// Runs in: renderer. New text from a YouTube video: paste a link, see the title and caption languages, import
// the transcript (with sentence timings from the captions) as a text that keeps the video link.
import { useState } from 'react';
import type { VideoDto } from '../../../src-shared/contract/listening';
import { api, errorMessage } from '../../api/client';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locale = useLocale((s) => s.locale);

  async function look(caption?: string) {
    setBusy(true);
    setError(null);
    try {
      const v = await api.call('youtube.video', { video_id: link.trim(), ...(caption ? { lang: caption } : {}) });
      setVideo(v);
      setLang(v.transcript?.language ?? caption ?? '');
    } catch (err) {
      setVideo(null);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function importIt() {
    if (!video || !language) return setError(t('misc.chooseTheLanguageOf'));
    setBusy(true);
    try {
      const text = await api.call('youtube.import', { video_id: video.video_id, language_id: language, ...(lang ? { lang } : {}) });
      navigate(`/read/${text.TxID}`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  const body = () => {
    return (
      <div className="card form-grid listening-form">
        <p className="field-hint">{t('misc.youtubeNoKeyNeeded')}</p>
        <form
          className="video-lookup"
          onSubmit={(e) => {
            e.preventDefault();
            void look();
          }}
        >
          <Field label={t('misc.videoLinkOrId')}>
            <input
              className="input"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://www.youtube.com/watch?v=…"
              aria-label={t('misc.videoLink')}
              autoFocus
            />
          </Field>
          <button type="submit" className="btn" disabled={busy || !link.trim()}>
            {t('misc.lookUp')}
          </button>
        </form>
        {video && (
          <div className="video-card">
            <div>
              <h2>{video.title}</h2>
              <p className="field-hint">{video.channel}</p>
            </div>
            {video.captions.length > 0 && (
              <Field label={t('misc.captions')}>
                <select value={lang} onChange={(e) => void look(e.target.value)} aria-label={t('misc.captionLanguage')} disabled={busy}>
                  {video.captions.map((c) => (
                    <option key={c.id} value={c.language}>
                      {c.kind === 'asr' ? t('misc.automaticCaptions', { language: languageName(c.language, locale) }) : languageName(c.language, locale)}
                      {c.name ? ` · ${c.name}` : ''}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <p className="video-preview">
              {video.transcript
                ? video.transcript.text.slice(0, 400) + (video.transcript.text.length > 400 ? '…' : '')
                : t('misc.descriptionImported', {
                    note: video.transcript_note_message
                      ? serverMessage(video.transcript_note_message, currentLocale())
                      : (video.transcript_note ?? t('misc.noTranscript')),
                  })}
            </p>
            <div className="text-form-row">
              <Field label={t('misc.languageOfTheText')}>
                <LanguagePicker value={language} onChange={setLanguage} placeholder={t('misc.choose')} label={t('misc.language')} required />
              </Field>
            </div>
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={() => void importIt()} disabled={busy}>
                {t('misc.importAsAText')}
              </button>
            </div>
          </div>
        )}
        <ErrorLine error={error} onRetry={link.trim() ? () => void (video ? importIt() : look()) : undefined} />
      </div>
    );
  };

  return (
    <Page title={t('misc.newText')} subtitle={t('misc.readWhatAVideo')}>
      <NewTextTabs current="/texts/new/video" />
      {body()}
    </Page>
  );
}
