import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FeedParseError, parseFeedText, uniqueItems } from './parse';
import { discoverFeeds } from './discover';
import { buildOpml, readOpml } from './opml';
import { formatFeedOptions, parseFeedOptions } from './options';

const FIX = path.resolve(__dirname, '../../../shared/fixtures/feeds');
const has = fs.existsSync(FIX);

describe('parseFeedText', () => {
  it('the declared language and localised dates (issue 32): RSS <language> with Portuguese RFC 822, Atom xml:lang with ISO without zone', () => {
    const rss = parseFeedText(
      '<rss version="2.0"><channel><title>Notícias</title><language>pt-BR</language>' +
        '<item><title>Um</title><link>http://x/1</link><pubDate>Qua, 20 Nov 2026 08:30:00 -0300</pubDate></item></channel></rss>',
    );
    expect([rss.language, rss.items[0].date]).toEqual(['pt-br', Date.UTC(2026, 10, 20, 11, 30)]);
    const atom = parseFeedText(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de"><title>Nachrichten</title>' +
        '<entry><title>Eins</title><link href="http://x/1"/><id>1</id><updated>2026-11-20T08:30:00</updated></entry></feed>',
    );
    expect([atom.language, atom.items[0].date]).toEqual(['de', Date.UTC(2026, 10, 20, 8, 30)]);
    const none = parseFeedText('<rss version="2.0"><channel><title>T</title><item><title>a</title><link>http://x/a</link></item></channel></rss>');
    expect(none.language).toBe('');
  });
  it.runIf(has)('reads the Guardian RSS fixture', () => {
    const f = parseFeedText(fs.readFileSync(path.join(FIX, 'rssparser_guardian.rss'), 'utf8'));
    expect(f.format).toBe('rss');
    expect(f.items).toHaveLength(55);
    expect(f.items[0].title).toBe('Trump State of the Union address promised unity but emphasized discord');
    expect(f.items[0].link).toMatch(/^https:\/\/www\.theguardian\.com\/us-news\/2018\/jan\/31\//);
    expect(f.items[0].date).toBeGreaterThan(Date.UTC(2018, 0, 1));
  });
  it.runIf(has)('reads the heise Atom fixture', () => {
    const f = parseFeedText(fs.readFileSync(path.join(FIX, 'rssparser_heise.atom'), 'utf8'));
    expect(f.format).toBe('atom');
    expect(f.items).toHaveLength(15);
    expect(f.items[0].title).toContain('WildFly 10');
    expect(f.items[0].content).toContain('Enterprise-Java-Servers');
  });
  it('RSS 2.0 with content:encoded, DC date and an audio enclosure', () => {
    const f =
      parseFeedText(`<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>http://x/</link>
      <item><title>A</title><link>http://x/a</link><content:encoded><![CDATA[<p>Full text</p>]]></content:encoded><dc:date>2024-01-02T03:04:05Z</dc:date><enclosure url="http://x/a.mp3" length="1" type="audio/mpeg"/></item></channel></rss>`);
    expect(f.items[0]).toMatchObject({ title: 'A', content: '<p>Full text</p>', date: Date.UTC(2024, 0, 2, 3, 4, 5), audio: 'http://x/a.mp3' });
  });
  it('RDF and JSON Feed', () => {
    const rdf = parseFeedText(
      `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="http://x/"><title>R</title><link>http://x/</link></channel><item rdf:about="http://x/1"><title>One</title><link>http://x/1</link><dc:date>2024-01-02</dc:date></item></rdf:RDF>`,
    );
    expect(rdf).toMatchObject({ format: 'rdf', title: 'R', items: [{ title: 'One', link: 'http://x/1', date: Date.UTC(2024, 0, 2) }] });
    const json = parseFeedText(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [{ id: '1', url: 'http://x/j', title: 'J1', content_text: 'hi', attachments: [{ url: 'http://x/p.mp3', mime_type: 'audio/mpeg' }] }],
      }),
    );
    expect(json).toMatchObject({ format: 'json', items: [{ title: 'J1', content: 'hi', audio: 'http://x/p.mp3' }] });
  });
  it('refuses HTML as not a feed and recovers items from broken XML', () => {
    expect(() => parseFeedText('<!doctype html><html><head></head><body>x</body></html>')).toThrow(FeedParseError);
    try {
      parseFeedText('<html><body>x</body></html>');
    } catch (e) {
      expect((e as FeedParseError).kind).toBe('not_a_feed');
    }
    const broken = parseFeedText(
      '<rss version="2.0"><channel><title>T</title><item><title>Good one</title><link>http://x/1</link></item><item><title>Bad & broken</title><link>http://x/2</link></item><item><title>Unclosed',
    );
    expect(broken.items.map((i) => i.title)).toEqual(['Good one', 'Bad & broken']);
    expect(broken.recovered).toBe(2);
    expect(() => parseFeedText('<rss version="2.0"><channel><title>T</title><item><title>x &')).toThrow(/not well-formed/);
  });
  it('drops duplicates by link and by title', () => {
    const base = { description: '', content: '', date: null, audio: '' };
    const out = uniqueItems([
      { ...base, title: 'A', link: 'http://x/1' },
      { ...base, title: 'B', link: 'http://x/1' },
      { ...base, title: 'a', link: 'http://x/2' },
      { ...base, title: 'C', link: 'http://x/3' },
    ]);
    expect(out.map((i) => i.title)).toEqual(['A', 'C']);
  });
});

describe('discovery, OPML, options', () => {
  it('finds alternate feed links, absolute', () => {
    const found = discoverFeeds(
      '<html><head><link rel="alternate" type="application/rss+xml" title="News" href="/rss.xml"><link rel="stylesheet" href="a.css"><link rel="alternate" type="application/atom+xml" href="https://y/atom"></head><body><link rel="alternate" type="application/rss+xml" href="/late"></body></html>',
      'http://x/page',
    );
    expect(found).toEqual([
      { url: 'http://x/rss.xml', title: 'News', type: 'application/rss+xml' },
      { url: 'https://y/atom', title: '', type: 'application/atom+xml' },
    ]);
  });
  it('OPML round trip keeps name, URL, language and options', () => {
    const xml = buildOpml('Lectio feeds', [
      { name: 'Le Monde & co', url: 'https://x/rss?a=1&b=2', language: 'French', options: 'autoupdate=2h,tag=news' },
      { name: 'B', url: 'http://y/f' },
    ]);
    expect(readOpml(xml)).toEqual([
      { name: 'Le Monde & co', url: 'https://x/rss?a=1&b=2', language: 'French', options: 'autoupdate=2h,tag=news' },
      { name: 'B', url: 'http://y/f', language: undefined, options: undefined },
    ]);
    expect(readOpml('<opml version="1.0"><body><outline text="Folder"><outline text="In" xmlUrl="http://z/f"/></outline></body></opml>')).toEqual([
      { name: 'In', url: 'http://z/f', language: undefined, options: undefined },
    ]);
  });
  it('OPML of no feeds is a valid, empty list (not an error)', () => {
    const xml = buildOpml('Mine & yours', []);
    expect(xml).toContain('<title>Mine &amp; yours</title>');
    expect(readOpml(xml)).toEqual([]);
  });
  it('options in LWT format round trip', () => {
    const o = parseFeedOptions('edit_text=1,autoupdate=2h,max_links=50,charset=koi8-r,tag=news,article_source=page,foo=bar');
    expect(o).toMatchObject({
      edit_text: true,
      autoupdate: { n: 2, unit: 'h' },
      max_links: 50,
      charset: 'koi8-r',
      tag: 'news',
      article_source: 'page',
      extra: { foo: 'bar' },
    });
    expect(formatFeedOptions(o)).toBe('edit_text=1,autoupdate=2h,max_links=50,charset=koi8-r,tag=news,article_source=page,foo=bar');
  });
});
