// Runs in: renderer. Language settings for reading (saved at once, as settings per language): the system voice
// that reads the language aloud (`voice.<LgID>`; without one, the one place that says why the reader has no
// speaker button and how to add a voice) and, for languages
// with readings (the morphological parser, the Chinese segmenter), furigana, pinyin or jyutping above words
// (`furigana.<LgID>`) and on which words they show (`readingsBelow.<LgID>`: below a status, issue 46).
import { useApp } from '../../stores/app';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { READINGS_ON_EVERY_WORD, readingsBelow, readingsBelowKey, wordReadingsKind } from '../../../src-shared/text/zh/languages';
import { speak, useVoices, voiceSettingKey } from '../reader/speech';
import '../reader/reading-flow.css';
import { t, useLocale } from '../../lib/i18n';
import { languageName } from '../../lib/i18n/curated';

export const furiganaSettingKey = (languageId: number) => `furigana.${languageId}`;

const READINGS_BELOW_CHOICES = [
  [1, 'languageEdit.readingsBelow1'],
  [2, 'languageEdit.readingsBelow2'],
  [3, 'languageEdit.readingsBelow3'],
  [4, 'languageEdit.readingsBelow4'],
  [5, 'languageEdit.readingsBelow5'],
  [6, 'languageEdit.readingsBelow6'],
  [READINGS_ON_EVERY_WORD, 'languageEdit.readingsBelow100'],
] as const;

interface Props {
  languageId: number;
  isoCode: string;
  parser: LanguageDto['LgParserType'];
  splitEachChar: boolean;
  /** A short sentence to try the voice with. */
  sample?: string;
}

export function LanguageReadingPanel({ languageId, isoCode, parser, splitEachChar, sample = '' }: Props) {
  const voices = useVoices(isoCode);
  const settings = useApp((s) => s.settings);
  const saveSetting = useApp((s) => s.saveSetting);
  const chosen = settings[voiceSettingKey(languageId)] ?? '';
  const furigana = settings[furiganaSettingKey(languageId)] === '1';
  const readings = wordReadingsKind({ LgParserType: parser, LgSplitEachChar: splitEachChar, LgIsoCode: isoCode });
  const below = readingsBelow(settings[readingsBelowKey(languageId)]);
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
          {readings === 'pinyin' ? t('languageEdit.pinyin') : readings === 'jyutping' ? t('languageEdit.jyutping') : t('languageEdit.furigana')}
        </label>
      )}
      {readings && (
        <div className="field">
          <label className="field-label" htmlFor="language-readings-below">
            {t('languageEdit.readingsBelow')}
          </label>
          <select
            id="language-readings-below"
            className="input"
            value={below}
            disabled={!furigana}
            onChange={(e) => void saveSetting(readingsBelowKey(languageId), e.target.value)}
          >
            {READINGS_BELOW_CHOICES.map(([value, key]) => (
              <option key={value} value={value}>
                {t(key)}
              </option>
            ))}
          </select>
          <span className="field-hint muted small">{t('languageEdit.readingsBelowHint')}</span>
        </div>
      )}
    </section>
  );
}
