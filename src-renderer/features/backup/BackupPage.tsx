// Runs in: renderer. Settings → Backup: back up now (download; Electron asks where to save), automatic backups
// (daily / weekly / off into a folder, keeping the newest N), restore with progress and a summary, and empty
// database after typing EMPTY (offering a backup first). One component per card, beside the page.
import { Page, Spinner } from '../../components/Page';
import { Link } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import './backup.css';
import { t } from '../../lib/i18n';
import { BackUpNow } from './BackUpNow';
import { AutomaticBackups } from './AutomaticBackups';
import { RestoreCard } from './RestoreCard';
import { EmptyDatabase } from './EmptyDatabase';

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
          <RestoreCard settings={settings.data} onChanged={(s) => settings.setData(s)} />
          <EmptyDatabase restoreEnabled={settings.data.restoreEnabled} />
        </>
      )}
    </Page>
  );
}
