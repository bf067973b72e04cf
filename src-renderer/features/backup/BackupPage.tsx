// Runs in: renderer. Settings → Backup: back up now (download; Electron asks where to save), automatic backups
// (daily / weekly / off into a folder, keeping the newest N), restore with progress and a summary, and empty
// database after typing EMPTY (offering a backup first).
import { useApp } from '../../stores/app';
import { tr } from '../../lib/i18n/rich';
import { useState } from 'react';
import type { BackupSettingsDto, RestoreSummary } from '../../../src-shared/contract/backup';
import { isSavedFileResult } from '../../../src-shared/contract/endpoint';
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { FileDrop } from '../../components/FileDrop';
import { api, errorMessage, saveFile, transport } from '../../api/client';
import { Link } from '../../lib/router';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { chooseDialog, confirmDialog, promptDialog, toast } from '../../stores/ui';
import './backup.css';
import { formatDateTime, formatNumber, t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

const when = (ms: number | null) => (ms ? formatDateTime(ms) : t('common.never'));

export default function BackupPage() {
  const settings = useCall('backup.settings', {});
  return (
    <Page
      title={t('backup.title')}
      subtitle={t('backup.subtitle')}
      actions={
        <Link className="btn btn-ghost" to="/import">
          {t('moveIn.title')}
        </Link>
      }
    >
      {!settings.data ? (
        settings.error ? (
          <p className="error-text" role="alert">
            {settings.error}
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <>
          <BackUpNow settings={settings.data} onSaved={settings.reload} />
          <AutomaticBackups settings={settings.data} onSaved={(s) => settings.setData(s)} />
          <Restore settings={settings.data} onChanged={(s) => settings.setData(s)} />
          <EmptyDatabase restoreEnabled={settings.data.restoreEnabled} />
        </>
      )}
    </Page>
  );
}

async function downloadBackup(): Promise<boolean> {
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

function BackUpNow({ settings, onSaved }: { settings: BackupSettingsDto; onSaved(): void }) {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      onSaved();
    } catch (err) {
      showError(err, t('backup.failed'));
    } finally {
      setBusy(false);
    }
  };
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
            onClick={() => void run(async () => toast('success', t('misc.saved', { file: (await api.call('backup.saveNow', {})).file })))}
          >
            {t('backup.saveToFolder')}
          </button>
        )}
        {busy && <Spinner label={t('backup.making')} />}
      </div>
    </section>
  );
}

function AutomaticBackups({ settings, onSaved }: { settings: BackupSettingsDto; onSaved(s: BackupSettingsDto): void }) {
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

function Restore({ settings, onChanged }: { settings: BackupSettingsDto; onChanged(s: BackupSettingsDto): void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    setBusy(true);
    setError(null);
    setSummary(null);
    setProgress(0);
    try {
      const result = await api.call('backup.restore', { file } as never, { onUploadProgress: (f) => setProgress(f >= 1 ? null : f) });
      setSummary(result);
      await useApp.getState().reloadLibrary();
      toast('success', t('backup.restored'));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const tables = summary ? Object.entries(summary.counts).filter(([table, n]) => n > 0 && !table.startsWith('_')) : [];
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
      {busy && <ProgressBar value={progress} label={progress === null ? t('backup.restoring') : t('misc.uploading')} />}
      <ErrorLine error={error} />
      {summary && (
        <div aria-live="polite" data-testid="restore-summary">
          <p>{t('backup.restoredSummary', { date: formatDateTime(summary.backup.createdAt), version: summary.backup.appVersion, count: summary.files })}</p>
          <table className="backup-counts">
            <tbody>
              {tables.map(([table, n]) => (
                <tr key={table}>
                  <th scope="row">{table.replace(/_/g, ' ')}</th>
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

/** Without restore on this server, nothing in the app could bring an emptied library back: a backup comes first. */
function EmptyDatabase({ restoreEnabled }: { restoreEnabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const first = await chooseDialog({
      title: t('backup.emptyTitle'),
      message: restoreEnabled ? t('backup.emptyMessage') : t('backup.emptyMessageNoRestore'),
      options: restoreEnabled
        ? [
            { value: 'backup', label: t('backup.emptyBackupFirst'), description: t('backup.emptyBackupRecommended') },
            { value: 'go', label: t('backup.emptyWithoutBackup') },
          ]
        : [{ value: 'backup', label: t('backup.emptyBackupFirst'), description: t('backup.emptyBackupRequired') }],
    });
    if (!first) return;
    if (first === 'backup') {
      try {
        await downloadBackup();
      } catch (err) {
        showError(err, t('backup.failedNothingDeleted'));
        return;
      }
    }
    const typed = await promptDialog({
      title: t('backup.emptyTypeTitle'),
      label: t('backup.emptyTypeLabel'),
      placeholder: t('backup.emptyTypePlaceholder'),
      confirmLabel: t('backup.emptyConfirm'),
      validate: (v) => (v === 'EMPTY' ? null : t('backup.emptyTypeInvalid')),
    });
    if (typed !== 'EMPTY') return;
    setBusy(true);
    try {
      const r = await api.call('backup.empty', { confirm: typed });
      await useApp.getState().reloadLibrary();
      toast('success', t('backup.emptied', { count: r.deleted }));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card form-grid danger-zone" aria-labelledby="backup-empty">
      <h2 id="backup-empty">{t('backup.emptyHeading')}</h2>
      <p className="field-hint">{t('backup.emptyHint')}</p>
      <div>
        <button className="btn btn-danger" disabled={busy} onClick={() => void run()}>
          {t('backup.emptyButton')}
        </button>
      </div>
    </section>
  );
}
