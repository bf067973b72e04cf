// Pairing a browser extension in two clicks (issue 28): the extension asks (no cookie, no CSRF token: its Origin
// header is checked), the app allows or denies once, the extension polls and gets its token once; requests expire
// after five minutes; a web page cannot ask; a paired app cannot answer; revoking gives 401 at the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAIRING_MAX_PENDING, PAIRING_TTL_MS } from '../../src-shared/contract/extension';
import { startTestServer, type TestServer } from '../helpers/core';
import { multiUserEnv, signedIn } from '../helpers/accounts';

const EXT = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const extPost = (s: TestServer, path: string, body: unknown, origin = EXT) =>
  fetch(`${s.baseUrl}${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }));

describe('pairing requests, single-user', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  });
  afterAll(() => s.close());

  it('asks, shows the request, allows once, delivers the token once, and revocation disconnects', async () => {
    const made = await extPost(s, '/api/v1/pairing', { name: 'Lectio for Chromium', origin: 'https://evil.example' });
    expect(made.status).toBe(200);
    expect(made.body.code).toMatch(/^\d{4}$/);
    const { id, secret, code } = made.body;
    expect((await extPost(s, '/api/v1/pairing/poll', { id, secret })).body).toEqual({ status: 'pending' });

    const pending = await s.client.get('/api/v1/pairing/pending');
    expect(pending.body).toEqual([expect.objectContaining({ id, code, name: 'Lectio for Chromium', origin: EXT, status: 'pending' })]);
    expect(JSON.stringify(pending.body)).not.toContain(secret);

    expect((await s.client.post(`/api/v1/pairing/${id}/answer`, { allow: true })).body).toEqual({ success: true, status: 'allowed' });
    expect((await s.client.post(`/api/v1/pairing/${id}/answer`, { allow: false })).status).toBe(409);
    // A wrong secret or another origin learns nothing.
    expect((await extPost(s, '/api/v1/pairing/poll', { id, secret: 'guess' })).body).toEqual({ status: 'expired' });
    expect((await extPost(s, '/api/v1/pairing/poll', { id, secret }, 'chrome-extension://otherextensionotherextension')).body).toEqual({ status: 'expired' });
    const got = await extPost(s, '/api/v1/pairing/poll', { id, secret });
    expect(got.body).toMatchObject({ status: 'allowed', token: expect.stringMatching(/^lct_/), api_token: { name: 'Lectio for Chromium', origin: EXT } });
    expect((await extPost(s, '/api/v1/pairing/poll', { id, secret })).body).toEqual({ status: 'delivered' });
    const token = got.body.token as string;

    const withToken = (path: string, init: RequestInit = {}) =>
      fetch(`${s.baseUrl}${path}`, { ...init, headers: { origin: EXT, authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const langs = await withToken('/api/v1/languages');
    expect(langs.status).toBe(200);
    expect(langs.headers.get('access-control-allow-origin')).toBe(EXT);
    // A paired app cannot answer pairing requests (it would let one extension pair another).
    const other = await extPost(s, '/api/v1/pairing', { name: 'Another' });
    expect((await withToken(`/api/v1/pairing/${other.body.id}/answer`, { method: 'POST', body: '{"allow":true}' })).status).toBe(403);
    expect((await s.client.post(`/api/v1/pairing/${other.body.id}/answer`, { allow: false })).body.status).toBe('denied');
    expect((await extPost(s, '/api/v1/pairing/poll', { id: other.body.id, secret: other.body.secret })).body).toEqual({ status: 'denied' });

    await s.client.delete(`/api/v1/auth/tokens/${got.body.api_token.id}`);
    const after = await withToken('/api/v1/languages');
    expect(after.status).toBe(401);
  });

  it('refuses web pages and script origins, and forgets requests after five minutes', async () => {
    const page = await extPost(s, '/api/v1/pairing', { name: 'Evil' }, 'https://evil.example');
    expect(page.status).toBe(403);
    expect(page.body).toMatchObject({ code: 'pairing.notExtension' });
    const none = await fetch(`${s.baseUrl}/api/v1/pairing`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(none.status).toBe(403);
    // Answering needs the app's own CSRF token: a cross-site form cannot allow.
    const made = await extPost(s, '/api/v1/pairing', { name: 'Late' });
    const forged = await fetch(`${s.baseUrl}/api/v1/pairing/${made.body.id}/answer`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"allow":true}',
    });
    // A foreign origin without a token is nobody (issue 43), an extension's own origin too.
    expect(forged.status).toBe(401);
    const forgedExt = await extPost(s, `/api/v1/pairing/${made.body.id}/answer`, { allow: true });
    expect(forgedExt.status).toBe(401);
    s.core.clock.advance(PAIRING_TTL_MS + 1);
    expect((await s.client.post(`/api/v1/pairing/${made.body.id}/answer`, { allow: true })).status).toBe(404);
    expect((await extPost(s, '/api/v1/pairing/poll', { id: made.body.id, secret: made.body.secret })).body).toEqual({ status: 'expired' });
    expect((await s.client.get('/api/v1/pairing/pending')).body).toEqual([]);
  });

  it(`keeps at most ${PAIRING_MAX_PENDING} requests waiting`, async () => {
    for (let i = 0; i < PAIRING_MAX_PENDING; i++) expect((await extPost(s, '/api/v1/pairing', { name: `n${i}` })).status).toBe(200);
    const over = await extPost(s, '/api/v1/pairing', { name: 'one more' });
    expect([over.status, over.body.code]).toEqual([429, 'pairing.tooMany']);
  });
});

describe('pairing requests, multi-user', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: multiUserEnv({ POW_CAPTCHA_ENABLED: 'false' }) });
  });
  afterAll(() => s.close());

  it('shows a request only to the page that names it, and the token is the answering account’s', async () => {
    const alice = await signedIn(s.baseUrl, 'alice');
    const bob = await signedIn(s.baseUrl, 'bob');
    const made = await extPost(s, '/api/v1/pairing', { name: 'Lectio for Firefox' }, 'moz-extension://1234-abcd');
    expect(made.status).toBe(200);
    expect((await bob.get('/api/v1/pairing/pending')).body).toEqual([]);
    expect((await alice.get(`/api/v1/pairing/pending?id=${made.body.id}`)).body).toHaveLength(1);
    expect((await alice.post(`/api/v1/pairing/${made.body.id}/answer`, { allow: true })).status).toBe(200);
    const got = await extPost(s, '/api/v1/pairing/poll', { id: made.body.id, secret: made.body.secret }, 'moz-extension://1234-abcd');
    const me = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${got.body.token}` } });
    expect(((await me.json()) as any).user.username).toBe('alice');
    // Nobody signed in cannot answer.
    const again = await extPost(s, '/api/v1/pairing', { name: 'x' }, 'moz-extension://1234-abcd');
    const anon = await fetch(`${s.baseUrl}/api/v1/pairing/${again.body.id}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"allow":true}',
    });
    expect(anon.status).toBe(401);
  });
});
