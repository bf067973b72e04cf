// Single-user pairing (issue 14): Settings → Connected apps makes a named token shown once; Bearer requests skip
// CSRF; CORS preflights and headers only for paired origins; revocation takes effect at once. Also: no accounts here.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer();

const EXT = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const preflight = (origin: string) =>
  fetch(`${s.baseUrl}/api/v1/languages`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('paired apps in single-user mode', () => {
  it('creates a token once, lets it skip CSRF, answers CORS for its origin only, and revokes at once', async () => {
    expect((await s.client.get('/api/v1/auth/me')).body).toMatchObject({ multi_user: false, user: { username: 'local', role: 'admin' } });
    expect((await preflight(EXT)).headers.get('access-control-allow-origin')).toBeNull();
    // Languages are set-up (the manage scope), beyond an extension's default scopes.
    const made = await s.client.post('/api/v1/auth/tokens', { name: 'Reader extension', origin: EXT, scopes: ['read', 'vocabulary', 'import', 'manage'] });
    expect(made.status).toBe(200);
    expect(made.body.api_token).toMatchObject({ name: 'Reader extension', origin: EXT, expires_at: null });
    const token = made.body.token as string;
    expect(s.core.sqlite.prepare('SELECT AtHash FROM api_tokens').get()).not.toEqual({ AtHash: token });
    // The list never shows the secret again.
    const list = await s.client.get('/api/v1/auth/tokens');
    expect(list.text).not.toContain(token);
    expect(list.body).toHaveLength(1);

    const pre = await preflight(EXT);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(EXT);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const post = await fetch(`${s.baseUrl}/api/v1/languages`, {
      method: 'POST',
      headers: { origin: EXT, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ LgName: 'Viaext', LgIsoCode: 'it' }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe(EXT);
    expect(s.core.sqlite.prepare("SELECT LgUsID FROM languages WHERE LgName = 'Viaext'").get()).toEqual({ LgUsID: null });
    // Without the token a foreign origin is nobody (issue 43: 401, never the local learner) and gets no CORS headers.
    const noToken = await fetch(`${s.baseUrl}/api/v1/languages`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"LgName":"X"}',
    });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('access-control-allow-origin')).toBeNull();

    expect((await s.client.delete(`/api/v1/auth/tokens/${made.body.api_token.id}`)).status).toBe(200);
    const after = await fetch(`${s.baseUrl}/api/v1/languages`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect((await preflight(EXT)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses account calls and bad token input', async () => {
    const reg = await s.client.post('/api/v1/auth/register', { username: 'someone', password: 'long enough pw', password_confirm: 'long enough pw' });
    expect([reg.status, reg.body.error]).toEqual([400, expect.stringMatching(/multi-user mode/)]);
    expect((await s.client.post('/api/v1/auth/login', { username: 'a', password: 'b' })).status).toBe(400);
    expect((await s.client.post('/api/v1/auth/tokens', { name: '' })).status).toBe(400);
    expect((await s.client.post('/api/v1/auth/tokens', { name: 'x', origin: 'javascript:alert(1)' })).status).toBe(400);
    expect((await s.client.delete('/api/v1/auth/tokens/999')).status).toBe(404);
    expect(s.core.sqlite.prepare('SELECT count(*) AS n FROM api_tokens').get()).toEqual({ n: 0 });
    expect(s.core.sqlite.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
  });
});
