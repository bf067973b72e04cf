// Runs in: any process (vitest). One URL rule for every path that stores a URL (issue 43): a feed's enclosure
// `//host/a.mp3` was stored as a text's audio although the API refuses it; resolved against the feed's address it
// is that host's URL, and what still fails the API's rule is dropped.
import { describe, expect, it } from 'vitest';
import { storableUrl, urlFieldProblem } from './safe-url';

const FEED = 'https://news.example/podcast/feed.rss';

describe('storableUrl', () => {
  it('resolves protocol-relative and relative links against the document, as a browser reads them', () => {
    expect(urlFieldProblem('//cdn.example/a.mp3')).not.toBeNull();
    expect(storableUrl('//cdn.example/a.mp3', FEED)).toBe('https://cdn.example/a.mp3');
    expect(storableUrl('/audio/a.mp3', FEED)).toBe('https://news.example/audio/a.mp3');
    expect(storableUrl('a.mp3', FEED)).toBe('https://news.example/podcast/a.mp3');
    expect(storableUrl('http://other.example/b.mp3', FEED)).toBe('http://other.example/b.mp3');
  });

  it('stores nothing the API would refuse', () => {
    for (const bad of ['javascript:alert(1)', 'data:audio/mp3;base64,AAAA', 'file:///etc/passwd', ' java\tscript:x', 'ftp://x.example/a.mp3'])
      expect(storableUrl(bad, FEED), bad).toBe('');
    // Without an http(s) document to resolve against, a link that is not absolute http(s) is dropped.
    expect(storableUrl('//cdn.example/a.mp3')).toBe('');
    expect(storableUrl('/a.mp3', 'file:///feed.xml')).toBe('');
    expect(storableUrl('   ')).toBe('');
  });
});
