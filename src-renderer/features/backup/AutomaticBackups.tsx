// Runs in: renderer. The backup page's automatic backups card: daily / weekly / off into a folder, keeping the newest N.
import { useState } from 'react';
import type { BackupSettingsDto } from '../../../src-shared/contract/backup';
import { Field } from '../../components/Page';
import { api, errorMessage } from '../../api/client';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

export function AutomaticBackups({ settings, onSaved }: { settings: BackupSettingsDto; onSaved(s: BackupSettingsDto): void }) {
  const [schedule, setSchedule] = useState(settings.schedule);
  const [folder, setFolder] = useState(settings.folder);
  const [keep, setKeep] = useState(String(settings.keep));
  const [error, setError] = useState<string | null>(null);
  if (settings.multiUser) return null;
  const save = async () => {
    setError(null);
    try {
      onSaved(await api.call('backup.saveSettings', { schedule, folder, keep: Number(keep) }));
      toast('success', t('backup.scheduleSaved'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <section className="card form-grid" aria-labelledby="backup-auto">
      <h2 id="backup-auto">{t('backup.autoHeading')}</h2>
      <Field label={t('backup.scheduleLabel')}>
        <select className="input" value={schedule} onChange={(e) => setSchedule(e.target.value as BackupSettingsDto['schedule'])}>
          <option value="off">{t('backup.scheduleOff')}</option>
          <option value="daily">{t('backup.scheduleDaily')}</option>
          <option value="weekly">{t('backup.scheduleWeekly')}</option>
        </select>
      </Field>
      <Field label={t('backup.folderLabel')} hint={t('backup.folderHint')}>
        <input className="input" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder={t('backup.folderPlaceholder')} spellCheck={false} />
      </Field>
      <Field label={t('backup.keepLabel')} hint={t('backup.keepHint')}>
        <input className="input backup-keep" type="number" min={1} max={365} value={keep} onChange={(e) => setKeep(e.target.value)} />
      </Field>
      {settings.lastError && <p className="error-text">{t('backup.lastFailed', { error: settings.lastError })}</p>}
      <ErrorLine error={error} />
      <div>
        <button className="btn" onClick={() => void save()}>
          {t('backup.saveSchedule')}
        </button>
      </div>
    </section>
  );
}
