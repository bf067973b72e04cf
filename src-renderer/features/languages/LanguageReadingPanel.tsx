// Runs in: renderer. Language settings for reading (saved at once, as settings per language): the system voice
// that reads the language aloud (`voice.<LgID>`; without one, the one place that says why the reader has no
// speaker button and how to add a voice) and, for languages
// with readings (the morphological parser), furigana above kanji words (`furigana.<LgID>`).
import { useApp } from '../../stores/app';
import { speak, useVoices, voiceSettingKey } from '../reader/speech';
import '../reader/reading-flow.css';
import { t, useLocale } from '../../lib/i18n';
import { languageName } from '../../lib/i18n/curated';

export const furiganaSettingKey = (languageId: number) => `furigana.${languageId}`;

interface Props {
  languageId: number;
  isoCode: string;
  parser: string;
  /** A short sentence to try the voice with. */
  sample?: string;
}

export function LanguageReadingPanel({ languageId, isoCode, parser, sample = '' }: Props) {
  const voices = useVoices(isoCode);
  const settings = useApp((s) => s.settings);
  const saveSetting = useApp((s) => s.saveSetting);
  const chosen = settings[voiceSettingKey(languageId)] ?? '';
  const furigana = settings[furiganaSettingKey(languageId)] === '1';
  const readings = parser === 'morphological';
  const locale = useLocale((s) => s.locale);
  const current = voices.find((v) => v.voiceURI === chosen) ?? voices[0];
  return (
    <section className="card form-grid" aria-label={t('languageEdit.reading')}>
      <h3>{t('languageEdit.reading')}</h3>
      {voices.length === 0 && (
        <p className="field-hint" data-testid="no-voice">
          {isoCode ? t('languageEdit.noVoice', { language: languageName(isoCode, locale) }) : t('languageEdit.noVoiceNoCode')}
        </p>
      )}
      {voices.length > 0 && current && (
        <div className="field">
          <label className="field-label" htmlFor="language-voice">
            {t('languageEdit.voice')}
          </label>
          <div className="language-voice">
            <select
              id="language-voice"
              className="input"
              value={voices.some((v) => v.voiceURI === chosen) ? chosen : ''}
              onChange={(e) => void saveSetting(voiceSettingKey(languageId), e.target.value)}
            >
              <option value="">{t('languageEdit.defaultVoice', { name: voices[0].name })}</option>
              {voices.map((v) => (
                <option key={v.voiceURI} value={v.voiceURI}>
                  {v.name} · {v.lang}
                  {v.localService ? '' : t('languageEdit.online')}
                </option>
              ))}
            </select>
            <button type="button" className="btn" onClick={() => speak(sample || current.name, current)}>
              {t('languageEdit.try')}
            </button>
          </div>
          <span className="field-hint muted small">{t('languageEdit.readsWordsAndSentences')}</span>
        </div>
      )}
      {readings && (
        <label className="check">
          <input type="checkbox" checked={furigana} onChange={(e) => void saveSetting(furiganaSettingKey(languageId), e.target.checked ? '1' : '0')} />{' '}
          {t('languageEdit.furigana')}
        </label>
      )}
    </section>
  );
}
