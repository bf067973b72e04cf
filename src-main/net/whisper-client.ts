// Runs in: main. Client of the NLP microservice's whisper endpoints (audio transcription).
//
// The NLP service is the one outbound target allowed on loopback or the LAN, because the administrator
// configured it (NLP_SERVICE_URL): every request here goes to exactly that origin — paths are fixed and
// remote job ids are URL-encoded into them, so no input can point a request anywhere else. That is why this
// client does not go through safeFetch's address guard (as nlp-client.ts, for the same reason).
// Uploads are streamed from the temporary file as a hand-built multipart body (flat memory at 500 MB).
//
// Protocol: GET /health, GET /whisper/available|languages|models, POST /whisper/transcribe (multipart file,
// language, model) → {job_id}, GET /whisper/status/{id} → {status, progress}, GET /whisper/result/{id} →
// {text, language, duration_seconds, segments: [{start, end, text}]}, DELETE /whisper/job/{id}.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Config } from '../core/config';
import { NlpError } from './nlp-client';
import { msg } from '../../src-shared/contract/messages';

type WhisperConfig = Pick<Config, 'nlpServiceUrl' | 'nlpTimeoutMs'>;

export { NlpError };

interface RawAnswer {
  status: number;
  body: unknown;
}

function send(
  config: WhisperConfig,
  method: string,
  path: string,
  opts: { headers?: Record<string, string | number>; body?: (req: http.ClientRequest) => void; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const url = new URL(config.nlpServiceUrl + path);
  const timeoutMs = opts.timeoutMs ?? config.nlpTimeoutMs;
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method, headers: { accept: 'application/json', ...opts.headers } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        // A transcript of hours of speech is a few MB; anything far larger is not an answer of this protocol.
        if (size > 64 * 1024 * 1024) {
          res.destroy();
          reject(new NlpError('bad_response', `The NLP service answered ${path} with an oversized body`));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          if ((res.statusCode ?? 0) < 400) return reject(new NlpError('bad_response', `The NLP service answered ${path} with something other than JSON`));
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', (err) => reject(new NlpError('unreachable', `The NLP service connection failed: ${err.message}`)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new NlpError('timeout', msg('nlp.timeout', { ms: String(Math.round(timeoutMs)) })));
    }, timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof NlpError ? err : new NlpError('unreachable', `The NLP service at ${config.nlpServiceUrl} is not reachable`));
    });
    if (opts.body) opts.body(req);
    else req.end();
  });
}

async function json(config: WhisperConfig, method: string, path: string): Promise<unknown> {
  const res = await send(config, method, path);
  if (res.status < 200 || res.status >= 300) {
    const detail =
      typeof res.body === 'object' && res.body
        ? ((res.body as { detail?: unknown; error?: unknown }).detail ?? (res.body as { error?: unknown }).error)
        : undefined;
    throw new NlpError(
      'bad_response',
      `The NLP service answered ${path} with HTTP ${res.status}${typeof detail === 'string' ? `: ${detail.slice(0, 300)}` : ''}`,
    );
  }
  return res.body;
}

export async function whisperAvailable(config: WhisperConfig): Promise<boolean> {
  const body = await json(config, 'GET', '/whisper/available');
  if (typeof body === 'boolean') return body;
  return (body as { available?: unknown })?.available === true;
}

export async function whisperLanguages(config: WhisperConfig): Promise<{ code: string; name: string }[]> {
  const body = await json(config, 'GET', '/whisper/languages');
  const list = Array.isArray(body) ? body : (body as { languages?: unknown })?.languages;
  if (Array.isArray(list)) {
    return list
      .map((x) =>
        typeof x === 'string'
          ? { code: x, name: x }
          : { code: String((x as { code?: unknown }).code ?? ''), name: String((x as { name?: unknown }).name ?? (x as { code?: unknown }).code ?? '') },
      )
      .filter((x) => x.code);
  }
  if (list && typeof list === 'object') return Object.entries(list as Record<string, unknown>).map(([code, name]) => ({ code, name: String(name) }));
  throw new NlpError('bad_response', 'The NLP service sent no language list');
}

export async function whisperModels(config: WhisperConfig): Promise<string[]> {
  const body = await json(config, 'GET', '/whisper/models');
  const list = Array.isArray(body) ? body : (body as { models?: unknown })?.models;
  if (!Array.isArray(list)) throw new NlpError('bad_response', 'The NLP service sent no model list');
  return list.map((m) => (typeof m === 'string' ? m : String((m as { name?: unknown }).name ?? ''))).filter(Boolean);
}

const quote = (s: string) => s.replace(/[\r\n"\\]/g, '_');

/** Streams a file to POST /whisper/transcribe; returns the service's job id. */
export async function whisperTranscribe(
  config: WhisperConfig,
  file: { path: string; filename: string; contentType: string; size: number },
  fields: { language?: string; model?: string },
): Promise<string> {
  const boundary = `----lectio${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [k, v] of Object.entries(fields)) if (v) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(file.filename)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + file.size + Buffer.byteLength(tail);
  const res = await send(config, 'POST', '/whisper/transcribe', {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
    // Sending 500 MB takes a while even on loopback: the deadline covers the answer, scaled by size.
    timeoutMs: config.nlpTimeoutMs + Math.ceil(file.size / (5 * 1024 * 1024)) * 1000,
    body: (req) => {
      req.write(head);
      const stream = fs.createReadStream(file.path);
      stream.on('error', (err) => req.destroy(err));
      stream.on('end', () => req.end(tail));
      stream.pipe(req, { end: false });
    },
  });
  if (res.status < 200 || res.status >= 300) {
    const detail = (res.body as { detail?: unknown; error?: unknown } | null)?.detail ?? (res.body as { error?: unknown } | null)?.error;
    throw new NlpError(
      'bad_response',
      `The transcription service refused the file (HTTP ${res.status}${typeof detail === 'string' ? `: ${detail.slice(0, 300)}` : ''})`,
    );
  }
  const id = (res.body as { job_id?: unknown; id?: unknown } | null)?.job_id ?? (res.body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' && typeof id !== 'number') throw new NlpError('bad_response', 'The transcription service sent no job id');
  return String(id);
}

export interface RemoteStatus {
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
  progress: number;
  error?: string;
}

const STATUSES = new Set(['pending', 'processing', 'completed', 'failed', 'cancelled']);

export async function whisperStatus(config: WhisperConfig, remoteId: string): Promise<RemoteStatus> {
  const body = (await json(config, 'GET', `/whisper/status/${encodeURIComponent(remoteId)}`)) as Record<string, unknown> | null;
  const status = String(body?.status ?? '');
  if (!STATUSES.has(status)) throw new NlpError('bad_response', `The transcription service sent an unknown job status (${status.slice(0, 40) || 'none'})`);
  let progress = Number(body?.progress ?? 0);
  if (!Number.isFinite(progress) || progress < 0) progress = 0;
  if (progress > 0 && progress <= 1 && !Number.isInteger(progress)) progress *= 100;
  const error = body?.error ?? body?.message;
  return {
    status: status as RemoteStatus['status'],
    progress: Math.min(100, progress),
    ...(typeof error === 'string' && error ? { error: error.slice(0, 500) } : {}),
  };
}

export interface RemoteResult {
  text: string;
  language: string;
  duration_seconds: number | null;
  segments: { start: number; end: number; text: string }[];
}

export async function whisperResult(config: WhisperConfig, remoteId: string): Promise<RemoteResult> {
  const body = (await json(config, 'GET', `/whisper/result/${encodeURIComponent(remoteId)}`)) as Record<string, unknown> | null;
  if (typeof body?.text !== 'string') throw new NlpError('bad_response', 'The transcription service sent a result without text');
  const segments = Array.isArray(body.segments)
    ? body.segments
        .map((s: Record<string, unknown>) => ({ start: Number(s?.start), end: Number(s?.end), text: String(s?.text ?? '').trim() }))
        .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end >= s.start && s.text)
    : [];
  const duration = Number(body.duration_seconds);
  return {
    text: body.text,
    language: typeof body.language === 'string' ? body.language : '',
    duration_seconds: Number.isFinite(duration) ? duration : null,
    segments,
  };
}

export async function whisperCancel(config: WhisperConfig, remoteId: string): Promise<void> {
  await json(config, 'DELETE', `/whisper/job/${encodeURIComponent(remoteId)}`);
}
