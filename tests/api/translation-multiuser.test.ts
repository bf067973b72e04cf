// On a shared multi-user server a translation service's address is one user's setting: it gets the outbound address
// guard (no loopback, LAN or reserved address, names resolved and checked), so no user can make the server post to
// its own neighbours; the test's explicit allowance is the only way through. Single-user mode allows the learner's
// own 127.0.0.1 address as typed (tests/api/translation.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn, startMultiUser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';
import { FakeTranslators } from '../helpers/fake-translators';

let s: TestServer;
let fake: FakeTranslators;
beforeAll(async () => {
  s = await startMultiUser();
  fake = await new FakeTranslators().start();
});
afterAll(async () => {
  await fake.close();
  await s.close();
});

it('refuses a loopback service address in one line, and reaches it only through the test allowance', async () => {
  const b = await signedIn(s.baseUrl, 'learner');
  const lang = (await b.request('POST', '/api/v1/languages', { json: { LgName: 'German', LgIsoCode: 'de' } })).body as { LgID: number };
  const save = (url: string) => b.request('POST', '/api/v1/translation/settings', { json: { providers: [{ kind: 'libretranslate', url }] } });
  const translate = () => b.request('POST', '/api/v1/translation', { json: { language_id: lang.LgID, text: 'Guten Tag.' } });
  expect((await save(fake.url)).status).toBe(200);
  const refused = await translate();
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('translation.blocked');
  expect(fake.seen).toHaveLength(0);

  // A name that resolves to loopback is refused after the lookup, like an address.
  expect((await save(fake.url.replace('127.0.0.1', 'localhost'))).status).toBe(200);
  const byName = await translate();
  expect(byName.status).toBe(400);
  expect(byName.body.code).toBe('translation.blocked');
  expect(fake.seen).toHaveLength(0);

  s.core.services.outboundAllowance = { allowHosts: ['127.0.0.1'] };
  try {
    await save(fake.url);
    const ok = await translate();
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.translation).toBe('[lt:en] Guten Tag.');
  } finally {
    s.core.services.outboundAllowance = null;
  }
});
