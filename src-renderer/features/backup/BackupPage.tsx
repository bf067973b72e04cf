// Runs in: renderer. Settings → Backup: back up now (download; Electron asks where to save), automatic backups
// (daily / weekly / off into a folder, keeping the newest N), restore with progress and a summary, and empty
// database after typing EMPTY (offering a backup first).
import { useState } from 'react';
import type { BackupSettingsDto, RestoreSummary } from '../../../src-shared/contract/backup';
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { api, errorMessage, saveFile } from '../../api/client';
import { Link } from '../../lib/router';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { chooseDialog, confirmDialog, promptDialog, toast } from '../../stores/ui';
import './backup.css';

const when = (ms: number | null) => (ms ? new Date(ms).toLocaleString() : 'never');

export default function BackupPage() {
  const settings = useCall('backup.settings', {});
  return (
    <Page
      title="Backup"
      subtitle="Your vocabulary is years of work: keep copies of it, bring one back, or start again."
      actions={
        <Link className="btn btn-ghost" to="/import">
          Move in from LWT or Lute
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
          <EmptyDatabase />
        </>
      )}
    </Page>
  );
}

async function downloadBackup(): Promise<boolean> {
  const file = await api.call('backup.download', {});
  saveFile(file);
  toast('success', `Backup ${file.filename} saved`);
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
      showError(err, 'Backup failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card form-grid" aria-labelledby="backup-now">
      <h2 id="backup-now">Back up now</h2>
      <p className="field-hint">
        One .zip file with every language, term, text, book, feed, dictionary and setting, plus the library&apos;s files (covers, audio). Last backup to the
        folder: <strong data-testid="last-backup">{when(settings.lastBackupAt)}</strong>
      </p>
      <div className="backup-actions">
        <button className="btn btn-primary" disabled={busy} onClick={() => void run(downloadBackup)}>
          Download backup
        </button>
        {settings.folder && !settings.multiUser && (
          <button
            className="btn"
            disabled={busy}
            onClick={() => void run(async () => toast('success', `Saved ${(await api.call('backup.saveNow', {})).file}`))}
          >
            Save into the backup folder
          </button>
        )}
        {busy && <Spinner label="Making the backup…" />}
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
      toast('success', 'Automatic backups saved');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <section className="card form-grid" aria-labelledby="backup-auto">
      <h2 id="backup-auto">Automatic backups</h2>
      <Field label="Back up">
        <select className="input" value={schedule} onChange={(e) => setSchedule(e.target.value as BackupSettingsDto['schedule'])}>
          <option value="off">Off</option>
          <option value="daily">Every day</option>
          <option value="weekly">Every week</option>
        </select>
      </Field>
      <Field label="Into the folder" hint="A full path, e.g. /home/me/Backups/Lectio. A backup is also written before Lectio updates its database.">
        <input className="input" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/path/to/folder" spellCheck={false} />
      </Field>
      <Field label="Keep the newest" hint="Older automatic backups in the folder are removed.">
        <input className="input backup-keep" type="number" min={1} max={365} value={keep} onChange={(e) => setKeep(e.target.value)} />
      </Field>
      {settings.lastError && <p className="error-text">Last automatic backup failed: {settings.lastError}</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div>
        <button className="btn" onClick={() => void save()}>
          Save schedule
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
        title: 'Allow restore?',
        message: 'Restoring replaces your whole library with the backup. Only switch this on when you are about to restore.',
        confirmLabel: 'Allow restore',
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
        title: `Restore ${file.name}?`,
        message: 'Your current library is replaced by the backup. It is checked completely first; if anything is wrong, nothing changes.',
        confirmLabel: 'Restore',
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
      toast('success', 'Library restored');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const tables = summary ? Object.entries(summary.counts).filter(([t, n]) => n > 0 && !t.startsWith('_')) : [];
  return (
    <section className="card form-grid" aria-labelledby="backup-restore">
      <h2 id="backup-restore">Restore</h2>
      {!settings.restoreEnabled && (
        <p className="field-hint" data-testid="restore-off">
          {settings.restoreSwitchable
            ? 'Restore is switched off, so no one replaces your library by mistake.'
            : 'Restore is switched off on this server. Start Lectio with BACKUP_RESTORE_ENABLED=true to allow it.'}
        </p>
      )}
      {settings.restoreSwitchable && (
        <label className="check">
          <input type="checkbox" checked={settings.restoreSwitchOn} onChange={(e) => void toggle(e.target.checked)} />
          Allow restore (replaces the whole library)
        </label>
      )}
      {settings.restoreEnabled && (
        <Field label="Backup file" hint="A lectio-backup-….zip. Your current library is kept beside it until Lectio next starts.">
          <input
            type="file"
            accept=".zip,application/zip"
            data-testid="restore-file"
            disabled={busy}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void restore(f);
            }}
          />
        </Field>
      )}
      {busy && <ProgressBar value={progress} label={progress === null ? 'Checking and restoring…' : 'Uploading'} />}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {summary && (
        <div aria-live="polite" data-testid="restore-summary">
          <p>
            Restored the backup of {new Date(summary.backup.createdAt).toLocaleString()} (Lectio {summary.backup.appVersion}), {summary.files} files.
          </p>
          <table className="backup-counts">
            <tbody>
              {tables.map(([t, n]) => (
                <tr key={t}>
                  <th scope="row">{t.replace(/_/g, ' ')}</th>
                  <td>{n.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function EmptyDatabase() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const first = await chooseDialog({
      title: 'Empty the database?',
      message: 'Every language, term, text, book, feed and dictionary is deleted. Settings and accounts stay.',
      options: [
        { value: 'backup', label: 'Download a backup first', description: 'Recommended' },
        { value: 'go', label: 'Continue without a backup' },
      ],
    });
    if (!first) return;
    if (first === 'backup') {
      try {
        await downloadBackup();
      } catch (err) {
        showError(err, 'Backup failed; nothing was deleted');
        return;
      }
    }
    const typed = await promptDialog({
      title: 'Type EMPTY to delete your library',
      label: 'Confirmation',
      placeholder: 'EMPTY',
      confirmLabel: 'Empty the database',
      validate: (v) => (v === 'EMPTY' ? null : 'Type EMPTY in capitals'),
    });
    if (typed !== 'EMPTY') return;
    setBusy(true);
    try {
      const r = await api.call('backup.empty', { confirm: typed });
      toast('success', `Database emptied (${r.deleted.toLocaleString()} rows and their details deleted)`);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card form-grid danger-zone" aria-labelledby="backup-empty">
      <h2 id="backup-empty">Empty database</h2>
      <p className="field-hint">Start again with an empty library. You will be offered a backup first.</p>
      <div>
        <button className="btn btn-danger" disabled={busy} onClick={() => void run()}>
          Empty database…
        </button>
      </div>
    </section>
  );
}
