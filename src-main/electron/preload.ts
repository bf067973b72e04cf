// Runs in: Electron preload (sandboxed). Exposes two functions to the page: invoke(name, input), and
// pickedFile(file), which turns a File the user picked or dropped into a token for its path (the path is
// registered with main and never given to the page; webUtils only knows paths of files the user chose).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { IPC_CHANNEL, IPC_PICKED_FILE_CHANNEL, type IpcResult, type LectioBridge } from '../../src-shared/ipc';

contextBridge.exposeInMainWorld('lectio', {
  invoke: (name: string, input: unknown) => ipcRenderer.invoke(IPC_CHANNEL, name, input) as Promise<IpcResult>,
  pickedFile: async (file: unknown) => {
    let filePath = '';
    try {
      filePath = webUtils.getPathForFile(file as File);
    } catch {
      return null;
    }
    return filePath ? ((await ipcRenderer.invoke(IPC_PICKED_FILE_CHANNEL, filePath)) as string | null) : null;
  },
} satisfies LectioBridge);
