// Runs in: any process. The IPC transport's one channel and its result shape, shared by the main process's
// adapter (src-main/ipc/adapter.ts), the preload bridge and the renderer's api client.

export const IPC_CHANNEL = 'rpc:invoke';
/** The preload registers a picked file's path with main on this channel and gets a token for it. */
export const IPC_PICKED_FILE_CHANNEL = 'rpc:picked-file';

/** What `window.lectio.invoke(name, input)` resolves to: the same payloads and error texts as over HTTP. */
export type IpcResult = { ok: true; value: unknown } | { ok: false; status: number; error: string; extra?: Record<string, unknown> };

/** The bridge the preload script exposes as `window.lectio`. */
export interface LectioBridge {
  invoke(name: string, input: unknown): Promise<IpcResult>;
  /**
   * A token for a File the user picked or dropped (its path stays in main), or null when it has no path on disk.
   * The renderer sends `{ $pickedFile: token, mimeType }` in place of the file's bytes.
   */
  pickedFile?(file: unknown): Promise<string | null>;
}
