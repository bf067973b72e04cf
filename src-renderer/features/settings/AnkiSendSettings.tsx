// Runs in: renderer. Settings card "Anki (AnkiConnect)": where the running Anki listens, its key, send-on-save, and
// a connection test. State: useAnkiSendSettings.
import { ErrorLine } from '../../components/ErrorLine';
import { Field } from '../../components/Page';
import { t } from '../../lib/i18n';
import { useAnkiSendSettings } from './useAnkiSendSettings';

export function AnkiSendSettings() {
  const s = useAnkiSendSettings();
  return (
    <section className="card form-grid" data-testid="anki-send-settings">
      <h2>{t('ankiSend.settingsTitle')}</h2>
      <p className="field-hint">{t('ankiSend.settingsHint')}</p>
      <Field label={t('ankiSend.url')} hint={t('ankiSend.urlHint')}>
        <input className="input" type="url" value={s.url} onChange={(e) => s.setUrl(e.target.value)} onBlur={() => void s.saveUrl()} spellCheck={false} />
      </Field>
      <Field label={t('ankiSend.key')} hint={t('ankiSend.keyHint')}>
        <input className="input" type="password" value={s.key} onChange={(e) => s.setKey(e.target.value)} onBlur={() => void s.saveKey()} autoComplete="off" />
      </Field>
      <label className="check">
        <input type="checkbox" checked={s.sendOnSave} onChange={(e) => s.setSendOnSave(e.target.checked)} />
        {t('ankiSend.sendOnSave')}
      </label>
      <div className="form-actions">
        <button className="btn" disabled={s.testing} onClick={() => void s.test()}>
          {t('ankiSend.test')}
        </button>
      </div>
      {s.connected && (
        <p className="field-hint" role="status">
          {t('ankiSend.connected', { version: s.connected.version, url: s.connected.url })}
        </p>
      )}
      <ErrorLine error={s.error} />
    </section>
  );
}
