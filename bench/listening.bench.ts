// Listening: a 10 MB SRT through the subtitle import (parse + join, then the whole import: text parsed and
// stored, sentences timed) and the peak memory of a 500 MB upload streamed over HTTP to disk and on to a
// (fake, draining) NLP service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Report } from './run';
import { benchCore, ms, now, sized } from './helpers';
import { createHttpServer } from '../src-main/http/server';
import { rendererDir } from '../src-main/core/paths';
import { parseSubtitleFile } from '../src-shared/subtitles/task';
import { wavHeader } from '../tests/helpers/audio';

/** The SRT's and the upload's size in MB (a tenth in a quick run). */
const SRT_MB = sized(10, 1);
const UPLOAD_MB = sized(500, 50);

const WORDS = ['the', 'morning', 'light', 'falls', 'across', 'quiet', 'streets', 'where', 'people', 'walk', 'slowly', 'home'];

function srt10mb(): Buffer {
  const parts: string[] = [];
  let size = 0;
  const stamp = (s: number) => {
    const p = (x: number, w = 2) => String(x).padStart(w, '0');
    const msAll = Math.round(s * 1000);
    return `${p(Math.floor(msAll / 3600000))}:${p(Math.floor(msAll / 60000) % 60)}:${p(Math.floor(msAll / 1000) % 60)},${p(msAll % 1000, 3)}`;
  };
  for (let i = 1; ; i++) {
    const words = Array.from({ length: 7 }, (_, k) => WORDS[(i * 7 + k) % WORDS.length]);
    const cue = `${i}\r\n${stamp(i * 2)} --> ${stamp(i * 2 + 1.8)}\r\n${i % 3 === 0 ? `${words.join(' ')}.` : words.join(' ')}\r\n\r\n`;
    if (size + cue.length > SRT_MB * 1024 * 1024 - 16) break;
    parts.push(cue);
    size += cue.length;
  }
  return Buffer.from(parts.join(''));
}

async function subtitleImport(report: Report) {
  const srt = srt10mb();
  // What the import's worker does (decode, parse, join into packed spans), here on the main thread from cold.
  const t0 = now();
  const joined = parseSubtitleFile({ bytes: new Uint8Array(srt) });
  report('subtitle_parse_10mb_ms', ms(t0), 'ms');
  const core = benchCore();
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'English', LgIsoCode: 'en' })) as { LgID: number };
    // Warm-up with a two-cue file, as the reading bench warms up with a short text: from sources the first worker
    // of a process is bundled by esbuild (src-main/core/worker.ts), which a packaged app never does.
    const small = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nA short cue.\n\n2\n00:00:03,000 --> 00:00:04,000\nAnd another one.\n');
    await core.dispatch('texts.importSubtitles', { file: { filename: 'warm-up.srt', data: new Uint8Array(small) }, language_id: lang.LgID });
    const t1 = now();
    const cpu1 = process.cpuUsage();
    const res = (await core.dispatch('texts.importSubtitles', { file: { filename: 'big.srt', data: new Uint8Array(srt) }, language_id: lang.LgID })) as {
      cues: number;
      timings: number;
    };
    report('subtitle_import_10mb_ms', ms(t1), 'ms');
    const cpu = process.cpuUsage(cpu1);
    // CPU of every thread of the process (the parse worker's included): a figure the machine's load inflates less.
    report('subtitle_import_10mb_cpu_ms', (cpu.user + cpu.system) / 1000, 'ms');
    report('subtitle_import_10mb_cues', res.cues, 'cues');
    report('subtitle_import_10mb_words', joined.text.split(/\s+/).length, 'words');
  } finally {
    core.cleanup();
  }
}

async function upload500(report: Report) {
  const SIZE = UPLOAD_MB * 1024 * 1024;
  const nlp = http.createServer((req, res) => {
    if (req.method === 'POST') {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ job_id: 'bench-1' }));
      });
      return;
    }
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((r) => nlp.listen(0, '127.0.0.1', r));
  const core = benchCore({ NLP_SERVICE_URL: `http://127.0.0.1:${(nlp.address() as AddressInfo).port}` });
  const server = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await server.listen(0, '127.0.0.1');
  try {
    const page = await fetch(`http://127.0.0.1:${port}/`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0];
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const boundary = '----lectiobench';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const header = wavHeader(SIZE - 44, 16000);
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) {
          sent = 44;
          return void this.push(Buffer.concat([head, header]));
        }
        if (sent >= SIZE) {
          this.push(tail);
          return void this.push(null);
        }
        const n = Math.min(chunk.length, SIZE - sent);
        sent += n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
    });
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const t0 = now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `http://127.0.0.1:${port}/api/v1/whisper/transcribe`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + SIZE + tail.length,
            cookie,
            'x-csrf-token': csrf,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });
    clearInterval(timer);
    if (status !== 200) throw new Error(`upload answered ${status}`);
    report('upload_500mb_ms', ms(t0), 'ms');
    report('upload_500mb_peak_rss_mb', (peak - idle) / 1024 / 1024, 'MB above idle');
  } finally {
    await server.close();
    nlp.close();
    core.cleanup();
  }
}

export default async function run(report: Report) {
  await subtitleImport(report);
  await upload500(report);
}
