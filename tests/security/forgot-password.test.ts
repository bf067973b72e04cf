// Issue 34 item 8: forgot-password answers before it looks anything up or mails (a known address once took
// 376 ms, an unknown one 2 ms), and without APP_URL the reset link's host never comes from request headers.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/core';
import { Browser, registerUser, signedIn, startFakeSmtp, startMultiUser } from '../helpers/accounts';

let s: TestServer;
let admin: Browser;
beforeAll(async () => {
  s = await startMultiUser();
  admin = await signedIn(s.baseUrl, 'admin');
  const known = new Browser(s.baseUrl);
  expect((await registerUser(known, 'known', 'a long password', { email: 'known@example.org' })).status).toBe(200);
});
afterAll(() => s.close());

const forgot = async (email: string, headers: Record<string, string> = {}) => {
  const b = new Browser(s.baseUrl);
  await b.open('/password/forgot');
  const started = performance.now();
  const res = await b.request('POST', '/api/v1/auth/forgot', { json: { email }, headers });
  return { res, ms: performance.now() - started };
};

describe('forgot password', () => {
  it('answers a known address as fast as an unknown one, even when the mail server stalls', async () => {
    // An SMTP server that accepts and never greets: sending would wait for its timeout.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await admin.post('/api/v1/settings', { key: 'smtpUrl', value: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}?ignoreTLS=true` });
      const known = await forgot('known@example.org');
      const unknown = await forgot('nobody@example.org');
      expect(known.res.status).toBe(200);
      expect(known.res.body).toEqual(unknown.res.body);
      expect(known.ms).toBeLessThan(500);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("builds the reset link from the server's own address, not the request's Host or forwarded headers", async () => {
    const smtp = await startFakeSmtp();
    try {
      await admin.post('/api/v1/settings', { key: 'smtpUrl', value: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
      // A foreign host is refused by the Host guard; a loopback name on another port passes it.
      const res = await forgot('known@example.org', { 'x-forwarded-host': 'localhost:1', 'x-forwarded-proto': 'https' });
      expect(res.res.status).toBe(200);
      await expect.poll(() => smtp.mails.length, { timeout: 5000 }).toBeGreaterThan(0);
      const link = /(https?:\/\/[^\s/]+)\/password\/reset\?token=/.exec(smtp.mails.at(-1)!.text)?.[1];
      expect(link).toBeDefined();
      expect(link).not.toMatch(/^https:|localhost:1$/);
    } finally {
      await smtp.close();
    }
  });
});
