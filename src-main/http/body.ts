// Runs in: main. Request bodies: JSON, urlencoded forms (with Tags[TagList][] brackets), multipart uploads.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import qs from 'qs';
import { AppError, payloadTooLarge } from '../../src-shared/contract/errors';
import { UploadedTempFile, type UploadedFile } from '../../src-shared/contract/endpoint';

/** Streaming uploads (endpoints declaring `upload: {toDisk}`): files go to `dir`, at most maxBytes each. */
export interface ToDiskUploads {
  dir: string;
  maxBytes: number;
}

export const LIMITS = {
  jsonBytes: 50 * 1024 * 1024,
  formBytes: 10 * 1024 * 1024,
  /** Per uploaded file. JSON dictionaries may be 100 MB; archives a little more. */
  fileBytes: 200 * 1024 * 1024,
  files: 10,
};

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

async function readAll(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw payloadTooLarge(`Request body too large (limit ${mb(limit)})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw payloadTooLarge(`Request body too large (limit ${mb(limit)})`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export const parseQuery = (search: string): Record<string, unknown> =>
  qs.parse(search.startsWith('?') ? search.slice(1) : search, { arrayLimit: 10_000, parameterLimit: 20_000, depth: 5 }) as Record<string, unknown>;

function parseMultipart(req: IncomingMessage, toDisk?: ToDiskUploads): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    const fileLimit = toDisk?.maxBytes ?? LIMITS.fileBytes;
    try {
      if (toDisk && Number(req.headers['content-length'] ?? 0) > toDisk.maxBytes + LIMITS.formBytes) {
        req.resume();
        throw payloadTooLarge(`Uploaded file too large (limit ${mb(toDisk.maxBytes)})`);
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
    bb.on('field', (name, value) => fieldPairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`));
    bb.on('file', (name, stream, info) => {
      if (toDisk) {
        // Straight to a temporary file: memory stays flat whatever the size.
        const tmp = path.join(toDisk.dir, `upload-${randomBytes(12).toString('hex')}`);
        let size = 0;
        stream.on('data', (c: Buffer) => (size += c.length));
        stream.on('limit', () => {
          failure = payloadTooLarge(`Uploaded file too large (limit ${mb(fileLimit)})`);
        });
        // The pipe is attached synchronously: the byte counter above must not start the flow alone.
        fs.mkdirSync(toDisk.dir, { recursive: true });
        writes.push(
          pipeline(stream, fs.createWriteStream(tmp, { mode: 0o600 }))
            .then(() => {
              if (size > fileLimit) failure = payloadTooLarge(`Uploaded file too large (limit ${mb(fileLimit)})`);
              if (info.filename && !failure) files[name] = new UploadedTempFile(info.filename, info.mimeType, tmp, size);
              else return fs.promises.rm(tmp, { force: true });
            })
            .catch(async (err: Error) => {
              await fs.promises.rm(tmp, { force: true });
              failure ??= new AppError(400, `Upload interrupted: ${err.message}`);
            }),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failure = payloadTooLarge(`Uploaded file too large (limit ${mb(LIMITS.fileBytes)})`);
      });
      stream.on('end', () => {
        if (info.filename) files[name] = { filename: info.filename, mimeType: info.mimeType, data: Buffer.concat(chunks) };
      });
    });
    bb.on('filesLimit', () => (failure = new AppError(400, `Too many files (limit ${LIMITS.files})`)));
    bb.on('error', (err: Error) => reject(new AppError(400, `Malformed multipart body: ${err.message}`)));
    bb.on('close', async () => {
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
export async function parseBody(req: IncomingMessage, toDisk?: ToDiskUploads): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') return parseMultipart(req, toDisk);
  if (type === 'application/json' || type.endsWith('+json')) {
    const raw = await readAll(req, LIMITS.jsonBytes);
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
    const raw = await readAll(req, LIMITS.formBytes);
    return parseQuery(raw.toString('utf8'));
  }
  const raw = await readAll(req, LIMITS.formBytes);
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
