// Issue 43: no web page reaches the library. A request naming an Origin that is not Lectio's own — `null` (a
// sandboxed frame, a form POST redirected with 307), any web site, a browser extension without its token, a site
// allowed once through AnkiConnect's requestPermission — is never the local learner, on any route of either port.
// Only a request with no Origin at all (curl, mpv, scripts) or Lectio's own page acts as the learner.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';
import { acPost } from '../helpers/ankiconnect-client';
import { makeTestCore, TestClient } from '../helpers/core';

const EXT = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const SITE = 'https://mining-site.example';

const core = makeTestCore();
let server: ReturnType<typeof createHttpServer>;
let base = '';
let acPort = 0;
let client: TestClient;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const termCount = () => (core.sqlite.prepare('SELECT COUNT(*) AS n FROM words').get() as { n: number }).n;
const note = (term: string) => ({ deckName: 'German', modelName: 'Basic', fields: { Front: term, Back: 'x' } });
const acUrls = () => [`${base}/ankiconnect`, `http://127.0.0.1:${acPort}/`];

beforeAll(async () => {
  acPort = await freePort();
  server = createHttpServer(core, { rendererDir: rendererDir(), ankiConnectPort: acPort });
  base = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
  client = await new TestClient(base).init();
  expect((await client.post('/api/v1/languages', { LgName: 'German' })).status).toBe(200);
  expect((await client.post('/api/v1/ankiconnect', { port_enabled: true })).body.port.listening).toBe(true);
});
afterAll(async () => {
  await server?.close();
  core.cleanup();
});

describe('AnkiConnect on both ports', () => {
  it('answers Origin: null with 403 and writes nothing, whatever the action', async () => {
    for (const url of acUrls()) {
      for (const body of [
        { action: 'addNotes', version: 6, params: { notes: [note('Haus')] } },
        { action: 'storeMediaFile', version: 6, params: { filename: 'x.wav', data: 'AAAA' } },
        { action: 'requestPermission', version: 6 },
        { action: 'deckNames', version: 6 },
      ]) {
        const answer = await acPost(url, body, { origin: 'null', contentType: 'text/plain' });
        expect(answer.status, `${url} ${body.action}`).toBe(403);
        expect(answer.body.result).toBeNull();
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
    expect(termCount()).toBe(0);
    expect((core.sqlite.prepare('SELECT COUNT(*) AS n FROM media_files').get() as { n: number }).n).toBe(0);
  });

  it('lets an origin not allowed ask for permission only; no Origin (curl, mpv) acts as the learner', async () => {
    for (const url of acUrls()) {
      const refused = await acPost(url, { action: 'addNote', version: 6, params: { note: note('Baum') } }, { origin: 'https://evil.example' });
      expect(refused.body.result).toBeNull();
      expect(refused.body.error).toMatch(/has not allowed https:\/\/evil\.example/);
    }
    expect(termCount()).toBe(0);
    const curl = await acPost(acUrls()[1], { action: 'addNote', version: 6, params: { note: note('Baum') } });
    expect(curl.body).toEqual({ result: expect.any(Number), error: null });
    expect(termCount()).toBe(1);
  });
});

describe('/api/v1 from a foreign origin', () => {
  it('is 401 from Origin: null, a web site, a paired extension without its token and a site allowed through AnkiConnect', async () => {
    // A site asks through AnkiConnect and the learner allows it: it may mine (AnkiConnect), not read the library.
    await acPost(acUrls()[0], { action: 'requestPermission', version: 6 }, { origin: SITE });
    const pending = (await client.get('/api/v1/pairing/pending')).body as { id: string; origin: string; asker: string }[];
    const asked = pending.find((p) => p.origin === SITE)!;
    // The prompt says a web site asks (not "a browser extension"), and what it reaches (the dialog's text: e2e).
    expect(asked.asker).toBe('website');
    expect((await client.post(`/api/v1/pairing/${asked.id}/answer`, { allow: true })).status).toBe(200);
    const tokens = (await client.get('/api/v1/auth/tokens')).body as { origin: string | null; scopes: string[] }[];
    expect(tokens.find((x) => x.origin === SITE)?.scopes).toEqual(['read', 'vocabulary']);
    expect((await acPost(acUrls()[0], { action: 'deckNames', version: 6 }, { origin: SITE })).body).toEqual({ result: ['German'], error: null });
    // A paired extension (its token made in Connected apps) that sends no token.
    expect((await client.post('/api/v1/auth/tokens', { name: 'Reader', origin: EXT, scopes: ['read', 'vocabulary', 'import'] })).status).toBe(200);

    for (const origin of ['null', 'https://evil.example', EXT, SITE]) {
      for (const path of ['/api/v1/texts', '/api/v1/backup', '/api/v1/terms', '/api/v1/settings']) {
        const res = await fetch(base + path, { headers: { Origin: origin } });
        expect(res.status, `${origin} GET ${path}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
      const write = await fetch(`${base}/api/v1/terms`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ WoLgID: 1, WoText: 'Dach', WoStatus: 1 }),
      });
      expect(write.status, `${origin} POST /api/v1/terms`).toBe(401);
    }
    expect(termCount()).toBe(1);
    // The app's own page and a script without Origin are the learner.
    expect((await fetch(`${base}/api/v1/texts`, { headers: { Origin: base } })).status).toBe(200);
    expect((await fetch(`${base}/api/v1/texts`)).status).toBe(200);
  });

  it('holds every route of the registry to it: nothing but the open pairing and sign-in calls answers a foreign origin', async () => {
    // The site the learner allowed through AnkiConnect above is held to it too, on every route.
    const tokens = (await client.get('/api/v1/auth/tokens')).body as { origin: string | null }[];
    expect(tokens.some((x) => x.origin === SITE)).toBe(true);
    const checked: string[] = [];
    for (const handler of core.registry.all()) {
      if (!handler.path || handler.access === 'public' || handler.access === 'pairing') continue;
      const path = handler.path.replace(/:[A-Za-z_]+/g, '1');
      for (const origin of ['null', 'https://evil.example', EXT, SITE]) {
        const res = await fetch(base + path, {
          method: handler.method,
          headers: { Origin: origin, 'Content-Type': 'application/json' },
          body: handler.method === 'GET' ? undefined : '{}',
          redirect: 'manual',
        });
        // A download outside /api/v1 (a link the page follows) sends the caller to sign in instead.
        const signIn = !handler.path.startsWith('/api/') && handler.method === 'GET';
        const label = `${origin} ${handler.method} ${handler.path} (${handler.name})`;
        expect(res.status, label).toBe(signIn ? 302 : 401);
        if (signIn) expect(res.headers.get('location'), label).toMatch(/^\/login\?next=/);
        await res.arrayBuffer();
      }
      checked.push(handler.name);
    }
    expect(checked.length).toBeGreaterThan(100);
  });
});

describe('permission requests', () => {
  it('budgets them per origin: twenty web pages asking never keep the learner’s extension from pairing', async () => {
    for (let i = 0; i < 25; i++)
      expect((await acPost(acUrls()[i % 2], { action: 'requestPermission', version: 6 }, { origin: `https://page${i}.example` })).body).toEqual({
        result: { permission: 'denied' },
        error: null,
      });
    const pair = await fetch(`${base}/api/v1/pairing`, {
      method: 'POST',
      headers: { Origin: 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lectio for Chromium' }),
    });
    expect(pair.status).toBe(200);
    const pending = (await client.get('/api/v1/pairing/pending')).body as { origin: string; asker: string }[];
    expect(pending.filter((p) => p.asker === 'website')).toHaveLength(25);
    expect(pending.find((p) => p.origin.startsWith('chrome-extension://ponm'))?.asker).toBe('extension');
  });
});
