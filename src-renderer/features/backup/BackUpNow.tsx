// Runs in: renderer. The backup page's first card: back up now (a download; the desktop app asks where to save), or
// into the automatic backups' folder.
import { tr } from '../../lib/i18n/rich';
import type { BackupSettingsDto } from '../../../src-shared/contract/backup';
import { isSavedFileResult } from '../../../src-shared/contract/endpoint';
import { Spinner } from '../../components/Page';
import { api, saveFile, transport } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { toast } from '../../stores/ui';
import { formatDateTime, t } from '../../lib/i18n';

export const when = (ms: number | null) => (ms ? formatDateTime(ms) : t('common.never'));

export async function downloadBackup(): Promise<boolean> {
  const file = await api.call('backup.download', {});
  // The desktop app saved it itself, where the person chose in the Save dialog (or they cancelled).
  if (isSavedFileResult(file)) {
    if (file.savedTo === null) return false;
    toast('success', t('backup.savedTo', { path: file.savedTo }));
    return true;
  }
  saveFile(file);
  toast('success', t('backup.savedFile', { file: file.filename }));
  return true;
}

export function BackUpNow({ settings, onSaved }: { settings: BackupSettingsDto; onSaved(): void }) {
  // Either way of backing up; a failure is a toast that says the backup failed.
  const backingUp = useAction(
    async (fn: () => Promise<unknown>) => {
      await fn();
      onSaved();
    },
    { prefix: t('backup.failed') },
  );
  const busy = backingUp.busy;
  const run = backingUp.run;
  return (
    <section className="card form-grid" aria-labelledby="backup-now">
      <h2 id="backup-now">{t('backup.nowHeading')}</h2>
      <p className="field-hint">{tr('backup.contents', { when: <strong data-testid="last-backup">{when(settings.lastBackupAt)}</strong> })}</p>
      <div className="backup-actions">
        <button className="btn btn-primary" disabled={busy} onClick={() => void run(downloadBackup)}>
          {transport() === 'ipc' ? t('backup.saveAs') : t('backup.download')}
        </button>
        {settings.folder && !settings.multiUser && (
          <button
            className="btn"
            disabled={busy}
            onClick={() => void run(async () => toast('success', t('common.saved', { file: (await api.call('backup.saveNow', {})).file })))}
          >
            {t('backup.saveToFolder')}
          </button>
        )}
        {busy && <Spinner label={t('backup.making')} />}
      </div>
    </section>
  );
}
