// Runs in: main. The IPC adapter: the Electron renderer's `invoke(name, input)` lands here.
// Results travel as {ok, value} / {ok: false, status, error} so the renderer sees the same
// payloads and error texts as over HTTP.
import path from 'node:path';
import { contract } from '../../src-shared/contract';
import { isJsonTextResult, type EndpointSpec } from '../../src-shared/contract/endpoint';
import { IPC_CHANNEL, type IpcResult } from '../../src-shared/ipc';
import type { Core } from '../app/core';
import { toErrorResult } from '../core/errors';
import { LOCAL_OWNER } from '../db/scope';
import { PickedFiles } from './picked-files';

export { IPC_CHANNEL, type IpcResult };

/** `picked`: the files the window registered by path (Electron); their tokens in an input become uploads. */
export function createIpcDispatcher(core: Core, picked = new PickedFiles()): (name: unknown, input: unknown) => Promise<IpcResult> {
  return async (name, input) => {
    if (typeof name !== 'string') return { ok: false, status: 400, error: 'Handler name must be a string' };
    let cleanup = async () => undefined as void;
    try {
      const spec = Object.hasOwn(contract, name) ? (contract as Record<string, EndpointSpec>)[name] : undefined;
      const resolved = await picked.resolve(input, spec, path.join(core.config.dataDir, 'tmp'));
      cleanup = resolved.cleanup;
      const value = await core.dispatch(name, resolved.input, LOCAL_OWNER, 'ipc');
      if (isJsonTextResult(value)) return { ok: true, value: JSON.parse(value.$json) as unknown };
      return { ok: true, value: value ?? { success: true } };
    } catch (err) {
      const { status, error, extra } = toErrorResult(err, core.log, `IPC ${name}`);
      return { ok: false, status, error, extra };
    } finally {
      await cleanup();
    }
  };
}
