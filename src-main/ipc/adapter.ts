// Runs in: main. The IPC adapter: the Electron renderer's `invoke(name, input)` lands here.
// Results travel as {ok, value} / {ok: false, status, error} so the renderer sees the same
// payloads and error texts as over HTTP.
import { AppError } from '../../src-shared/contract/errors';
import { isJsonTextResult } from '../../src-shared/contract/endpoint';
import type { Core } from '../app/core';
import { LOCAL_OWNER } from '../db/scope';

export type IpcResult = { ok: true; value: unknown } | { ok: false; status: number; error: string; extra?: Record<string, unknown> };

export const IPC_CHANNEL = 'rpc:invoke';

export function createIpcDispatcher(core: Core): (name: unknown, input: unknown) => Promise<IpcResult> {
  return async (name, input) => {
    if (typeof name !== 'string') return { ok: false, status: 400, error: 'Handler name must be a string' };
    try {
      const value = await core.dispatch(name, input, LOCAL_OWNER, 'ipc');
      if (isJsonTextResult(value)) return { ok: true, value: JSON.parse(value.$json) as unknown };
      return { ok: true, value: value ?? { success: true } };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, status: err.status, error: err.message, extra: err.extra };
      core.log.error(`IPC ${name} failed`, err);
      const dbError = (err as { name?: string })?.name === 'SqliteError';
      return { ok: false, status: 500, error: dbError ? 'A database error occurred' : 'Internal server error' };
    }
  };
}
