// Helpers of the large-backup tests and bench: big files written and hashed in chunks, HTTP downloads and
// multipart uploads streamed from and to disk (the test process never holds a whole archive), RSS sampling.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MB = 1024 * 1024;

/** Writes `size` bytes of incompressible content in 1 MB chunks; returns its SHA-256. */
export function writeBigFile(file: string, size: number): string {
  const block = crypto.randomBytes(MB);
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  try {
    for (let done = 0, i = 0; done < size; i++) {
      block.writeUInt32LE(i, 0); // every chunk differs
      const part = block.subarray(0, Math.min(MB, size - done));
      fs.writeSync(fd, part);
      hash.update(part);
      done += part.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

export async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file, { highWaterMark: MB }), hash);
  return hash.digest('hex');
}

/** A browser-like session (cookie + CSRF token) for raw node:http requests. */
export async function session(baseUrl: string): Promise<{ cookie: string; csrf: string }> {
  // A connection of its own (agent: false): these tests block the loop for seconds writing big files, and a pooled
  // keep-alive socket reused just as the in-process server's keep-alive timer closes it answers ECONNRESET.
  const { cookie, body } = await new Promise<{ cookie: string; body: string }>((resolve, reject) => {
    http
      .get(`${baseUrl}/`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0], body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(body)?.[1] ?? '';
  return { cookie, csrf };
}

/** GETs `url` into `file`, streamed. */
export function downloadTo(url: string, cookie: string, file: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie } }, (res) => {
      pipeline(res, fs.createWriteStream(file))
        .then(() => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
        .catch(reject);
    });
    req.on('error', reject);
  });
}

/** POSTs `file` as the multipart field "file", streamed from disk; the answer parsed as JSON. */
export function uploadFrom(url: string, s: { cookie: string; csrf: string }, file: string, name: string): Promise<{ status: number; body: any }> {
  const boundary = `----lectio${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* fs.createReadStream(file, { highWaterMark: MB });
      yield tail;
    })(),
  );
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
          cookie: s.cookie,
          'x-csrf-token': s.csrf,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    body.pipe(req);
  });
}

/** Samples this process's RSS every 10 ms; `stop()` gives the peak above the RSS at the start, in MB. */
export function sampleRss(): { stop(): number } {
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return (peak - idle) / MB;
    },
  };
}

/** Measures the event loop's longest delay of a 10 ms timer until `stop()`, in ms. */
export function loopLag(): { stop(): number } {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const t = performance.now();
    worst = Math.max(worst, t - last - 10);
    last = t;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return worst;
    },
  };
}
