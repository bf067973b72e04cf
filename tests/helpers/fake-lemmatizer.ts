// A stand-in for the NLP microservice's lemmatizer on 127.0.0.1 (/lemmatize, /lemmatize/available), with the
// requests it got.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small stand-in for the NLP microservice. `delayMs` makes it slow (lazy model load). */
export function fakeNlp(lemmas: Record<string, string>, opts: { delayMs?: number } = {}) {
  const requests: { path: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ path: req.url ?? '', body });
      const answer = () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/lemmatize/available') return res.end(JSON.stringify({ languages: ['en', 'de'] }));
        if (req.url === '/lemmatize' && req.method === 'POST') {
          const out: Record<string, string> = {};
          for (const w of (body as { words: string[] }).words) if (lemmas[w.toLowerCase()]) out[w] = lemmas[w.toLowerCase()];
          return res.end(JSON.stringify({ lemmas: out }));
        }
        res.statusCode = 404;
        res.end('{}');
      };
      if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}
