// News feeds over real HTTP against a fake site on 127.0.0.1 (reached through the test allowance): the spec's
// CRUD and ownership rules, refresh of the fixture feeds in every transport shape, Atom/RDF/JSON Feed,
// duplicates, conditional requests, article import (feed content, picked section, errors as plain lines), OPML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignUser } from '../helpers/core';
import { startFakeSite, type FakeSite } from '../helpers/fake-site';

let site: FakeSite;

const s = withServer({ language: { LgName: 'German', LgIsoCode: 'de' }, core: { outboundAllowance: { allowHosts: ['127.0.0.1'] } } });
beforeAll(async () => {
  site = await startFakeSite();
});
afterAll(async () => {
  await site.close();
});

const count = (sql: string, ...p: unknown[]) => (s.core.sqlite.prepare(sql).get(...p) as { n: number }).n;

async function makeFeed(path: string, extra: Record<string, unknown> = {}) {
  const res = await s.client.post('/api/v1/feeds', { NfLgID: s.languageId, NfName: `Feed ${path}`, NfSourceURI: site.base + path, ...extra });
  expect(res.status).toBe(200);
  return res.body.NfID as number;
}

describe('feed CRUD and the spec rules', () => {
  it('creates, lists with language and counts, updates and deletes', async () => {
    const id = await makeFeed('/content.rss', { NfOptions: 'autoupdate=3h,tag=news,max_texts=5' });
    const list = (await s.client.get('/api/v1/feeds/list')).body;
    const f = list.find((x: { NfID: number }) => x.NfID === id);
    expect(f).toMatchObject({
      LgName: 'German',
      NfName: 'Feed /content.rss',
      article_count: 0,
      options: { autoupdate: { n: 3, unit: 'h' }, tag: 'news', max_texts: 5 },
    });
    const upd = await s.client.put(`/api/v1/feeds/${id}`, { NfName: 'Renamed', NfArticleSectionTags: 'article.story' });
    expect(upd.body).toMatchObject({ NfName: 'Renamed', NfArticleSectionTags: 'article.story', NfSourceURI: site.base + '/content.rss' });
    await s.client.post(`/api/v1/feeds/${id}/refresh`);
    expect(count('SELECT COUNT(*) AS n FROM feed_links WHERE FlNfID = ?', id)).toBe(2);
    const del = await s.client.delete(`/api/v1/feeds/${id}`);
    expect(del.body).toEqual({ success: true, deleted: 1, articles: 2 });
    expect(count('SELECT COUNT(*) AS n FROM feed_links WHERE FlNfID = ?', id)).toBe(0);
  });

  it('refuses a language id that is not positive, and a foreign language', async () => {
    for (const NfLgID of [0, -3]) {
      const res = await s.client.post('/api/v1/feeds', { NfLgID, NfName: 'x', NfSourceURI: 'http://x/f' });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('Language ID must be positive');
    }
    const other = insertForeignUser(s.core, 'feeds-other');
    const foreignLg = Number(s.core.sqlite.prepare("INSERT INTO languages (LgName, LgUsID, LgCreated) VALUES ('Theirs', ?, 0)").run(other).lastInsertRowid);
    const res = await s.client.post('/api/v1/feeds', { NfLgID: foreignLg, NfName: 'x', NfSourceURI: 'http://x/f' });
    expect(res.status).toBe(404);
    expect(count('SELECT COUNT(*) AS n FROM news_feeds WHERE NfName = ?', 'x')).toBe(0);
    // A feed URL must be http(s).
    const bad = await s.client.post('/api/v1/feeds', { NfLgID: s.languageId, NfName: 'y', NfSourceURI: 'file:///etc/passwd' });
    expect(bad.status).toBe(400);
  });

  it('answers {success:false, error:"Feed not found"} for a foreign or missing feed, everywhere', async () => {
    const other = insertForeignUser(s.core, 'feeds-owner');
    const theirLg = Number(s.core.sqlite.prepare("INSERT INTO languages (LgName, LgUsID, LgCreated) VALUES ('TheirLang', ?, 0)").run(other).lastInsertRowid);
    const theirs = Number(
      s.core.sqlite.prepare("INSERT INTO news_feeds (NfLgID, NfUsID, NfName, NfSourceURI) VALUES (?, ?, 'Secret', 'http://x/')").run(theirLg, other)
        .lastInsertRowid,
    );
    const art = Number(
      s.core.sqlite.prepare("INSERT INTO feed_links (FlNfID, FlTitle, FlLink, FlText) VALUES (?, 'Secret article', 'http://x/1', 'secret text')").run(theirs)
        .lastInsertRowid,
    );
    for (const [method, path, body] of [
      ['GET', `/api/v1/feeds/${theirs}`],
      ['PUT', `/api/v1/feeds/${theirs}`, { NfName: 'hacked' }],
      ['DELETE', `/api/v1/feeds/${theirs}`],
      ['GET', `/api/v1/feeds/${theirs}/articles`],
      ['POST', `/api/v1/feeds/${theirs}/refresh`],
      ['DELETE', `/api/v1/feeds/articles/${theirs}`],
      ['POST', '/api/v1/feeds/articles/import', { ids: [art] }],
      ['GET', '/api/v1/feeds/999999'],
      ['DELETE', '/api/v1/feeds/articles/999999'],
    ] as const) {
      const res = await s.client.request(method, path, { json: body ?? (method === 'GET' ? undefined : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual({ success: false, error: 'Feed not found', code: 'feed.notFound' });
    }
    expect(count('SELECT COUNT(*) AS n FROM feed_links WHERE FlNfID = ?', theirs)).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM news_feeds WHERE NfID = ? AND NfName = 'Secret'", theirs)).toBe(1);
    expect((await s.client.get('/api/v1/feeds/list')).body.some((f: { NfName: string }) => f.NfName === 'Secret')).toBe(false);
  });

  it('checks ownership of a new language only when the language changes', async () => {
    const id = await makeFeed('/atom');
    const other = insertForeignUser(s.core, 'feeds-lang');
    const theirLg = Number(s.core.sqlite.prepare("INSERT INTO languages (LgName, LgUsID, LgCreated) VALUES ('Lang2', ?, 0)").run(other).lastInsertRowid);
    expect((await s.client.put(`/api/v1/feeds/${id}`, { NfLgID: theirLg })).status).toBe(404);
    expect((await s.client.put(`/api/v1/feeds/${id}`, { NfLgID: s.languageId, NfName: 'Same language' })).status).toBe(200);
    await s.client.delete(`/api/v1/feeds/${id}`);
  });
});

describe('refresh: fixture feeds in every shape', () => {
  for (const path of ['/guardian.rss', '/guardian-charset.rss', '/guardian.rss.gz', '/guardian.rss.br', '/moved']) {
    it(`stores the Guardian's 55 items from ${path}`, async () => {
      const id = await makeFeed(path);
      const res = await s.client.post(`/api/v1/feeds/${id}/refresh`);
      expect(res.body).toMatchObject({ success: true, added: 55, total: 55, not_modified: false });
      const page = (await s.client.get(`/api/v1/feeds/${id}/articles?perPage=100`)).body;
      expect(page.total).toBe(55);
      const first = page.articles.find((a: { FlTitle: string }) => a.FlTitle.startsWith('Trump State of the Union'));
      expect(first.FlLink).toContain('theguardian.com/us-news/2018/jan/31/');
      expect(first.FlDescription).toContain('new American moment');
      expect(first.FlDescription).not.toContain('<p>');
      // Again: nothing new.
      expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body).toMatchObject({ added: 0, total: 55 });
      await s.client.delete(`/api/v1/feeds/${id}`);
    });
  }

  it('reads the heise Atom fixture with its full content', async () => {
    const id = await makeFeed('/heise.atom');
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body.added).toBe(15);
    const text = s.core.sqlite.prepare("SELECT FlText FROM feed_links WHERE FlNfID = ? AND FlTitle LIKE '%WildFly 10%'").get(id) as { FlText: string };
    expect(text.FlText).toMatch(/^Die nun verfügbare Version 10/);
  });

  it('Atom, RDF and JSON Feed', async () => {
    for (const [path, titles, dated] of [
      ['/atom', ['Atom entry two', 'Atom entry one'], Date.UTC(2026, 2, 2)],
      ['/rdf', ['RDF item two', 'RDF item one'], Date.UTC(2026, 2, 4)],
      ['/json', ['JSON item one', 'JSON item two'], Date.UTC(2026, 2, 5)],
    ] as const) {
      const id = await makeFeed(path);
      expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body.added).toBe(2);
      const arts = (await s.client.get(`/api/v1/feeds/${id}/articles`)).body.articles;
      expect(arts.map((a: { FlTitle: string }) => a.FlTitle)).toEqual(titles);
      expect(arts[0].FlDate).toBe(dated);
    }
    const json = s.core.sqlite.prepare("SELECT FlAudio, FlText FROM feed_links WHERE FlTitle = 'JSON item one'").get() as { FlAudio: string; FlText: string };
    expect(json).toEqual({ FlAudio: 'http://fake/j1.mp3', FlText: 'JSON body one.' });
  });

  it('keeps articles unique per feed by link and by title; new badge clears when the list is opened', async () => {
    const id = await makeFeed('/content.rss');
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body).toMatchObject({ added: 2, total: 2 });
    const listed = (await s.client.get('/api/v1/feeds/list')).body.find((f: { NfID: number }) => f.NfID === id);
    expect(listed.new_count).toBe(2);
    const arts = (await s.client.get(`/api/v1/feeds/${id}/articles`)).body.articles;
    expect(arts.every((a: { FlNew: boolean }) => a.FlNew)).toBe(true);
    expect((await s.client.get('/api/v1/feeds/list')).body.find((f: { NfID: number }) => f.NfID === id).new_count).toBe(0);
    await s.client.delete(`/api/v1/feeds/${id}`);
  });

  it('sends If-None-Match and keeps the articles on 304', async () => {
    const id = await makeFeed('/etag.rss');
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body).toMatchObject({ added: 2, not_modified: false });
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body).toMatchObject({ added: 0, total: 2, not_modified: true });
  });

  it('a feed over the in-process limit is parsed in a worker thread', async () => {
    const id = await makeFeed('/big.rss');
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body).toMatchObject({ success: true, added: 800 });
  }, 60_000);

  it('max_links keeps only the newest articles', async () => {
    const id = await makeFeed('/guardian.rss', { NfOptions: 'max_links=10' });
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body.total).toBe(10);
  });
});

describe('import articles as texts', () => {
  it('uses the feed content: title, source URI, audio and the feed tag', async () => {
    const id = await makeFeed('/content.rss', { NfOptions: 'tag=news' });
    await s.client.post(`/api/v1/feeds/${id}/refresh`);
    const arts = (await s.client.get(`/api/v1/feeds/${id}/articles`)).body.articles;
    const one = arts.find((a: { FlTitle: string }) => a.FlTitle === 'Full one');
    const res = await s.client.post('/api/v1/feeds/articles/import', { ids: [one.FlID] });
    expect(res.body).toMatchObject({ success: true, imported: 1, errors: '' });
    const text = (await s.client.get(`/api/v1/texts/${res.body.texts[0].TxID}`)).body;
    expect(text).toMatchObject({ TxTitle: 'Full one', TxSourceURI: 'http://fake/full-1', TxAudioURI: 'http://fake/full-1.mp3', TextTags: ['news'] });
    expect(text.TxText).toBe('Der erste Absatz des Artikels.\n\nDer zweite Absatz.');
    const after = (await s.client.get(`/api/v1/feeds/${id}/articles`)).body.articles.find((a: { FlID: number }) => a.FlID === one.FlID);
    expect(after.FlTxID).toBe(text.TxID);
  });

  it('fetches linked pages, applies the picked section and filters, and reports failures as plain lines', async () => {
    const id = await makeFeed('/links.rss', { NfArticleSectionTags: 'article.story', NfFilterTags: '.ad | h1' });
    expect((await s.client.post(`/api/v1/feeds/${id}/refresh`)).body.added).toBe(4);
    const arts = (await s.client.get(`/api/v1/feeds/${id}/articles`)).body.articles as { FlID: number; FlTitle: string }[];
    const ids = arts.filter((a) => a.FlTitle !== 'Headline number 3').map((a) => a.FlID);
    const res = await s.client.post('/api/v1/feeds/articles/import', { ids });
    expect(res.body.imported).toBe(2);
    expect(res.body.success).toBe(true);
    // One line per failed article, plain text.
    expect(res.body.errors.split('\n')).toHaveLength(1);
    expect(res.body.errors).toMatch(/^Gone article: .*HTTP 404/);
    expect(res.body.errors).not.toMatch(/<[a-z]/i);
    // The same line by message code, the reason nested (issue 20: said in the interface language).
    expect(res.body.error_messages).toEqual([
      { code: 'feed.articleLine', params: { title: 'Gone article', why: { code: 'net.httpStatus', params: expect.objectContaining({ status: '404' }) } } },
    ]);
    const t = (await s.client.get(`/api/v1/texts/${res.body.texts.find((x: { TxTitle: string }) => x.TxTitle === 'Headline number 1').TxID}`)).body;
    expect(t.TxText.split('\n\n')[0]).toBe('The council met on Monday to discuss the new bridge across the river in article 1.');
    expect(t.TxText).not.toContain('Buy cheap watches');
    expect(t.TxText).not.toContain('Headline number');
    expect(t.TxText).not.toContain('Related');
    expect(t.TxText).not.toContain('Home');
    const stored = s.core.sqlite.prepare("SELECT FlError FROM feed_links WHERE FlNfID = ? AND FlTitle = 'Gone article'").get(id) as { FlError: string };
    expect(stored.FlError).toContain('HTTP 404');
  });

  it('without a picked section, Readability finds the article', async () => {
    const id = await makeFeed('/links.rss');
    await s.client.post(`/api/v1/feeds/${id}/refresh`);
    const art = (await s.client.get(`/api/v1/feeds/${id}/articles`)).body.articles.find((a: { FlTitle: string }) => a.FlTitle === 'Headline number 3');
    const res = await s.client.post('/api/v1/feeds/articles/import', { ids: [art.FlID] });
    expect(res.body.imported).toBe(1);
    const t = (await s.client.get(`/api/v1/texts/${res.body.texts[0].TxID}`)).body;
    expect(t.TxText).toContain('The council met on Monday');
    expect(t.TxText).toContain('The mayor promised a public meeting');
    expect(t.TxText).not.toContain('window.evil');
  });

  it('deletes chosen articles of a feed, or all of them', async () => {
    const id = await makeFeed('/guardian.rss');
    await s.client.post(`/api/v1/feeds/${id}/refresh`);
    const arts = (await s.client.get(`/api/v1/feeds/${id}/articles?perPage=3`)).body.articles;
    const some = await s.client.request('DELETE', `/api/v1/feeds/articles/${id}`, { json: { article_ids: arts.map((a: { FlID: number }) => a.FlID) } });
    expect(some.body).toEqual({ success: true, deleted: 3 });
    expect((await s.client.delete(`/api/v1/feeds/articles/${id}`)).body).toEqual({ success: true, deleted: 52 });
  });
});

describe('wizard helpers', () => {
  it('probes a feed, and a page with discovery', async () => {
    const feed = (await s.client.post('/api/v1/feeds/probe', { url: site.base + '/links.rss' })).body;
    expect(feed).toMatchObject({ kind: 'feed', title: 'Fake News', format: 'rss' });
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual(['Headline number 1', 'Headline number 2', 'Headline number 3', 'Gone article']);
    const page = (await s.client.post('/api/v1/feeds/probe', { url: site.base + '/page.html' })).body;
    expect(page).toMatchObject({ kind: 'page', title: 'Fake News home' });
    expect(page.feeds.map((f: { url: string }) => f.url)).toEqual([site.base + '/links.rss', site.base + '/atom']);
  });

  it('previews a saved article page: sanitised HTML and what a clicked selector extracts', async () => {
    const url = site.base + '/article/2.html';
    const pre = (await s.client.post('/api/v1/feeds/preview-article', { url, selector: '#story-2', filters: ['.ad'] })).body;
    expect(pre.error).toBe('');
    expect(pre.text.split('\n\n')).toEqual([
      'Headline number 2',
      'The council met on Monday to discuss the new bridge across the river in article 2.',
      'Residents asked many questions about traffic, noise and the cost of the project, which will take three years.',
      'The mayor promised a public meeting next month where every plan will be shown and explained in detail.',
    ]);
    expect(pre.html).toContain('<article class="story" id="story-2">');
    for (const bad of ['<script', 'onerror', '<img', 'href=', '169.254']) expect(pre.html).not.toContain(bad);
    const miss = (await s.client.post('/api/v1/feeds/preview-article', { url, selector: '.nothing-here' })).body;
    expect(miss.text).toBe('');
    expect(miss.error).toContain('No element');
    const xpath = (
      await s.client.post('/api/v1/feeds/preview-article', { url, selector: "//article[@class='story']", filters: ['h1', 'p.lead', "//div[@class='ad']"] })
    ).body;
    expect(xpath.text.startsWith('Residents asked')).toBe(true);
  });

  it('lists curated feeds for the language', async () => {
    const list = (await s.client.get(`/api/v1/feeds/curated?language_id=${s.languageId}`)).body;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f: { language: string; url: string }) => f.language === 'de' && f.url.startsWith('https://'))).toBe(true);
  });

  it('OPML export and import round trip', async () => {
    const res = await s.client.get('/api/v1/feeds/opml');
    expect(res.headers.get('content-type')).toContain('opml');
    const xml = Buffer.from(res.body as Buffer).toString('utf8');
    expect(xml).toContain(`xmlUrl="${site.base}/content.rss"`);
    const before = count('SELECT COUNT(*) AS n FROM news_feeds');
    // Same list again: every URL already exists.
    const again = await s.client.upload('/api/v1/feeds/opml', { name: 'f.opml', data: Buffer.from(xml) }, { language_id: String(s.languageId) });
    expect(again.body).toMatchObject({ success: true, created: 0 });
    const fresh = xml.replaceAll(site.base, 'https://example.org/x');
    const imported = await s.client.upload('/api/v1/feeds/opml', { name: 'f.opml', data: Buffer.from(fresh) }, { language_id: String(s.languageId) });
    expect(imported.body.created).toBeGreaterThan(3);
    expect(count('SELECT COUNT(*) AS n FROM news_feeds')).toBe(before + imported.body.created);
    const withOptions = s.core.sqlite
      .prepare("SELECT NfOptions FROM news_feeds WHERE NfSourceURI = 'https://example.org/x/guardian.rss' AND NfOptions != ''")
      .get() as { NfOptions: string } | undefined;
    expect(withOptions?.NfOptions).toBe('max_links=10');
    const bad = await s.client.upload('/api/v1/feeds/opml', { name: 'f.opml', data: Buffer.from('<html>no</html>') }, { language_id: String(s.languageId) });
    expect(bad.status).toBe(400);
  });
});
