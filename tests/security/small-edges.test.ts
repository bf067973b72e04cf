// Issue 34 item 9: a malformed % in a cookie answered 500 to every request; feed items kept javascript:, data:,
// vbscript: and file: links and enclosures; every API sign-in minted one more 30-day token without a cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { parseFeedText, uniqueItems } from '../../src-shared/feeds/parse';
import { Browser, loginUser, signedIn, startMultiUser } from '../helpers/accounts';
import { LOGIN_TOKENS_KEPT } from '../../src-main/modules/accounts/service';

describe('cookies', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('a malformed % in a cookie is not a 500', async () => {
    for (const cookie of ['other_app=%E0%A4%A', 'lectio_session=%', 'a=%zz; b=1']) {
      const res = await fetch(`${s.baseUrl}/api/v1/version`, { headers: { cookie } });
      expect(res.status, cookie).toBe(200);
    }
  });
});

describe('feed links', () => {
  it('keeps only http(s) links and enclosures', () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
      ${['javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'https://example.org/ok']
        .map(
          (link, i) =>
            `<item><title>item ${i}</title><link>${link.replace('\t', '&#9;')}</link><enclosure url="${link}.mp3" type="audio/mpeg" length="1"/></item>`,
        )
        .join('')}
    </channel></rss>`;
    const items = uniqueItems(parseFeedText(rss).items);
    expect(items.map((i) => i.link)).toEqual(['', '', '', '', '', 'https://example.org/ok']);
    expect(items.map((i) => i.audio)).toEqual(['', '', '', '', '', 'https://example.org/ok.mp3']);
  });
});

describe('API sign-in tokens', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startMultiUser();
    await signedIn(s.baseUrl, 'reader');
  });
  afterAll(() => s.close());

  it('an account keeps at most LOGIN_TOKENS_KEPT of them, the newest', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < LOGIN_TOKENS_KEPT + 5; i++) tokens.push((await loginUser(new Browser(s.baseUrl), 'reader', 'a long password')).body.token);
    expect(s.core.sqlite.prepare('SELECT count(*) FROM api_tokens').pluck().get()).toBe(LOGIN_TOKENS_KEPT);
    const me = (token: string) => fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(tokens.at(-1)!)).status).toBe(200);
    expect((await me(tokens[0])).status).toBe(401);
  });
});
