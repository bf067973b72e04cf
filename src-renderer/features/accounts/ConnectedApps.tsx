// Runs in: renderer. API tokens: "Connected apps" (single-user pairing of extensions and scripts) or an
// account's tokens (multi-user). A new token is shown once; revoking takes effect at once.
import { useState } from 'react';
import type { ApiTokenDto } from '../../../src-shared/contract/accounts';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { formError } from './shared';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { formatDate, t } from '../../lib/i18n';

const date = (ms: number | null) => (ms ? formatDate(ms) : '—');

export function ConnectedApps({ multiUser }: { multiUser: boolean }) {
  const tokens = useCall('auth.tokens.list', {});
  const [name, setName] = useState('');
  const [origin, setOrigin] = useState('');
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);

  const creating = useAction(
    async () => {
      const res = await api.call('auth.tokens.create', { name, origin: origin || undefined });
      setShown({ name: res.api_token.name, token: res.token });
      setName('');
      setOrigin('');
      tokens.reload();
    },
    { report: 'inline', describe: formError },
  );
  const error = creating.error;
  function create(e: React.FormEvent) {
    e.preventDefault();
    void creating.run();
  }

  // A failed revoke is a toast: the row stays.
  const revoking = useAction(async (token: ApiTokenDto) => {
    await api.call('auth.tokens.revoke', { id: token.id });
    toast('success', t('auth.revoked', { name: token.name }));
    tokens.reload();
  });
  const revoke = (token: ApiTokenDto) => void revoking.run(token);

  return (
    <section className="card" aria-labelledby="apps-title">
      <div className="card-header">
        <h2 id="apps-title">{multiUser ? t('auth.apiTokens') : t('auth.connectedApps')}</h2>
      </div>
      {/* Learners first: the extension pairs itself from its popup; tokens are for scripts, below (issue 51). */}
      <p data-testid="extension-pairs">{t('auth.extensionPairs')}</p>
      <h3 className="connected-apps-tokens">{t('auth.tokensForScripts')}</h3>
      <p className="field-hint">{multiUser ? t('auth.scriptsAndBrowserExtensions') : t('auth.pairABrowserExtension')}</p>
      {shown && (
        <div className="auth-notice success" role="status">
          <p style={{ margin: '0 0 6px' }}>{t('auth.tokenShownOnce', { name: shown.name })}</p>
          <div className="token-once">
            <code data-testid="new-token">{shown.token}</code>
            <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(shown.token)}>
              {t('auth.copy')}
            </button>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => setShown(null)}>
              {t('auth.done')}
            </button>
          </div>
        </div>
      )}
      <form className="toolbar" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '10px 0 14px' }} onSubmit={create}>
        <input
          className="input"
          placeholder={t('auth.nameEGReader')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label={t('auth.tokenName')}
          maxLength={60}
        />
        <input
          className="input"
          placeholder={t('auth.originOptionalChromeExtension')}
          value={origin}
          onChange={(e) => setOrigin(e.target.value)}
          aria-label={t('auth.origin')}
          style={{ flex: 1, minWidth: 220 }}
        />
        <button className="btn btn-primary" disabled={!name.trim() || creating.busy}>
          {multiUser ? t('auth.createToken') : t('auth.pairApp')}
        </button>
      </form>
      {error && <p className="error-text">{error}</p>}
      {tokens.data && tokens.data.length === 0 && <p className="field-hint">{multiUser ? t('auth.noTokens') : t('auth.noPairedApps')}</p>}
      {tokens.data && tokens.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('auth.name')}</th>
              <th>{t('auth.origin')}</th>
              <th>{t('auth.created')}</th>
              <th>{t('auth.expires')}</th>
              <th>{t('auth.lastUsed')}</th>
              <th aria-label={t('auth.actions')} />
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td className="mono">{token.origin ?? '—'}</td>
                <td>{date(token.created)}</td>
                <td>{token.expires_at ? date(token.expires_at) : t('common.never')}</td>
                <td>{date(token.last_used)}</td>
                <td style={{ textAlign: 'right' }}>
                  <button className="btn btn-small btn-danger-ghost" onClick={() => revoke(token)}>
                    {t('auth.revoke')}
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
