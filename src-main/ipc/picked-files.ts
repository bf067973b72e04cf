// Runs in: Electron main. Files the learner picked or dropped in the app window, passed over IPC by path instead
// of as bytes: a 500 MB video would otherwise be copied into the renderer, serialised and copied again.
// The preload turns a File into its path (webUtils.getPathForFile, which only answers for files the user chose)
// and registers it here; the page only ever holds an opaque token, so it cannot name a path itself. At dispatch
// the token becomes, for endpoints that stream uploads to disk (`upload: {toDisk}`), an UploadedTempFile of a
// copy under <dataDir>/tmp/ (copied by the kernel, memory flat; the learner's own file is never moved or
// deleted), else the file's bytes — exactly what the HTTP adapter hands the same handler.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UploadedTempFile, type EndpointSpec } from '../../src-shared/contract/endpoint';
import { AppError } from '../../src-shared/contract/errors';
import { msg } from '../../src-shared/contract/messages';

/** What the renderer sends in place of a File: `{ $pickedFile: token, filename, mimeType }`. */
export interface PickedFileRef {
  $pickedFile: string;
  mimeType?: string;
}

const isRef = (v: unknown): v is PickedFileRef => typeof v === 'object' && v !== null && typeof (v as PickedFileRef).$pickedFile === 'string';

/** Bytes for endpoints that take uploads in memory (the HTTP adapter's per-file limit). */
const IN_MEMORY_MAX_BYTES = 200 * 1024 * 1024;
const KEEP_MS = 60 * 60 * 1000;
const MAX_KEPT = 200;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

export class PickedFiles {
  private readonly byToken = new Map<string, { path: string; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Registers a picked file's path (absolute, a regular file); the token names it for an hour. */
  register(file: unknown): string | null {
    if (typeof file !== 'string' || !path.isAbsolute(file)) return null;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const now = this.now();
    for (const [token, entry] of this.byToken) if (now - entry.at > KEEP_MS || this.byToken.size >= MAX_KEPT) this.byToken.delete(token);
    const token = randomBytes(16).toString('hex');
    this.byToken.set(token, { path: file, at: now });
    return token;
  }

  /**
   * Replaces the picked-file references of an input by uploads; `cleanup` deletes the temporary copies the
   * handler did not move away (call it after the handler, as the HTTP adapter does).
   */
  async resolve(input: unknown, spec: Pick<EndpointSpec, 'upload'> | undefined, tmpDir: string): Promise<{ input: unknown; cleanup: () => Promise<void> }> {
    const copies: string[] = [];
    const cleanup = async () => {
      for (const copy of copies) await fs.promises.rm(copy, { force: true }).catch(() => undefined);
    };
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return { input, cleanup };
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    try {
      for (const [key, value] of Object.entries(out)) {
        if (!isRef(value)) continue;
        const entry = this.byToken.get(value.$pickedFile);
        if (!entry || this.now() - entry.at > KEEP_MS) throw new AppError(400, msg('request.chosenFileGone'));
        const size = (await fs.promises.stat(entry.path).catch(() => null))?.size;
        if (size === undefined) throw new AppError(400, msg('request.chosenFileUnreadable', { name: path.basename(entry.path) }));
        const filename = path.basename(entry.path);
        const mimeType = typeof value.mimeType === 'string' ? value.mimeType : undefined;
        const limit = spec?.upload?.maxBytes ?? IN_MEMORY_MAX_BYTES;
        if (size > limit) throw new AppError(413, msg('request.fileTooLarge', { limit: mb(limit) }));
        if (spec?.upload?.toDisk) {
          await fs.promises.mkdir(tmpDir, { recursive: true });
          const copy = path.join(tmpDir, `upload-${randomBytes(12).toString('hex')}`);
          copies.push(copy);
          await fs.promises.copyFile(entry.path, copy);
          await fs.promises.chmod(copy, 0o600);
          out[key] = new UploadedTempFile(filename, mimeType, copy, size);
        } else out[key] = { filename, mimeType, data: new Uint8Array(await fs.promises.readFile(entry.path)) };
      }
    } catch (err) {
      await cleanup();
      throw err;
    }
    return { input: out, cleanup };
  }
}
