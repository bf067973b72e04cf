// Runs in: renderer. /admin/server (admin): database size, rows per table, versions.
import { Page, Spinner } from '../../components/Page';
import { useCall } from '../../lib/useCall';
import { formatNumber, t } from '../../lib/i18n';

const mb = (bytes: number) => `${formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

export default function ServerDataPage() {
  const data = useCall('admin.server', {});
  if (data.error)
    return (
      <Page title={t('auth.server')}>
        <p className="error-text">{data.error}</p>
      </Page>
    );
  if (!data.data) return <Spinner />;
  const d = data.data;
  return (
    <Page
      title={t('auth.server')}
      subtitle={`${d.multi_user ? t('auth.multiUser') : t('auth.singleUser')} · ${t('auth.accounts', { count: d.users })} · ${t('auth.database', { size: mb(d.database_bytes) })}`}
    >
      <section className="card">
        <h2>{t('auth.versions')}</h2>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
          {Object.entries(d.versions).map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt className="field-label">{k}</dt>
              <dd style={{ margin: 0 }} className="mono">
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <table className="table">
        <thead>
          <tr>
            <th>{t('auth.table')}</th>
            <th style={{ textAlign: 'right' }}>{t('auth.rows')}</th>
          </tr>
        </thead>
        <tbody>
          {d.tables.map((table) => (
            <tr key={table.name}>
              <td className="mono">{table.name}</td>
              <td style={{ textAlign: 'right' }}>{formatNumber(table.rows)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
