// Runs in: renderer. API tokens: "Connected apps" (single-user pairing of extensions and scripts) or an
// account's tokens (multi-user). A new token is shown once; revoking takes effect at once.
import { useState } from 'react';
import type { ApiTokenDto } from '../../../src-shared/contract/auth';
import { api, errorMessage } from '../../api/client';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';

const date = (ms: number | null) => (ms ? new Date(ms).toLocaleDateString() : '—');

export function ConnectedApps({ multiUser }: { multiUser: boolean }) {
  const tokens = useCall('auth.tokens.list', {});
  const [name, setName] = useState('');
  const [origin, setOrigin] = useState('');
  const [error, setError] = useState('');
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const res = await api.call('auth.tokens.create', { name, origin: origin || undefined });
      setShown({ name: res.api_token.name, token: res.token });
      setName('');
      setOrigin('');
      tokens.reload();
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: \w+: /, ''));
    }
  }

  async function revoke(t: ApiTokenDto) {
    try {
      await api.call('auth.tokens.revoke', { id: t.id });
      toast('success', `“${t.name}” can no longer use Lectio`);
      tokens.reload();
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  return (
    <section className="card" aria-labelledby="apps-title">
      <div className="card-header">
        <h2 id="apps-title">{multiUser ? 'API tokens' : 'Connected apps'}</h2>
      </div>
      <p className="field-hint">
        {multiUser
          ? 'Scripts and browser extensions send a token as “Authorization: Bearer …”. Tokens last 30 days; changing your password revokes all of them.'
          : 'Pair a browser extension or a script with this Lectio: it sends the token as “Authorization: Bearer …”. Give the extension’s origin (e.g. chrome-extension://…) so its browser requests are allowed.'}
      </p>
      {shown && (
        <div className="auth-notice success" role="status">
          <p style={{ margin: '0 0 6px' }}>Token for “{shown.name}”: copy it now, it is not shown again.</p>
          <div className="token-once">
            <code data-testid="new-token">{shown.token}</code>
            <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(shown.token)}>
              Copy
            </button>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => setShown(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <form className="toolbar" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '10px 0 14px' }} onSubmit={(e) => void create(e)}>
        <input
          className="input"
          placeholder="Name, e.g. Reader extension"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="Token name"
          maxLength={60}
        />
        <input
          className="input"
          placeholder="Origin (optional): chrome-extension://…"
          value={origin}
          onChange={(e) => setOrigin(e.target.value)}
          aria-label="Origin"
          style={{ flex: 1, minWidth: 220 }}
        />
        <button className="btn btn-primary" disabled={!name.trim()}>
          {multiUser ? 'Create token' : 'Pair app'}
        </button>
      </form>
      {error && <p className="error-text">{error}</p>}
      {tokens.data && tokens.data.length === 0 && <p className="field-hint">{multiUser ? 'No tokens.' : 'No paired apps.'}</p>}
      {tokens.data && tokens.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Origin</th>
              <th>Created</th>
              <th>Expires</th>
              <th>Last used</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td className="mono">{t.origin ?? '—'}</td>
                <td>{date(t.created)}</td>
                <td>{t.expires_at ? date(t.expires_at) : 'never'}</td>
                <td>{date(t.last_used)}</td>
                <td style={{ textAlign: 'right' }}>
                  <button className="btn btn-small btn-danger-ghost" onClick={() => void revoke(t)}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
