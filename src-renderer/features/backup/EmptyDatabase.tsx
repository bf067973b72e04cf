// Runs in: renderer. The backup page's danger zone: empty the database after typing EMPTY, offering a backup first.
import { useApp } from '../../stores/app';
import { useAction } from '../../lib/useAction';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { chooseDialog, promptDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';
import { downloadBackup } from './BackUpNow';

/** Without restore on this server, nothing in the app could bring an emptied library back: a backup comes first. */
export function EmptyDatabase({ restoreEnabled }: { restoreEnabled: boolean }) {
  // The emptying itself (after the dialogs); a failure is a toast.
  const emptying = useAction(async (typed: string) => {
    await api.call('backup.empty', { confirm: typed });
    await useApp.getState().reloadLibrary();
    // What was emptied in the learner's words, not a count of internal rows (issue 51).
    toast('success', t('backup.emptied'));
  });
  const busy = emptying.busy;
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
    await emptying.run(typed);
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
