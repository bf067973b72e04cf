// Runs in: renderer. Settings → AnkiConnect (issue 29): where Yomitan, asbplayer and mpvacious send mined words, the
// optional listener on AnkiConnect's own 127.0.0.1:8765 (with a plain line when Anki already holds it), and the
// field names of the learner's own note types mapped to what Lectio keeps of them.
import { NOTE_ROLES, type NoteRole } from '../../../src-shared/anki/connect/notes';
import { ANKICONNECT_PORT } from '../../../src-shared/contract/ankiconnect';
import { Field } from '../../components/Page';
import { ErrorLine } from '../../components/ErrorLine';
import { t, type MessageKey } from '../../lib/i18n';
import { useAnkiConnectSettings } from './useAnkiConnectSettings';
import './ankiconnect.css';

const roleLabel = (role: NoteRole) => t(`ankiconnect.role.${role}` as MessageKey);

export function AnkiConnectSettings() {
  const s = useAnkiConnectSettings();
  const port = s.status?.port;
  return (
    <section className="card form-grid" data-testid="ankiconnect-settings">
      <h2>{t('ankiconnect.title')}</h2>
      <p className="field-hint">{t('ankiconnect.intro')}</p>
      <ErrorLine error={s.error} />
      <Field label={t('ankiconnect.address')} hint={t('ankiconnect.addressHint')}>
        <code className="ankiconnect-url">{s.status?.url ?? '…'}</code>
      </Field>
      <label className="check">
        <input type="checkbox" checked={!!port?.enabled} disabled={!s.status || s.setPort.busy} onChange={(e) => void s.setPort.run(e.target.checked)} />
        {t('ankiconnect.port', { port: String(ANKICONNECT_PORT) })}
      </label>
      {port?.enabled && (
        <p className={port.error ? 'error-text' : 'field-hint'} role="status">
          {port.listening
            ? t('ankiconnect.portListening', { port: String(port.port ?? ANKICONNECT_PORT) })
            : port.error === 'in_use'
              ? t('ankiconnect.portInUse', { port: String(ANKICONNECT_PORT) })
              : t('ankiconnect.portFailed', { port: String(ANKICONNECT_PORT) })}
        </p>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={!!s.status?.new_decks}
          disabled={!s.status || s.setNewDecks.busy}
          onChange={(e) => void s.setNewDecks.run(e.target.checked)}
        />
        {t('ankiconnect.newDecks')}
      </label>
      <p className="field-hint">{t('ankiconnect.newDecksHint')}</p>
      <h3>{t('ankiconnect.fields')}</h3>
      <p className="field-hint">{t('ankiconnect.fieldsHint')}</p>
      {s.rows.map((row, i) => (
        <div className="ankiconnect-field-row" key={i}>
          <input
            className="input"
            value={row.field}
            placeholder={t('ankiconnect.fieldName')}
            aria-label={t('ankiconnect.fieldName')}
            onChange={(e) => s.setRow(i, { field: e.target.value })}
          />
          <select
            className="input"
            value={row.role}
            aria-label={t('ankiconnect.fieldRole')}
            onChange={(e) => s.setRow(i, { role: e.target.value as NoteRole })}
          >
            {NOTE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => s.removeRow(i)}>
            {t('ankiconnect.removeField')}
          </button>
        </div>
      ))}
      <div className="form-actions">
        <button type="button" className="btn" onClick={s.addRow}>
          {t('ankiconnect.addField')}
        </button>
        <button type="button" className="btn btn-primary" disabled={s.saveRoles.busy} onClick={() => void s.saveRoles.run()}>
          {t('ankiconnect.saveFields')}
        </button>
      </div>
    </section>
  );
}
