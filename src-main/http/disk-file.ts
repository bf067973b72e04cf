// Runs in: main. Sends a DiskFileResult: a download streamed from disk with Content-Disposition (a backup of
// GBs never sits in memory); a temporary file is removed once the answer is sent or the client went away.
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { DiskFileResult } from '../../src-shared/contract/endpoint';

export const contentDisposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

export function sendDiskFile(res: ServerResponse, file: DiskFileResult, head: boolean): void {
  const remove = () => {
    if (file.removeAfter) void fs.promises.rm(file.path, { force: true }).catch(() => undefined);
  };
  // The client may have gone while the file was being made: 'close' has been emitted already.
  if (res.destroyed || !res.socket || res.socket.destroyed) {
    res.destroy();
    remove();
    return;
  }
  res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.size, 'Content-Disposition': contentDisposition(file.filename) });
  if (head) {
    res.end();
    remove();
    return;
  }
  const stream = fs.createReadStream(file.path, { highWaterMark: 1024 * 1024 });
  stream.on('error', () => res.destroy());
  res.on('close', () => {
    stream.destroy();
    // The read stream may still hold the descriptor (Windows cannot delete an open file).
    if (stream.closed) remove();
    else stream.once('close', remove);
  });
  stream.pipe(res);
}
