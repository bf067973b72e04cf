// Runs in: main. The IPC adapter: the Electron renderer's `invoke(name, input)` lands here.
// Results travel as {ok, value} / {ok: false, status, error} so the renderer sees the same
// payloads and error texts as over HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { contract } from '../../src-shared/contract';
import { AppError } from '../../src-shared/contract/errors';
import { msg } from '../../src-shared/contract/messages';
import {
  isDiskFileResult,
  isJsonTextResult,
  type DiskFileResult,
  type EndpointSpec,
  type FileResult,
  type SavedFileResult,
} from '../../src-shared/contract/endpoint';
import { IPC_CHANNEL, type IpcResult } from '../../src-shared/ipc';
import type { Core } from '../app/core';
import { toErrorResult } from '../core/errors';
import { LOCAL_OWNER } from '../db/scope';
import { PickedFiles } from './picked-files';

export { IPC_CHANNEL, type IpcResult };

/** Where to save a download (the desktop's Save dialog); null when the person cancelled. */
export type AskSavePath = (file: DiskFileResult) => Promise<string | null>;

/**
 * A download on disk (a backup) over IPC. With a Save dialog (Electron) the file is moved where the person
 * chose, never read into memory; without one (a headless stand-in) its bytes are handed over as over HTTP.
 */
async function deliverDiskFile(file: DiskFileResult, askSavePath: AskSavePath | undefined): Promise<SavedFileResult | FileResult> {
  try {
    if (!askSavePath) return { $file: true, filename: file.filename, contentType: file.contentType, data: await fs.promises.readFile(file.path) };
    const target = await askSavePath(file);
    if (target) {
      await moveOrCopy(file, target).catch((err: NodeJS.ErrnoException) => {
        throw new AppError(500, msg('backup.saveAsFailed', { file: file.filename, path: target, reason: err.code ?? err.message }));
      });
    }
    return { $savedFile: true, filename: file.filename, savedTo: target, size: file.size };
  } finally {
    if (file.removeAfter) await fs.promises.rm(file.path, { force: true });
  }
}

/** A temporary file is renamed when it can be (same disk), else copied; a kept one is always copied. */
async function moveOrCopy(file: DiskFileResult, target: string): Promise<void> {
  if (file.removeAfter) {
    try {
      await fs.promises.rename(file.path, target);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    }
  }
  await fs.promises.copyFile(file.path, target);
}

/**
 * `picked`: the files the window registered by path (Electron); their tokens in an input become uploads.
 * `askSavePath`: the Save dialog for downloads on disk (Electron).
 */
export function createIpcDispatcher(core: Core, picked = new PickedFiles(), askSavePath?: AskSavePath): (name: unknown, input: unknown) => Promise<IpcResult> {
  return async (name, input) => {
    if (typeof name !== 'string') return { ok: false, status: 400, error: 'Handler name must be a string' };
    let cleanup = async () => undefined as void;
    try {
      const spec = Object.hasOwn(contract, name) ? (contract as Record<string, EndpointSpec>)[name] : undefined;
      const resolved = await picked.resolve(input, spec, path.join(core.config.dataDir, 'tmp'));
      cleanup = resolved.cleanup;
      const value = await core.dispatch(name, resolved.input, LOCAL_OWNER, 'ipc');
      if (isJsonTextResult(value)) return { ok: true, value: JSON.parse(value.$json) as unknown };
      if (isDiskFileResult(value)) return { ok: true, value: await deliverDiskFile(value, askSavePath) };
      return { ok: true, value: value ?? { success: true } };
    } catch (err) {
      const { status, error, extra } = toErrorResult(err, core.log, `IPC ${name}`);
      return { ok: false, status, error, extra };
    } finally {
      await cleanup();
    }
  };
}
