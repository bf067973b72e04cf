// A fake news site on 127.0.0.1 for the feed, article and fetcher tests: the fixture feeds served plain, with
// and without charset headers, gzip-compressed and behind redirects; Atom, RDF, JSON Feed; article pages; and
// every hostile answer the fetcher must survive (bombs, loops, stalls, redirects to private addresses).
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { fixture } from './core';

export interface FakeSite {
  base: string;
  port: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

export const articlePage = (
  n: number,
  extra = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>Article ${n} | Fake News</title><script>window.evil = 1</script></head>
<body><nav class="menu"><a href="/">Home</a> <a href="/sport">Sport</a></nav>
<main><article class="story" id="story-${n}"><h1>Headline number ${n}</h1>
<p class="lead">The council met on Monday to discuss the new bridge across the river in article ${n}.</p>
<div class="ad">Buy cheap watches now</div>
<p>Residents asked many questions about traffic, noise and the cost of the project, which will take three years.</p>
<img src="http://169.254.169.254/track.gif" onerror="alert(1)">
<p>The mayor promised a public meeting next month where every plan will be shown and explained in detail.</p>${extra}
</article><aside class="related">Related: other stories you may like</aside></main><footer>© Fake News</footer></body></html>`;

const rss = (items: string, extraNs = '') =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"${extraNs}><channel><title>Fake News</title><link>http://fake/</link><description>d</description>${items}</channel></rss>`;

export function linkFeed(base: string) {
  return rss(
    [1, 2, 3]
      .map(
        (n) =>
          `<item><title>Headline number ${n}</title><link>${base}/article/${n}.html</link><description>Summary ${n}</description><pubDate>Mon, 0${n} Mar 2026 10:00:00 GMT</pubDate></item>`,
      )
      .join('') + `<item><title>Gone article</title><link>${base}/missing.html</link><pubDate>Mon, 09 Mar 2026 10:00:00 GMT</pubDate></item>`,
  );
}

export const contentFeed = rss(
  `<item><title>Full one</title><link>http://fake/full-1</link><content:encoded><![CDATA[<p>Der erste Absatz des Artikels.</p><p>Der <b>zweite</b> Absatz.</p>]]></content:encoded><dc:date>2026-03-01T08:00:00Z</dc:date><enclosure url="http://fake/full-1.mp3" length="1000" type="audio/mpeg"/></item>
   <item><title>Full two</title><link>http://fake/full-2</link><content:encoded><![CDATA[<p>Noch ein Text mit Inhalt.</p>]]></content:encoded><dc:date>2026-03-02T08:00:00Z</dc:date></item>
   <item><title>Full two</title><link>http://fake/full-2-duplicate-title</link><content:encoded><![CDATA[<p>Same title.</p>]]></content:encoded></item>
   <item><title>Other title same link</title><link>http://fake/full-1</link></item>`,
);

export const atomFeed = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom News</title><link href="http://fake/"/><updated>2026-03-01T00:00:00Z</updated><id>urn:x</id>
<entry><title>Atom entry one</title><link rel="alternate" href="http://fake/atom-1"/><id>urn:1</id><updated>2026-03-01T00:00:00Z</updated><content type="html">&lt;p&gt;Atom body text one.&lt;/p&gt;</content></entry>
<entry><title>Atom entry two</title><link href="http://fake/atom-2"/><id>urn:2</id><published>2026-03-02T00:00:00Z</published><summary>Only a summary</summary></entry></feed>`;

export const rdfFeed = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="http://fake/"><title>RDF News</title><link>http://fake/</link><description>d</description></channel>
<item rdf:about="http://fake/rdf-1"><title>RDF item one</title><link>http://fake/rdf-1</link><description>First</description><dc:date>2026-03-03T10:00:00Z</dc:date></item>
<item rdf:about="http://fake/rdf-2"><title>RDF item two</title><link>http://fake/rdf-2</link><dc:date>2026-03-04</dc:date></item></rdf:RDF>`;

export const jsonFeed = JSON.stringify({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'JSON News',
  items: [
    {
      id: 'j1',
      url: 'http://fake/json-1',
      title: 'JSON item one',
      content_html: '<p>JSON body one.</p>',
      date_published: '2026-03-05T00:00:00Z',
      attachments: [{ url: 'http://fake/j1.mp3', mime_type: 'audio/mpeg' }],
    },
    { id: 'j2', url: 'http://fake/json-2', title: 'JSON item two', content_text: 'Plain JSON body two.' },
  ],
});

/** A Brazilian feed: `<language>pt-BR</language>` and RFC 822 dates with Portuguese day and month names (issue 32). */
export const portugueseFeed = `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Notícias do Brasil</title><link>http://fake/</link><language>pt-BR</language>
<item><title>Chuva forte em São Paulo</title><link>http://fake/pt/1.html</link><pubDate>Qua, 20 Nov 2026 08:30:00 -0300</pubDate></item>
<item><title>Festa junina em Recife</title><link>http://fake/pt/2.html</link><pubDate>Sáb, 01 Fev 2025 10:00:00 GMT</pubDate></item></channel></rss>`;

/** A German Atom feed: `xml:lang="de"` and ISO dates without a zone (issue 32). */
export const germanAtom = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de"><title>Deutsche Nachrichten</title><link href="http://fake/"/><id>urn:de</id><updated>2026-03-01T00:00:00</updated>
<entry><title>Regen in Berlin</title><link href="http://fake/de/1.html"/><id>urn:de:1</id><updated>2026-11-20T08:30:00</updated></entry></feed>`;

export const RUSSIAN =
  'Москва - столица России, крупнейший по численности населения город страны. Город расположен на реке Москве в центре Восточно-Европейской равнины. Здесь находятся органы государственной власти, многие музеи, театры и университеты. Каждый год сюда приезжают миллионы туристов.';
const cyrFeed = (title: string) => rss(`<item><title>${title}</title><link>http://fake/ru-1</link><description>${RUSSIAN}</description></item>`);

export async function startFakeSite(): Promise<FakeSite> {
  const guardian = fs.readFileSync(fixture('feeds', 'rssparser_guardian.rss'));
  const heise = fs.readFileSync(fixture('feeds', 'rssparser_heise.atom'));
  const bomb = zlib.gzipSync(Buffer.alloc(40 * 1024 * 1024)); // 40 MB of zeros in ~40 KB
  const hits = new Map<string, number>();
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const send = (type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (p) {
      case '/guardian.rss':
        return send('application/rss+xml', guardian);
      case '/guardian-charset.rss':
        return send('application/rss+xml; charset=utf-8', guardian);
      case '/guardian.rss.gz':
        return send('application/rss+xml', zlib.gzipSync(guardian), { 'content-encoding': 'gzip' });
      case '/guardian.rss.br':
        return send('application/rss+xml', zlib.brotliCompressSync(guardian, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }), {
          'content-encoding': 'br',
        });
      case '/moved':
        res.writeHead(301, { location: '/moved-again' });
        return res.end();
      case '/moved-again':
        res.writeHead(302, { location: `${base}/guardian.rss.gz` });
        return res.end();
      case '/heise.atom':
        return send('application/atom+xml', heise);
      case '/atom':
        return send('application/atom+xml', atomFeed);
      case '/noticias.rss':
        return send('application/rss+xml', portugueseFeed);
      case '/nachrichten.atom':
        return send('application/atom+xml', germanAtom);
      case '/rdf':
        return send('application/rdf+xml', rdfFeed);
      case '/json':
        return send('application/feed+json', jsonFeed);
      case '/links.rss':
        return send('application/rss+xml', linkFeed(base));
      case '/content.rss':
        return send('application/rss+xml', contentFeed);
      case '/etag.rss': {
        if (req.headers['if-none-match'] === '"v1"') {
          res.writeHead(304, { etag: '"v1"' });
          return res.end();
        }
        return send('application/rss+xml', contentFeed, { etag: '"v1"' });
      }
      case '/page.html':
        return send(
          'text/html; charset=utf-8',
          `<!doctype html><html><head><title>Fake News home</title><link rel="alternate" type="application/rss+xml" title="All news" href="/links.rss"><link rel="alternate" type="application/atom+xml" href="${base}/atom"></head><body><p>Welcome</p></body></html>`,
        );
      case '/article/1.html':
      case '/article/2.html':
      case '/article/3.html':
        return send('text/html; charset=utf-8', articlePage(Number(p.slice(9, 10))));
      case '/short.html':
        return send('text/html', '<html><head><title>Tiny</title></head><body><article><p>Just a few words here.</p></article></body></html>');
      case '/broken.rss':
        return send(
          'application/rss+xml',
          '<rss version="2.0"><channel><title>Broken</title><item><title>Survivor one</title><link>http://fake/s1</link></item><item><title>Survivor two</title><link>http://fake/s2</link></item><item><title>Cut off in the mid',
        );
      case '/hopeless.rss':
        return send('application/rss+xml', '<rss version="2.0"><channel><title>Hopeless</title><item><title>never closed');
      case '/huge.rss': {
        // 60 MB, chunked (no Content-Length): the cap must stop the stream itself.
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 60) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = 1000));
        return pump();
      }
      case '/huge-declared.rss':
        res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(60 * 1024 * 1024) });
        return res.end(); // lies, but the declared length alone must refuse it
      case '/bomb.rss':
        return send('application/rss+xml', bomb, { 'content-encoding': 'gzip' });
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return res.end();
      case '/to-loopback':
        res.writeHead(302, { location: `http://127.0.0.1:${url.searchParams.get('port') ?? '80'}/guardian.rss` });
        return res.end();
      case '/to-private':
        res.writeHead(302, { location: 'http://10.0.0.1/feed' });
        return res.end();
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/to-mapped':
        res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${url.searchParams.get('port') ?? '80'}/guardian.rss` });
        return res.end();
      case '/stall':
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<rss version="2.0"><channel>');
        return; // never ends
      case '/koi8.rss':
        return send('application/rss+xml; charset=koi8-r', iconv.encode(cyrFeed('Новости').replace('encoding="utf-8"', 'encoding="koi8-r"'), 'koi8-r'));
      case '/cp1251-declared-in-xml.rss':
        return send('application/rss+xml', iconv.encode(cyrFeed('Новости').replace('encoding="utf-8"', 'encoding="windows-1251"'), 'windows-1251'));
      case '/cp1251-wrong-header.rss':
        // Declares UTF-8 but is windows-1251: detection must win.
        return send(
          'application/rss+xml; charset=utf-8',
          iconv.encode(cyrFeed('Новости').replace('encoding="utf-8"', 'encoding="windows-1251"'), 'windows-1251'),
        );
      case '/cp1251-wrong-header-bare.rss':
        // Declares UTF-8 in the header only, no XML declaration: statistical detection must find windows-1251.
        return send(
          'application/rss+xml; charset=utf-8',
          iconv.encode(cyrFeed('Новости').replace('<?xml version="1.0" encoding="utf-8"?>', ''), 'windows-1251'),
        );
      case '/big.rss':
        // Over the in-process limit (256 KB): parsed in a worker thread.
        return send(
          'application/rss+xml',
          rss(
            Array.from(
              { length: 800 },
              (_, i) => `<item><title>Big item ${i}</title><link>http://fake/big-${i}</link><description>${'Wort '.repeat(60)}</description></item>`,
            ).join(''),
          ),
        );
      case '/gutendex/books/':
        // Gutendex's real shape (https://gutendex.com/books/?search=…&languages=…).
        return send(
          'application/json',
          JSON.stringify({
            count: 1,
            next: null,
            previous: null,
            results: [
              {
                id: 11,
                title: 'A Tiny Tale',
                authors: [{ name: 'Doe, Jane', birth_year: 1800, death_year: 1870 }],
                translators: [],
                subjects: ['Animals -- Fiction'],
                bookshelves: [],
                languages: ['en'],
                copyright: false,
                media_type: 'Text',
                formats: { 'text/plain; charset=utf-8': `${base}/book.txt`, 'text/html': `${base}/book.html` },
                download_count: 1234,
              },
            ],
          }),
        );
      case '/book.txt':
        return send(
          'text/plain; charset=utf-8',
          `*** START OF THE PROJECT GUTENBERG EBOOK A TINY TALE ***\n\nCHAPTER I\n\nThe cat sat on the mat. The dog sat on the log.\n\nCHAPTER II\n\nThe cat and the dog ran to the big red barn.\n\n*** END OF THE PROJECT GUTENBERG EBOOK A TINY TALE ***\n`,
        );
      case '/gbk.rss':
        return send(
          'text/xml; charset=gb2312',
          iconv.encode(rss('<item><title>中文新闻标题</title><link>http://fake/zh-1</link></item>').replace('encoding="utf-8"', 'encoding="gb2312"'), 'gbk'),
        );
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
