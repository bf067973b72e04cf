// Every hostile or broken answer of the feeds issue, over real HTTP: HTML instead of a feed (with discovery),
// malformed XML (recovered or refused), a 60 MB feed, a gzip bomb, a redirect loop, redirects to loopback /
// private / metadata / IPv4-mapped addresses even while another host is allowed, a name resolving to a private
// address, a stalling server, wrong and missing charsets. Each: a clear message, nothing half-stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { withServer } from '../helpers/with-server';
import { RUSSIAN, startFakeSite, type FakeSite } from '../helpers/fake-site';

let site: FakeSite;
let viaName: TestServer;
let lgName: number;

const s = withServer({ language: { LgName: 'Russian', LgIsoCode: 'ru' }, core: { outboundAllowance: { allowHosts: ['127.0.0.1'] } } });
beforeAll(async () => {
  site = await startFakeSite();
  // A core that may reach only "localhost": redirects from there to 127.0.0.1 itself must still be refused.
  viaName = await startTestServer({ core: { outboundAllowance: { allowHosts: ['localhost'] } } });
  lgName = (await viaName.client.post('/api/v1/languages', { LgName: 'Russian', LgIsoCode: 'ru' })).body.LgID;
});
afterAll(async () => {
  await viaName.close();
  await site.close();
});

const articles = (t: TestServer, id: number) => (t.core.sqlite.prepare('SELECT COUNT(*) AS n FROM feed_links WHERE FlNfID = ?').get(id) as { n: number }).n;

async function refresh(t: TestServer, url: string, language = s.languageId, options = '') {
  const id = (await t.client.post('/api/v1/feeds', { NfLgID: language, NfName: url.slice(-30), NfSourceURI: url, NfOptions: options })).body.NfID as number;
  const res = await t.client.post(`/api/v1/feeds/${id}/refresh`);
  return { id, res };
}

describe('refused documents', () => {
  it('HTML where a feed was expected: refused, with the discovered feeds offered', async () => {
    const { id, res } = await refresh(s, site.base + '/page.html');
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('web page, not a feed');
    expect(res.body.feeds.map((f: { url: string }) => f.url)).toEqual([site.base + '/links.rss', site.base + '/atom']);
    expect(articles(s, id)).toBe(0);
    const feed = (await s.client.get(`/api/v1/feeds/${id}`)).body;
    expect(feed.NfLastError).toContain('web page, not a feed');
  });

  it('malformed XML: the complete items are recovered; hopeless XML is refused', async () => {
    const ok = await refresh(s, site.base + '/broken.rss');
    expect(ok.res.body).toMatchObject({ success: true, added: 2 });
    const bad = await refresh(s, site.base + '/hopeless.rss');
    expect(bad.res.status).toBe(422);
    expect(bad.res.body.error).toBe('The feed is not well-formed XML and no article could be recovered from it');
    expect(articles(s, bad.id)).toBe(0);
  });

  it('a 60 MB feed stops at the cap, declared or streamed', async () => {
    for (const path of ['/huge.rss', '/huge-declared.rss']) {
      const { id, res } = await refresh(s, site.base + path);
      expect(res.status, path).toBe(422);
      expect(res.body.error).toBe('The download is larger than 20 MB');
      expect(res.body.reason).toBe('too_large');
      expect(articles(s, id)).toBe(0);
    }
  });

  it('a gzip bomb stops at the cap on inflated bytes', async () => {
    const { id, res } = await refresh(s, site.base + '/bomb.rss');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'The download is larger than 20 MB', reason: 'too_large' });
    expect(articles(s, id)).toBe(0);
  });

  it('a redirect loop ends after 5 hops', async () => {
    const before = site.hits.get('/loop') ?? 0;
    const { res } = await refresh(s, site.base + '/loop');
    expect(res.body).toMatchObject({ error: 'More than 5 redirects', reason: 'too_many_redirects' });
    expect((site.hits.get('/loop') ?? 0) - before).toBe(6);
  });

  it('redirects to 127.0.0.1, 10.0.0.1, 169.254.169.254 and [::ffff:127.0.0.1] are refused even while another host is allowed', async () => {
    const local = `http://localhost:${site.port}`;
    for (const [path, address] of [
      [`/to-loopback?port=${site.port}`, '127.0.0.1'],
      ['/to-private', '10.0.0.1'],
      ['/to-metadata', '169.254.169.254'],
      [`/to-mapped?port=${site.port}`, '::ffff:7f00:1'],
    ] as const) {
      const { id, res } = await refresh(viaName, local + path, lgName);
      expect(res.status, path).toBe(422);
      expect(res.body.reason, path).toBe('blocked');
      expect(res.body.error, path).toContain(`(${address})`);
      expect(articles(viaName, id)).toBe(0);
    }
    // The allowed name itself works.
    expect((await refresh(viaName, local + '/atom', lgName)).res.body.added).toBe(2);
  });

  it('a name resolving to a private address is refused when only the address is allowed', async () => {
    const { res } = await refresh(s, `http://localhost:${site.port}/atom`);
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('blocked');
    expect(res.body.error).toMatch(/localhost: it resolves to a private, loopback or reserved address/);
  });

  it('a stalling server hits the deadline', async () => {
    s.core.services.outboundTimeoutMs = 1500;
    const t0 = Date.now();
    const { id, res } = await refresh(s, site.base + '/stall').finally(() => (s.core.services.outboundTimeoutMs = undefined));
    expect(res.body).toMatchObject({ reason: 'timeout' });
    expect(res.body.error).toMatch(/^No complete answer from 127\.0\.0\.1:\d+ within 2 s$/);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(articles(s, id)).toBe(0);
  });

  it('bad requests: non-http URLs, missing ids', async () => {
    expect((await s.client.post('/api/v1/feeds/probe', { url: 'ftp://x/feed' })).status).toBe(400);
    expect((await s.client.post('/api/v1/feeds/probe', { url: 'http://user:pw@example.org/' })).body.error).toContain('user name or password');
    expect((await s.client.post('/api/v1/feeds/articles/import', { ids: [] })).status).toBe(400);
  });
});

describe('charsets', () => {
  const title = (t: TestServer, id: number) =>
    t.core.sqlite.prepare('SELECT FlTitle, FlDescription FROM feed_links WHERE FlNfID = ?').get(id) as { FlTitle: string; FlDescription: string };

  it('koi8-r from the header, windows-1251 from the XML declaration, gb2312 as gbk', async () => {
    for (const path of ['/koi8.rss', '/cp1251-declared-in-xml.rss']) {
      const { id, res } = await refresh(s, site.base + path);
      expect(res.body.added, path).toBe(1);
      expect(title(s, id)).toEqual({ FlTitle: 'Новости', FlDescription: RUSSIAN });
    }
    const zh = await refresh(s, site.base + '/gbk.rss');
    expect(title(s, zh.id).FlTitle).toBe('中文新闻标题');
  });

  it("a wrong declared charset loses to the document's declaration, and to detection when there is none", async () => {
    const { id } = await refresh(s, site.base + '/cp1251-wrong-header.rss');
    expect(title(s, id)).toEqual({ FlTitle: 'Новости', FlDescription: RUSSIAN });
    const bare = await refresh(s, site.base + '/cp1251-wrong-header-bare.rss');
    expect(title(s, bare.id)).toEqual({ FlTitle: 'Новости', FlDescription: RUSSIAN });
  });

  it("the feed's charset option wins over everything", async () => {
    const { id } = await refresh(s, site.base + '/cp1251-wrong-header.rss', s.languageId, 'charset=koi8-r');
    expect(title(s, id).FlTitle).not.toBe('Новости');
  });
});
