// Runs in: Electron preload (sandboxed). Exposes exactly one function to the page: invoke(name, input).
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNEL, type IpcResult, type LectioBridge } from '../../src-shared/ipc';

contextBridge.exposeInMainWorld('lectio', {
  invoke: (name: string, input: unknown) => ipcRenderer.invoke(IPC_CHANNEL, name, input) as Promise<IpcResult>,
} satisfies LectioBridge);
