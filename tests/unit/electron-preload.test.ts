// The preload bridge against a mocked electron module (the real binary cannot run on CI): invoke() goes to the
// one RPC channel; pickedFile() turns a File into a token for its path through main, and gives null (the
// renderer then sends the bytes) when the file has no path on disk.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNEL, IPC_PICKED_FILE_CHANNEL, type LectioBridge } from '../../src-shared/ipc';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (channel: string, ...args: unknown[]) =>
  channel === IPC_PICKED_FILE_CHANNEL ? `token-for:${String(args[0])}` : { ok: true, value: args },
);
const paths = new Map<unknown, string>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke: (channel: string, ...args: unknown[]) => invoke(channel, ...args) },
  webUtils: {
    getPathForFile: (file: unknown) => {
      if (typeof file !== 'object' || file === null) throw new TypeError('Expected a File');
      return paths.get(file) ?? '';
    },
  },
}));

let bridge: LectioBridge;
beforeAll(async () => {
  await import('../../src-main/electron/preload');
  bridge = exposed.lectio as LectioBridge;
});

describe('preload bridge', () => {
  it('exposes invoke and pickedFile only', () => {
    expect(Object.keys(exposed)).toEqual(['lectio']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'pickedFile']);
  });

  it('invoke goes to the RPC channel', async () => {
    await bridge.invoke('system.version', { a: 1 });
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNEL, 'system.version', { a: 1 });
  });

  it('pickedFile registers the path of a chosen file with main and returns its token', async () => {
    const chosen = { name: 'talk.mp3' };
    paths.set(chosen, '/home/learner/Music/talk.mp3');
    expect(await bridge.pickedFile!(chosen)).toBe('token-for:/home/learner/Music/talk.mp3');
    expect(invoke).toHaveBeenLastCalledWith(IPC_PICKED_FILE_CHANNEL, '/home/learner/Music/talk.mp3');
  });

  it('pickedFile gives null for a file without a path (made in the page) or something that is not a file', async () => {
    invoke.mockClear();
    expect(await bridge.pickedFile!({ name: 'made-in-page.txt' })).toBeNull();
    expect(await bridge.pickedFile!('/etc/passwd')).toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });
});
