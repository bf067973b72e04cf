// Runs in: renderer. Settings: appearance and interface language, reading, review and time zone, Anki (AnkiConnect),
// and the optional YouTube Data API key (video transcripts work without one).
import { Field, Page } from '../../components/Page';
import { useApp, type ThemeChoice } from '../../stores/app';
import { showError } from '../../lib/errors';
import { Link } from '../../lib/router';
import { LOCALE_NAMES, LOCALES, systemLocale, t } from '../../lib/i18n';
import { AnkiConnectSettings } from './AnkiConnectSettings';
import { AnkiSendSettings } from './AnkiSendSettings';
import { JobsCard } from './JobsCard';
import { TranslationSettings } from './TranslationSettings';

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export default function SettingsPage() {
  const { settings, theme, setTheme, saveSetting } = useApp();
  const save = (key: string, value: string) => saveSetting(key, value).catch((err: unknown) => showError(err));
  const width = Number(settings.readingWidth || 70);
  return (
    <Page title={t('settings.title')}>
      <section className="card form-grid">
        <h2>{t('settings.appearance')}</h2>
        <Field label={t('settings.theme')}>
          <select className="input" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
            <option value="system">{t('settings.themeSystem')}</option>
            <option value="light">{t('settings.themeLight')}</option>
            <option value="dark">{t('settings.themeDark')}</option>
          </select>
        </Field>
        <Field label={t('settings.uiLanguage')} hint={t('settings.uiLanguageHint')}>
          <select className="input" value={settings.uiLanguage ?? ''} onChange={(e) => void save('uiLanguage', e.target.value)}>
            <option value="">{t('settings.uiLanguageSystem', { language: LOCALE_NAMES[systemLocale()] })}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
      </section>
      <section className="card form-grid">
        <h2>{t('settings.reading')}</h2>
        <Field label={t('settings.readingWidthValue', { value: width })} hint={t('settings.readingWidthHint')}>
          <input
            type="range"
            min={40}
            max={100}
            step={5}
            value={width}
            onChange={(e) => void save('readingWidth', e.target.value)}
            aria-label={t('settings.readingWidth')}
          />
        </Field>
        <Field label={t('settings.fontSizeValue', { value: Number(settings.readerFontSize || 100) })}>
          <input
            type="range"
            min={80}
            max={200}
            step={10}
            value={Number(settings.readerFontSize || 100)}
            onChange={(e) => void save('readerFontSize', e.target.value)}
            aria-label={t('settings.fontSize')}
          />
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.showTranslationHints !== '0'}
            onChange={(e) => void save('showTranslationHints', e.target.checked ? '1' : '0')}
          />
          {t('settings.hints')}
        </label>
        <label className="check" title={t('settings.familyKnownHint')}>
          <input type="checkbox" checked={settings.readerFamilyKnown === '1'} onChange={(e) => void save('readerFamilyKnown', e.target.checked ? '1' : '0')} />
          {t('settings.familyKnown')}
        </label>
        <label className="check" title={t('settings.bookPicturesHint')}>
          <input type="checkbox" checked={settings.bookPictures !== '0'} onChange={(e) => void save('bookPictures', e.target.checked ? '1' : '0')} />
          {t('settings.bookPictures')}
        </label>
      </section>
      <section className="card form-grid">
        <h2>{t('settings.timeZone')}</h2>
        <Field label={t('settings.dayStart')} hint={t('settings.dayStartHint')}>
          <select className="input" value={settings.timezone || ''} onChange={(e) => void save('timezone', e.target.value)}>
            <option value="">{t('settings.zoneSystem', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}</option>
            {ZONES.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </Field>
      </section>
      <AnkiSendSettings />
      <TranslationSettings />
      <section className="card form-grid">
        <h2>{t('settings.videoTranscripts')}</h2>
        <Field label={t('settings.youtubeApiKey')} hint={t('settings.youtubeApiKeyHint')}>
          {/* Saved when the field is left, not at every keystroke; keyed so a value saved elsewhere shows. */}
          <input
            key={settings.youtubeApiKey ?? ''}
            className="input mono"
            defaultValue={settings.youtubeApiKey ?? ''}
            autoComplete="off"
            spellCheck={false}
            onBlur={(e) => {
              if (e.target.value.trim() !== (settings.youtubeApiKey ?? '')) void save('youtubeApiKey', e.target.value.trim());
            }}
          />
        </Field>
      </section>
      <section className="card form-grid">
        <h2>{t('settings.yourData')}</h2>
        <p className="field-hint">{t('settings.yourDataHint')}</p>
        <p>
          <Link to="/settings/backup">{t('settings.backupLink')}</Link> · <Link to="/import">{t('settings.moveInLink')}</Link>
        </p>
      </section>
      <section className="card form-grid">
        <h2>{t('settings.connectedApps')}</h2>
        <p className="field-hint">{t('settings.connectedAppsHint')}</p>
        <p>
          <Link to="/profile">{t('settings.connectedAppsLink')}</Link>
        </p>
      </section>
      <AnkiConnectSettings />
      <JobsCard />
    </Page>
  );
}
