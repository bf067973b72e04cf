// Runs in: any process. Feeds a web page announces with <link rel="alternate" type="application/rss+xml|atom+xml|feed+json">.
import { Parser } from 'htmlparser2';

export interface DiscoveredFeed {
  url: string;
  title: string;
  type: string;
}

const FEED_TYPES = /^application\/(rss\+xml|atom\+xml|rdf\+xml|feed\+json|json)$/i;

export function discoverFeeds(html: string, baseUrl: string): DiscoveredFeed[] {
  const found: DiscoveredFeed[] = [];
  const seen = new Set<string>();
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name !== 'link') return;
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      const type = (attrs.type ?? '').trim();
      if (!rel.includes('alternate') || !FEED_TYPES.test(type) || !attrs.href) return;
      let url: string;
      try {
        url = new URL(attrs.href, baseUrl).href;
      } catch {
        return;
      }
      if (!/^https?:/.test(url) || seen.has(url)) return;
      seen.add(url);
      found.push({ url, title: (attrs.title ?? '').trim(), type });
    },
    onclosetag(name) {
      if (name === 'head') parser.pause();
    },
  });
  parser.write(html.length > 2_000_000 ? html.slice(0, 2_000_000) : html);
  parser.end();
  return found;
}
