// Runs in: renderer. /admin/server (admin): database size, rows per table, versions.
import { Page, Spinner } from '../../components/Page';
import { useCall } from '../../lib/useCall';
import { countOf } from '../../lib/plural';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function ServerDataPage() {
  const data = useCall('admin.server', {});
  if (data.error)
    return (
      <Page title="Server">
        <p className="error-text">{data.error}</p>
      </Page>
    );
  if (!data.data) return <Spinner />;
  const d = data.data;
  return (
    <Page title="Server" subtitle={`${d.multi_user ? 'Multi-user' : 'Single-user'} · ${countOf(d.users, 'account')} · database ${mb(d.database_bytes)}`}>
      <section className="card">
        <h2>Versions</h2>
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
            <th>Table</th>
            <th style={{ textAlign: 'right' }}>Rows</th>
          </tr>
        </thead>
        <tbody>
          {d.tables.map((t) => (
            <tr key={t.name}>
              <td className="mono">{t.name}</td>
              <td style={{ textAlign: 'right' }}>{t.rows.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
