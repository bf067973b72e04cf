// On a shared multi-user server the AnkiConnect URL is one user's setting among many: it gets the outbound address
// guard (no loopback, LAN or reserved address), so no user can make the server post to its own neighbours. The
// test's explicit allowance is the only way through, as for feeds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn, startMultiUser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';
import { FakeAnkiConnect } from '../helpers/fake-ankiconnect';

let s: TestServer;
let anki: FakeAnkiConnect;
beforeAll(async () => {
  s = await startMultiUser();
  anki = await new FakeAnkiConnect().start();
});
afterAll(async () => {
  await anki.close();
  await s.close();
});

it('refuses a loopback AnkiConnect URL in one line, and reaches it only through the test allowance', async () => {
  const b = await signedIn(s.baseUrl, 'learner');
  expect((await b.request('POST', '/api/v1/settings', { json: { key: 'ankiConnectUrl', value: anki.url } })).status).toBe(200);
  const refused = await b.request('GET', '/api/v1/anki-sync/check');
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('ankiSync.blocked');
  expect(anki.requests).toHaveLength(0);

  s.core.services.outboundAllowance = { allowHosts: ['127.0.0.1'] };
  try {
    const ok = await b.request('GET', '/api/v1/anki-sync/check');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.version).toBe(6);
  } finally {
    s.core.services.outboundAllowance = null;
  }

  // A name that resolves to loopback is refused after the lookup, like an address.
  expect((await b.request('POST', '/api/v1/settings', { json: { key: 'ankiConnectUrl', value: anki.url.replace('127.0.0.1', 'localhost') } })).status).toBe(
    200,
  );
  const byName = await b.request('GET', '/api/v1/anki-sync/check');
  expect(byName.status).toBe(400);
  expect(byName.body.code).toBe('ankiSync.blocked');
});
