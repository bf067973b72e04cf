// Feeds: refresh of a 500-item feed from a 127.0.0.1 server through the real path (safe fetcher, charset
// decoding, feedsmith parsing, unique-per-feed insert in one transaction), and article extraction
// (linkedom + Readability) of a 1 MB page. Median of several runs. The figures are this process's CPU time for
// the operation (user + system), because the shared bench machine's load makes wall time swing by 5-10x; wall
// time is printed alongside as *_wall_ms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Report } from './run';
import { benchCore, ms, now, sized } from './helpers';
import { createCore } from '../src-main/app/core';
import { extractArticleHtml } from '../src-main/modules/feeds/extract';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';

const cpuMs = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function feed500(run: number): string {
  const items = Array.from(
    { length: 500 },
    (_, i) =>
      `<item><title>Run ${run} headline number ${i}</title><link>https://news.example/${run}/${i}</link><description>Short summary of story ${i} with a few words about the council and the bridge.</description><pubDate>Mon, 02 Mar 2026 10:${String(i % 60).padStart(2, '0')}:00 GMT</pubDate><content:encoded><![CDATA[<p>Paragraph one of story ${i}.</p><p>Paragraph two with <b>bold</b> text.</p>]]></content:encoded></item>`,
  ).join('');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Bench</title><link>https://news.example/</link>${items}</channel></rss>`;
}

function page1mb(): string {
  const para = (i: number) =>
    `<p>Paragraph ${i}: the council met on Monday to discuss the new bridge across the river, and residents asked many questions about traffic, noise and cost.</p>`;
  const noise = (i: number) =>
    `<div class="sidebar"><ul>${Array.from({ length: 8 }, (_, j) => `<li><a href="/x/${i}/${j}">Related story ${i}-${j}</a></li>`).join('')}</ul></div>`;
  let body = '';
  let i = 0;
  while (body.length < 1024 * 1024) body += (i % 3 === 0 ? noise(i) : '') + para(i++);
  return `<!doctype html><html><head><title>Big page</title><script>var x = 1;</script></head><body><nav>Home News Sport</nav><main><article class="story"><h1>Big story</h1>${body}</article></main><footer>footer</footer></body></html>`;
}

export default async function bench(report: Report): Promise<void> {
  let run = 0;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    res.end(feed500(run));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const base = benchCore();
  base.close();
  const core = createCore({ config: base.config, outboundAllowance: { allowHosts: ['127.0.0.1'] } });
  try {
    const lg = (await core.dispatch('languages.create', { LgName: 'English' })) as { LgID: number };
    const times: number[] = [];
    const walls: number[] = [];
    for (run = 0; run < sized(7, 3); run++) {
      const feed = (await core.dispatch('feeds.create', { NfLgID: lg.LgID, NfName: `Bench ${run}`, NfSourceURI: `http://127.0.0.1:${port}/feed.xml` })) as {
        NfID: number;
      };
      const t = now();
      const c = process.cpuUsage();
      const r = (await core.dispatch('feeds.refresh', { id: feed.NfID })) as { added: number };
      times.push(cpuMs(c));
      walls.push(ms(t));
      if (r.added !== 500) throw new Error(`expected 500 articles, got ${r.added}`);
    }
    report('feed_parse_store_500_items_ms', median(times.slice(1)), 'ms');
    report('feed_parse_store_500_items_wall_ms', median(walls.slice(1)), 'ms');

    const html = page1mb();
    const ex: number[] = [];
    const exWall: number[] = [];
    for (let k = 0; k < sized(5, 1); k++) {
      const t = now();
      const c = process.cpuUsage();
      const a = extractArticleHtml(html, 'https://news.example/big', {});
      ex.push(cpuMs(c));
      exWall.push(ms(t));
      if (a.words < 50_000) throw new Error(`extraction too short: ${a.words}`);
    }
    report('article_extract_1mb_page_ms', median(ex), 'ms');
    report('article_extract_1mb_page_wall_ms', median(exWall), 'ms');
    const sel: number[] = [];
    for (let k = 0; k < sized(5, 1); k++) {
      const c = process.cpuUsage();
      extractArticleHtml(html, 'https://news.example/big', { selector: 'article.story', filters: ['.sidebar'] });
      sel.push(cpuMs(c));
    }
    report('article_extract_1mb_page_selector_ms', median(sel), 'ms');
    // For comparison: full Readability on the same page (what pages up to 400 KB get).
    const rd: number[] = [];
    for (let k = 0; k < sized(3, 1); k++) {
      const c = process.cpuUsage();
      new Readability(parseHTML(html).document as unknown as Document).parse();
      rd.push(cpuMs(c));
    }
    report('readability_full_1mb_page_ms', median(rd), 'ms');
  } finally {
    core.close();
    base.cleanup();
    server.close();
  }
}
