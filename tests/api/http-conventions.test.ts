// Every HTTP convention of SPEC "Endpoints", "Errors" and "Versioning", over real HTTP on 127.0.0.1.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { z } from 'zod';
import { TestClient, startTestServer } from '../helpers/core';
import type { Handler } from '../../src-main/registry';

// A test-only handler whose SQL fails: the server must answer 500 without leaking the SQL.
const brokenHandler: Handler = {
  name: 'test.broken',
  method: 'GET',
  access: 'read',
  path: '/api/v1/test-broken',
  input: z.object({}),
  run: (ctx) => ctx.sqlite.prepare('SELECT secret_column FROM no_such_table').all(),
};

/** fetch() may not set Host; node:http can, like a browser after DNS rebinding would. */
function rawGet(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.get(baseUrl + path, { headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
  });
}

const s = withServer({ env: { TRUST_PROXY: 'true' }, core: { extraHandlers: [brokenHandler] } });

describe('routing', () => {
  it('answers payloads at top level', async () => {
    const res = await s.client.get('/api/v1/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: expect.any(String), release_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('404 for unknown paths, with an error key', async () => {
    for (const p of ['/api/v1/nope', '/api/v1/languages/1/nope', '/no/such/page', '/api/v2/version']) {
      const res = await s.client.get(p);
      expect(res.status, p).toBe(404);
      expect(res.body.error).toBeTruthy();
    }
  });

  it('405 for a method outside the first segment allowlist, before dispatch', async () => {
    const res = await s.client.request('PATCH', '/api/v1/languages');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.body.error).toMatch(/not allowed/);
    // Even without a CSRF token the allowlist answers first.
    const noCsrf = await s.client.request('PATCH', '/api/v1/version', { csrf: false });
    expect(noCsrf.status).toBe(405);
  });

  it('treats HEAD as GET, without a body', async () => {
    const res = await s.client.request('HEAD', '/api/v1/version');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.text).toBe('');
    expect((await s.client.request('HEAD', '/languages')).status).toBe(200);
  });

  it('serves page routes with a csrf-token meta tag bound to the session cookie', async () => {
    const res = await fetch(s.baseUrl + '/review');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/lectio_sid=[^;]+; Path=\/; HttpOnly; SameSite=Strict/);
    expect(await res.text()).toMatch(/<meta name="csrf-token" content="[^"]+">/);
  });

  it('redirects /admin/statistics to /profile/statistics', async () => {
    const res = await s.client.get('/admin/statistics');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/profile/statistics');
  });
});

describe('CSRF', () => {
  it('refuses state-changing requests without a token', async () => {
    const res = await s.client.request('POST', '/api/v1/settings', { json: { key: 'theme', value: 'dark' }, csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/CSRF/);
  });

  it('refuses a token from another session', async () => {
    const other = await new TestClient(s.baseUrl).init();
    const res = await s.client.request('POST', '/api/v1/settings', {
      json: { key: 'theme', value: 'dark' },
      csrf: false,
      headers: { 'x-csrf-token': other.csrfToken },
    });
    expect(res.status).toBe(403);
  });

  it('accepts the X-CSRF-TOKEN header', async () => {
    const res = await s.client.post('/api/v1/settings', { key: 'theme', value: 'dark' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, key: 'theme', value: 'dark' });
  });

  it('accepts the _csrf_token form field', async () => {
    const res = await s.client.request('POST', '/api/v1/settings', {
      form: { key: 'readingWidth', value: '80', _csrf_token: s.client.csrfToken },
      csrf: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toBe('80');
  });

  it('gives scripts a token at /api/v1/csrf-token', async () => {
    const res = await fetch(s.baseUrl + '/api/v1/csrf-token');
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const { csrf_token } = (await res.json()) as { csrf_token: string };
    const ok = await fetch(s.baseUrl + '/api/v1/settings', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'timezone', value: 'Europe/Berlin' }),
    });
    expect(ok.status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unhandled database error with a generic 500', async () => {
    const res = await s.client.get('/api/v1/test-broken');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'A database error occurred' });
    expect(res.text).not.toMatch(/no_such_table|secret_column|SELECT/);
  });

  it('answers invalid input with 400 and names the field', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/LgName/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await s.client.request('POST', '/api/v1/languages', { headers: { 'content-type': 'application/json' }, json: undefined, form: undefined });
    expect([200, 400]).toContain(res.status);
    const bad = await fetch(s.baseUrl + '/api/v1/languages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.client.csrfToken, cookie: (s.client as any).cookie },
      body: '{"LgName": ',
    });
    expect(bad.status).toBe(400);
  });
});

describe('origin, CSP and host guard', () => {
  it('sends CSP without upgrade-insecure-requests on plain HTTP', async () => {
    const res = await s.client.get('/');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('adds upgrade-insecure-requests on secure requests (X-Forwarded-Proto with TRUST_PROXY)', async () => {
    const res = await s.client.get('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    const ssl = await s.client.get('/', { 'x-forwarded-ssl': 'on' });
    expect(ssl.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('ignores forwarded headers when TRUST_PROXY is false', async () => {
    const t = await startTestServer({ env: { TRUST_PROXY: 'false' } });
    try {
      const res = await t.client.get('/', { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });

  it('refuses a Host that is not a loopback name (DNS rebinding)', async () => {
    const res = await rawGet(s.baseUrl, '/api/v1/version', { host: 'evil.example.com' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/Host not allowed/);
    expect((await rawGet(s.baseUrl, '/api/v1/version', { host: 'evil.example.com:80' })).status).toBe(403);
    expect((await rawGet(s.baseUrl, '/api/v1/version', { host: 'localhost' })).status).toBe(200);
    expect((await rawGet(s.baseUrl, '/api/v1/version', { host: '[::1]:5170' })).status).toBe(200);
  });

  it('refuses an X-Forwarded-Host pointing elsewhere, and a host with injected characters', async () => {
    expect((await s.client.get('/api/v1/version', { 'x-forwarded-host': 'evil.example.com' })).status).toBe(403);
    expect((await s.client.get('/api/v1/version', { 'x-forwarded-host': 'localhost/evil?x=' })).status).toBe(400);
  });

  it('accepts the APP_URL host', async () => {
    const t = await startTestServer({ env: { APP_URL: 'https://lectio.home.arpa' } });
    try {
      const res = await rawGet(t.baseUrl, '/api/v1/version', { host: 'lectio.home.arpa' });
      expect(res.status).toBe(200);
      const page = await t.client.get('/');
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});

describe('versioning', () => {
  it('answers the legacy /api.php/v1 prefix with deprecation headers', async () => {
    const res = await s.client.get('/api.php/v1/version');
    expect(res.status).toBe(200);
    expect(res.body.version).toBeTruthy();
    expect(res.headers.get('deprecation')).toBeTruthy();
    expect(res.headers.get('sunset')).toMatch(/GMT$/);
    expect(res.headers.get('link')).toBe('</api/v1/version>; rel="successor-version"');
  });

  it('deprecated query-parameter routes carry the headers too', async () => {
    const res = await s.client.get('/dictionaries?lang=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/local-dictionaries?lang=1');
    expect(res.headers.get('deprecation')).toBeTruthy();
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the per-minute limit', async () => {
    const t = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await t.client.get('/api/v1/version')).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const limited = await t.client.get('/api/v1/version');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body.error).toMatch(/Too many requests/);
      // Pages are not API requests and stay reachable.
      expect((await t.client.get('/')).status).toBe(200);
      // The app's own page (session-bound token on the request) has ten times the budget.
      const fromPage = await t.client.get('/api/v1/version', { 'x-csrf-token': t.client.csrfToken });
      expect(fromPage.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits transcription kickoffs separately', async () => {
    const t = await startTestServer({ env: { LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES: '1' } });
    try {
      // The real endpoint (issue 16): without a file it answers 400, and the kickoff still counts.
      expect((await t.client.post('/api/v1/whisper/transcribe', {})).status).toBe(400);
      const second = await t.client.post('/api/v1/whisper/transcribe', {});
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(800);
      // Other API requests have their own budget.
      expect((await t.client.get('/api/v1/version')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
