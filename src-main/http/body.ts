// Runs in: main. Request bodies: JSON, urlencoded forms (with Tags[TagList][] brackets), multipart uploads.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import qs from 'qs';
import { AppError, payloadTooLarge } from '../../src-shared/contract/errors';
import { DEFAULT_BODY_BYTES, UploadedTempFile, type UploadSpec, type UploadedFile } from '../../src-shared/contract/endpoint';
import { msg } from '../../src-shared/contract/messages';

/** Streaming uploads (endpoints declaring `upload: {toDisk}`): files go to `dir`, at most maxBytes each. */
export interface ToDiskUploads {
  dir: string;
  maxBytes: number;
}

export const LIMITS = {
  /** The form fields of a multipart body, beside its files. */
  formBytes: 10 * 1024 * 1024,
  /** Per uploaded file. JSON dictionaries may be 100 MB; archives a little more. */
  fileBytes: 200 * 1024 * 1024,
  files: 10,
};

/** A byte limit as a person reads it: 64 KB, 50 MB. */
export const formatBytes = (n: number) => (n < 1024 * 1024 ? `${Math.round(n / 1024)} KB` : `${Math.round(n / 1024 / 1024)} MB`);

/** How the server reads one body: a hard cap on all of it, and (forms) the token that must precede any file. */
export interface BodyRules {
  maxBytes?: number;
  /** Set when the CSRF token can only come in the body: a multipart file before a valid token is refused (403). */
  tokenBeforeFiles?: (token: unknown) => boolean;
}

const mediaType = (req: IncomingMessage) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
export const isMultipart = (req: IncomingMessage) => mediaType(req) === 'multipart/form-data';

/**
 * The most a route's body may hold, by its content type (checked against Content-Length before reading): a
 * multipart body its files and fields, JSON or a form the endpoint's own cap (a setting is kilobytes, a text
 * megabytes), so twenty concurrent 49 MB bodies no longer fit where a term save is a few hundred bytes.
 */
export function bodyLimit(req: IncomingMessage, endpoint: { upload?: UploadSpec; maxBodyBytes?: number }): number {
  if (isMultipart(req)) return (endpoint.upload?.maxBytes ?? LIMITS.fileBytes) + LIMITS.formBytes;
  return endpoint.maxBodyBytes ?? DEFAULT_BODY_BYTES;
}

/** True when the request carries no body, or all of it has been read. */
export function requestBodyDone(req: IncomingMessage): boolean {
  if (req.complete) return true;
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

/**
 * Collects a body (or a file of it) into one buffer allocated up front from Content-Length, copying each chunk as
 * it arrives: one Buffer.concat of a 50 MB upload at the end stalled the event loop for 0.4–0.8 s on a busy
 * machine (the copy and the page faults of a fresh 50 MB buffer, all at once). Without a length (chunked bodies),
 * or past it, the chunks are joined at the end.
 */
function collector(expected: number) {
  let buf: Buffer<ArrayBuffer> | null = expected > 0 ? Buffer.allocUnsafe(expected) : null;
  let used = 0;
  const chunks: Buffer[] = [];
  return {
    push(chunk: Buffer) {
      if (buf && used + chunk.length <= buf.length) {
        chunk.copy(buf, used);
        used += chunk.length;
        return;
      }
      if (buf) chunks.push(buf.subarray(0, used));
      buf = null;
      chunks.push(chunk);
    },
    done(): Buffer<ArrayBuffer> {
      if (!buf) return Buffer.concat(chunks);
      // Whoever clones the bytes (a worker's input) copies the whole allocation: keep it only when nearly full.
      return used >= buf.length * 0.9 ? buf.subarray(0, used) : Buffer.from(buf.subarray(0, used));
    },
  };
}

const declaredLength = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) || 0;

/** Reads a whole body up to `limit`; past it, stops reading (the socket is closed after the 413). */
/** The whole body as bytes, up to `limit` (413 past it); AnkiConnect's POST /ankiconnect reads its JSON whatever the Content-Type. */
export function readAll(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(payloadTooLarge(msg('request.bodyTooLarge', { limit: formatBytes(limit) })));
  return new Promise((resolve, reject) => {
    const body = collector(Math.min(declaredLength(req), limit));
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(payloadTooLarge(msg('request.bodyTooLarge', { limit: formatBytes(limit) })));
        return;
      }
      body.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(body.done()));
    req.once('error', (err) => reject(new AppError(400, `Request body interrupted: ${err.message}`)));
  });
}

/** A query string's parameters (qs: nested keys and arrays). Most calls have none: they skip qs's option set-up. */
export const parseQuery = (search: string): Record<string, unknown> =>
  search === '' || search === '?'
    ? {}
    : (qs.parse(search.startsWith('?') ? search.slice(1) : search, { arrayLimit: 10_000, parameterLimit: 20_000, depth: 5 }) as Record<string, unknown>);

function parseMultipart(req: IncomingMessage, toDisk?: ToDiskUploads, rules: BodyRules = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    const fileLimit = toDisk?.maxBytes ?? LIMITS.fileBytes;
    try {
      if (toDisk && Number(req.headers['content-length'] ?? 0) > toDisk.maxBytes + LIMITS.formBytes) {
        req.resume();
        throw payloadTooLarge(msg('request.fileTooLarge', { limit: formatBytes(toDisk.maxBytes) }));
      }
      // busboy stops at the limit itself (a file of exactly the limit would count as too large): one byte of slack,
      // the exact check is below.
      bb = busboy({ headers: req.headers, limits: { fileSize: toDisk ? fileLimit + 1 : fileLimit, files: LIMITS.files, fieldSize: LIMITS.formBytes } });
    } catch (err) {
      reject(err instanceof AppError ? err : new AppError(400, `Malformed multipart body: ${(err as Error).message}`));
      return;
    }
    const fieldPairs: string[] = [];
    const files: Record<string, UploadedFile | UploadedTempFile> = {};
    const writes: Promise<void>[] = [];
    let failure: AppError | null = null;
    let aborted = false;
    /** Stops reading at once: the answer goes out now and the connection is closed after it. */
    const abort = (err: AppError) => {
      if (aborted) return;
      aborted = true;
      req.unpipe(bb);
      req.pause();
      bb.destroy();
      void Promise.allSettled(writes).then(() => discardTempUploads(files));
      reject(err);
    };
    // The whole body has a hard cap, whatever busboy's per-file limits allow.
    let total = 0;
    if (rules.maxBytes !== undefined) {
      const cap = rules.maxBytes;
      req.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > cap) abort(payloadTooLarge(msg('request.bodyTooLarge', { limit: formatBytes(cap) })));
      });
    }
    let tokenSeen = false;
    let firstFile = true;
    bb.on('field', (name, value) => {
      if (name === '_csrf_token' && rules.tokenBeforeFiles?.(value)) tokenSeen = true;
      fieldPairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    });
    bb.on('file', (name, stream, info) => {
      // Destroying busboy mid-file (an abort) makes the open file stream emit "Unexpected end of file": without a
      // listener that is an uncaught exception, which would end the whole process. Failures surface through
      // busboy's own 'error', the size checks or the abort.
      stream.on('error', () => undefined);
      if (rules.tokenBeforeFiles && !tokenSeen) {
        stream.resume();
        abort(new AppError(403, msg('request.csrfBeforeFiles')));
        return;
      }
      if (toDisk) {
        // Straight to a temporary file: memory stays flat whatever the size.
        const tmp = path.join(toDisk.dir, `upload-${randomBytes(12).toString('hex')}`);
        let size = 0;
        stream.on('data', (c: Buffer) => (size += c.length));
        stream.on('limit', () => {
          failure = payloadTooLarge(msg('request.fileTooLarge', { limit: formatBytes(fileLimit) }));
        });
        // The pipe is attached synchronously: the byte counter above must not start the flow alone.
        fs.mkdirSync(toDisk.dir, { recursive: true });
        writes.push(
          pipeline(stream, fs.createWriteStream(tmp, { mode: 0o600 }))
            .then(() => {
              if (size > fileLimit) failure = payloadTooLarge(msg('request.fileTooLarge', { limit: formatBytes(fileLimit) }));
              if (info.filename && !failure) files[name] = new UploadedTempFile(info.filename, info.mimeType, tmp, size);
              else return fs.promises.rm(tmp, { force: true });
            })
            .catch(async (err: Error) => {
              await fs.promises.rm(tmp, { force: true });
              failure ??= new AppError(400, msg('request.uploadInterrupted', { why: err.message }));
            }),
        );
        return;
      }
      // The first file is most of the body: sized from Content-Length (a later one is joined at its end).
      const file = collector(firstFile ? Math.min(declaredLength(req), LIMITS.fileBytes) : 0);
      firstFile = false;
      stream.on('data', (c: Buffer) => file.push(c));
      stream.on('limit', () => {
        failure = payloadTooLarge(msg('request.fileTooLarge', { limit: formatBytes(LIMITS.fileBytes) }));
      });
      stream.on('end', () => {
        if (info.filename) files[name] = { filename: info.filename, mimeType: info.mimeType, data: file.done() };
      });
    });
    bb.on('filesLimit', () => (failure = new AppError(400, msg('request.tooManyFiles', { limit: LIMITS.files }))));
    bb.on('error', (err: Error) => {
      if (!aborted) reject(new AppError(400, `Malformed multipart body: ${err.message}`));
    });
    bb.on('close', async () => {
      if (aborted) return;
      await Promise.all(writes);
      if (failure) {
        await discardTempUploads(files);
        return reject(failure);
      }
      resolve({ ...(qs.parse(fieldPairs.join('&'), { arrayLimit: 10_000, depth: 5 }) as Record<string, unknown>), ...files });
    });
    req.pipe(bb);
  });
}

/** Deletes the temporary files of streamed uploads the handler did not move away. */
export async function discardTempUploads(body: Record<string, unknown>): Promise<void> {
  for (const v of Object.values(body)) if (v instanceof UploadedTempFile) await fs.promises.rm(v.path, { force: true }).catch(() => undefined);
}

/** Parses the body by content type. GET/HEAD/DELETE without a body give {}. */
export async function parseBody(req: IncomingMessage, toDisk?: ToDiskUploads, rules: BodyRules = {}): Promise<Record<string, unknown>> {
  const type = mediaType(req);
  const cap = rules.maxBytes ?? DEFAULT_BODY_BYTES;
  if (type === 'multipart/form-data') return parseMultipart(req, toDisk, rules);
  if (type === 'application/json' || type.endsWith('+json')) {
    const raw = await readAll(req, cap);
    if (raw.length === 0) return {};
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('expected a JSON object');
      return parsed as Record<string, unknown>;
    } catch (err) {
      throw new AppError(400, `Invalid JSON body: ${(err as Error).message}`);
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const raw = await readAll(req, cap);
    return parseQuery(raw.toString('utf8'));
  }
  const raw = await readAll(req, cap);
  if (raw.length > 0 && type !== '') throw new AppError(415, `Unsupported content type: ${type}`);
  if (raw.length > 0) {
    // No content type: accept JSON objects, as curl users often forget the header.
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* fall through */
    }
    throw new AppError(415, 'Send JSON (Content-Type: application/json) or a form');
  }
  return {};
}
