// Runs in: renderer. The backup page's restore card: the restore switch, the backup file with upload progress, and the
// summary of what came back (or why the library was put back).
import { learnerCounts } from './learnerTables';
import { useApp } from '../../stores/app';
import { useState } from 'react';
import type { BackupSettingsDto, RestoreSummary } from '../../../src-shared/contract/backup';
import { Field, ProgressBar } from '../../components/Page';
import { FileDrop } from '../../components/FileDrop';
import { api } from '../../api/client';
import { useUpload } from '../../lib/useUpload';
import { showError } from '../../lib/errors';
import { confirmDialog, toast } from '../../stores/ui';
import { formatDateTime, formatNumber, t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

export function RestoreCard({ settings, onChanged }: { settings: BackupSettingsDto; onChanged(s: BackupSettingsDto): void }) {
  const upload = useUpload<'restore'>();
  const busy = upload.busy !== null;
  const [summary, setSummary] = useState<RestoreSummary | null>(null);
  const toggle = async (on: boolean) => {
    if (
      on &&
      !(await confirmDialog({
        title: t('backup.allowRestoreTitle'),
        message: t('backup.allowRestoreMessage'),
        confirmLabel: t('backup.allowRestoreConfirm'),
        danger: true,
      }))
    )
      return;
    try {
      onChanged(await api.call('backup.saveSettings', { restoreEnabled: on }));
    } catch (err) {
      showError(err);
    }
  };
  const restore = async (file: File) => {
    if (
      !(await confirmDialog({
        title: t('backup.restoreTitle', { name: file.name }),
        message: t('backup.restoreMessage'),
        confirmLabel: t('backup.restoreConfirm'),
        danger: true,
      }))
    )
      return;
    setSummary(null);
    const result = await upload.run('restore', (onUploadProgress) => api.call('backup.restore', { file }, { onUploadProgress }));
    if (!result) return;
    setSummary(result);
    await useApp.getState().reloadLibrary();
    toast('success', t('backup.restored'));
  };
  const tables = summary ? learnerCounts(summary.counts) : [];
  return (
    <section className="card form-grid" aria-labelledby="backup-restore">
      <h2 id="backup-restore">{t('backup.restoreConfirm')}</h2>
      {!settings.restoreEnabled && (
        <p className="field-hint" data-testid="restore-off">
          {settings.restoreSwitchable ? t('backup.restoreOff') : t('backup.restoreOffOnServer')}
        </p>
      )}
      {settings.restoreSwitchable && (
        <label className="check">
          <input type="checkbox" checked={settings.restoreSwitchOn} onChange={(e) => void toggle(e.target.checked)} />
          {t('backup.allowRestoreSwitch')}
        </label>
      )}
      {settings.restoreEnabled && (
        <Field label={t('backup.restoreFileLabel')} hint={t('backup.restoreFileHint')}>
          <FileDrop
            accept=".zip,application/zip"
            testId="restore-file"
            inputLabel={t('backup.restoreFileLabel')}
            disabled={busy}
            chosen={null}
            prompt={t('backup.restoreFilePrompt')}
            onFiles={([f]) => void restore(f)}
          />
        </Field>
      )}
      {settings.restoreNotice && (
        <p className="error-text" role="alert" data-testid="restore-put-back">
          {t('backup.restorePutBack', {
            date: formatDateTime(settings.restoreNotice.at),
            backup: formatDateTime(settings.restoreNotice.backup),
            reason: settings.restoreNotice.reason,
          })}
        </p>
      )}
      {busy && <ProgressBar value={upload.progress} label={upload.progress === null ? t('backup.restoring') : t('common.uploading')} />}
      <ErrorLine error={upload.error} />
      {summary && (
        <div aria-live="polite" data-testid="restore-summary">
          <p>{t('backup.restoredSummary', { date: formatDateTime(summary.backup.createdAt), version: summary.backup.appVersion, count: summary.files })}</p>
          <table className="backup-counts">
            <tbody>
              {tables.map(([table, n]) => (
                <tr key={table}>
                  <th scope="row">{table}</th>
                  <td>{formatNumber(n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
