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
    if (req.method === 'GET' && p === '/whisper/languages') return this.send(res, 200, { languages: [{ code: 'en', name: 'English' }, { code: 'de', name: 'German' }] });
    if (req.method === 'GET' && p === '/whisper/models') return this.send(res, 200, { models: ['tiny', 'base', 'small'] });
    if (req.method === 'POST' && p === '/whisper/transcribe') {
      const job: FakeJob = { id: `remote-${this.next++}`, filename: '', bytes: 0, language: '', model: '', script: this.nextScript, polls: 0, cancelled: false };
      const bb = busboy({ headers: req.headers });
      bb.on('field', (k, v) => {
        if (k === 'language') job.language = v;
        if (k === 'model') job.model = v;
      });
      bb.on('file', (_n, stream, info) => {
        job.filename = info.filename;
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

