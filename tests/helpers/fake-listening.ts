// Fakes for the listening tests: an NLP service speaking the whisper protocol on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';

export interface FakeJob {
  id: string;
  filename: string;
  bytes: number;
  language: string;
  model: string;
  /** Statuses answered in turn by GET /whisper/status (the last one repeats). */
  script: { status: string; progress?: number; error?: string }[];
  polls: number;
  cancelled: boolean;
}

export class FakeNlp {
  server!: http.Server;
  url = '';
  jobs = new Map<string, FakeJob>();
  next = 1;
  slowMs = 0;
  nextScript: FakeJob['script'] = [{ status: 'pending' }, { status: 'processing', progress: 0.4 }, { status: 'completed', progress: 1 }];

  async start() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }
  private send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url!, 'http://x');
    const p = url.pathname;
    if (req.method === 'GET' && p === '/health') return this.send(res, 200, { status: 'ok' });
    if (req.method === 'GET' && p === '/whisper/available') return this.send(res, 200, { available: true });
    if (req.method === 'GET' && p === '/whisper/languages')
      return this.send(res, 200, {
        languages: [
          { code: 'en', name: 'English' },
          { code: 'de', name: 'German' },
        ],
      });
    if (req.method === 'GET' && p === '/whisper/models') return this.send(res, 200, { models: ['tiny', 'base', 'small'] });
    if (req.method === 'POST' && p === '/whisper/transcribe') {
      const job: FakeJob = {
        id: `remote-${this.next++}`,
        filename: '',
        bytes: 0,
        language: '',
        model: '',
        script: this.nextScript,
        polls: 0,
        cancelled: false,
      };
      const bb = busboy({ headers: req.headers });
      bb.on('field', (k, v) => {
        if (k === 'language') job.language = v;
        if (k === 'model') job.model = v;
      });
      bb.on('file', (_n, stream, info) => {
        job.filename = info.filename ?? '';
        stream.on('data', (c: Buffer) => (job.bytes += c.length));
      });
      bb.on('close', () => {
        this.jobs.set(job.id, job);
        this.send(res, 200, { job_id: job.id, status: 'pending' });
      });
      req.pipe(bb);
      return;
    }
    const m = /^\/whisper\/(status|result|job)\/(.+)$/.exec(p);
    const job = m ? this.jobs.get(decodeURIComponent(m[2])) : undefined;
    if (!m || !job) return this.send(res, 404, { detail: 'Job not found' });
    if (m[1] === 'status' && req.method === 'GET') {
      if (this.slowMs) await new Promise((r) => setTimeout(r, this.slowMs));
      if (job.cancelled) return this.send(res, 200, { job_id: job.id, status: 'cancelled', progress: 0 });
      const step = job.script[Math.min(job.polls++, job.script.length - 1)];
      return this.send(res, 200, { job_id: job.id, ...step });
    }
    if (m[1] === 'result' && req.method === 'GET') {
      return this.send(res, 200, {
        text: 'The cat sat on the mat. The dog ran away.',
        language: 'en',
        duration_seconds: 5.2,
        segments: [
          { start: 0, end: 2.4, text: ' The cat sat on the mat.' },
          { start: 2.6, end: 5.2, text: ' The dog ran away.' },
        ],
      });
    }
    if (m[1] === 'job' && req.method === 'DELETE') {
      job.cancelled = true;
      return this.send(res, 200, { success: true });
    }
    this.send(res, 405, { detail: 'no' });
  }
}

/**
 * A fake YouTube with the real response shapes: the watch page (/watch?v=, HTML with `var ytInitialPlayerResponse
 * = {…};` listing signed caption tracks), Data API v3 (/youtube/v3/videos) and timedtext
 * (/api/timedtext: json3 with fmt=json3, else classic XML / srv3). Video "dQw4w9WgXcQ" has German captions
 * (standard) and English (asr); "privcaps123" lists a track whose body is empty (not public); "foreignCaps" lists
 * a track on another host; "nocaptions1" has none; anything else is unavailable.
 */
export class FakeYoutube {
  server!: http.Server;
  url = '';
  keysSeen: string[] = [];
  /** Every request's path and query, in order. */
  seen: string[] = [];

  private playerResponse(id: string) {
    if (!['dQw4w9WgXcQ', 'privcaps123', 'foreignCaps', 'nocaptions1'].includes(id))
      return { responseContext: {}, playabilityStatus: { status: 'ERROR', reason: 'Video unavailable' } };
    const track = (lang: string, kind: string | null, name: string, base = this.url) => ({
      baseUrl: `${base}/api/timedtext?v=${id}&ei=abc&caps=asr&opi=112496729&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1790000000&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf&signature=3A4B&key=yt8${kind ? `&kind=${kind}` : ''}&lang=${lang}`,
      name: { simpleText: name },
      vssId: `${kind === 'asr' ? 'a' : ''}.${lang}`,
      languageCode: lang,
      ...(kind ? { kind } : {}),
      isTranslatable: true,
      trackName: '',
    });
    const tracks =
      id === 'dQw4w9WgXcQ'
        ? [track('en', 'asr', 'English (auto-generated)'), track('de', null, 'German')]
        : id === 'privcaps123'
          ? [track('fr', null, 'French')]
          : id === 'foreignCaps'
            ? [track('de', null, 'German', 'https://evil.example')]
            : [];
    return {
      responseContext: { serviceTrackingParams: [] },
      playabilityStatus: { status: 'OK', playableInEmbed: true, miniplayer: {} },
      streamingData: { expiresInSeconds: '21540', formats: [], adaptiveFormats: [] },
      ...(tracks.length
        ? {
            captions: {
              playerCaptionsTracklistRenderer: {
                captionTracks: tracks,
                audioTracks: [{ captionTrackIndices: tracks.map((_t, i) => i) }],
                translationLanguages: [{ languageCode: 'es', languageName: { simpleText: 'Spanish' } }],
                defaultAudioTrackIndex: 0,
              },
            },
          }
        : {}),
      videoDetails: {
        videoId: id,
        title: id === 'privcaps123' ? 'Private captions' : 'Deutsch lernen: Im Café',
        lengthSeconds: '212',
        keywords: ['deutsch'],
        channelId: 'UC123',
        isOwnerViewing: false,
        shortDescription: 'Eine kurze Szene im Café.\nMehr Videos auf dem Kanal.',
        isCrawlable: true,
        thumbnail: { thumbnails: [{ url: 'https://i.ytimg.com/vi/x/default.jpg', width: 120, height: 90 }] },
        allowRatings: true,
        viewCount: '1234',
        author: 'Deutsch mit Anna',
        isPrivate: false,
        isUnpluggedCorpus: false,
        isLiveContent: false,
      },
    };
  }

  async start() {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }
  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url!, 'http://x');
    this.seen.push(url.pathname + url.search);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/watch') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!DOCTYPE html><html lang="en"><head><script nonce="x">var ytcfg={d:function(){return {}}};</script></head><body>' +
          `<script nonce="x">var ytInitialPlayerResponse = ${JSON.stringify(this.playerResponse(url.searchParams.get('v') ?? ''))};` +
          'var meta = document.createElement(\'meta\');</script><div id="player"></div></body></html>',
      );
    }
    if (url.pathname.startsWith('/youtube/v3/')) {
      const key = url.searchParams.get('key') ?? '';
      this.keysSeen.push(key);
      if (key !== 'test-key')
        return json(400, {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [{ message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' }],
            status: 'INVALID_ARGUMENT',
          },
        });
    }
    if (url.pathname === '/youtube/v3/videos') {
      const id = url.searchParams.get('id');
      const items =
        id === 'dQw4w9WgXcQ' || id === 'privcaps123'
          ? [
              {
                kind: 'youtube#video',
                etag: 'x1',
                id,
                snippet: {
                  publishedAt: '2024-01-02T03:04:05Z',
                  channelId: 'UC123',
                  title: id === 'privcaps123' ? 'Private captions' : 'Deutsch lernen: Im Café',
                  description: 'Eine kurze Szene im Café.\nMehr Videos auf dem Kanal.',
                  thumbnails: { default: { url: 'https://i.ytimg.com/vi/x/default.jpg', width: 120, height: 90 } },
                  channelTitle: 'Deutsch mit Anna',
                  tags: ['deutsch'],
                  categoryId: '27',
                  liveBroadcastContent: 'none',
                  defaultLanguage: 'de',
                  localized: { title: 'Deutsch lernen: Im Café', description: 'Eine kurze Szene im Café.' },
                  defaultAudioLanguage: 'de',
                },
              },
            ]
          : [];
      return json(200, { kind: 'youtube#videoListResponse', etag: 'e', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
    }
    if (url.pathname === '/api/timedtext') {
      const v = url.searchParams.get('v');
      const lang = url.searchParams.get('lang');
      if (url.searchParams.get('fmt') === 'json3') {
        const ev = (t: number, d: number, segs: string[]) => ({ tStartMs: t, dDurationMs: d, wWinId: 1, segs: segs.map((utf8) => ({ utf8 })) });
        const events =
          v === 'dQw4w9WgXcQ' && lang === 'de'
            ? [ev(500, 2100, ['Guten Morgen! ', 'Ich hätte']), ev(2700, 1800, ['gern einen Kaffee.']), ev(4600, 2000, ["Das macht 'drei' Euro."])]
            : v === 'dQw4w9WgXcQ' && lang === 'en' && url.searchParams.get('kind') === 'asr'
              ? [
                  { tStartMs: 0, dDurationMs: 6000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
                  ev(500, 2100, ['good', ' morning', ' i', ' would']),
                  { tStartMs: 2600, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
                  ev(2700, 1800, ['like', ' a', ' coffee']),
                ]
              : null;
        if (!events) {
          res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
          return res.end('');
        }
        return json(200, { wireMagic: 'pb3', pens: [{}], wsWinStyles: [{}], wpWinPositions: [{}], events });
      }
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
      if (v === 'dQw4w9WgXcQ' && lang === 'de') {
        return res.end(
          '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.5" dur="2.1">Guten Morgen! Ich hätte</text>' +
            '<text start="2.7" dur="1.8">gern einen Kaffee.</text><text start="4.6" dur="2">Das macht &amp;#39;drei&amp;#39; Euro.</text></transcript>',
        );
      }
      if (v === 'dQw4w9WgXcQ' && lang === 'en' && url.searchParams.get('kind') === 'asr') {
        return res.end(
          '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body><p t="500" d="2100">good morning i would</p><p t="2700" d="1800">like a coffee</p></body></timedtext>',
        );
      }
      return res.end('');
    }
    json(404, { error: { code: 404, message: 'Not Found' } });
  }
}
