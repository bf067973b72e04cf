// Runs in: Electron preload (sandboxed). Exposes exactly one function to the page: invoke(name, input).
import { contextBridge, ipcRenderer } from 'electron';

const IPC_CHANNEL = 'rpc:invoke';

contextBridge.exposeInMainWorld('lectio', {
  invoke: (name: string, input: unknown) => ipcRenderer.invoke(IPC_CHANNEL, name, input),
});
