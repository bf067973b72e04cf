// Runs in: main. A handler's result as an HTTP answer: media with ranges, a file on disk or in memory as a
// download, a redirect, a page, or JSON (as it is, or compressed where that pays: compress.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDiskFileResult, isFileResult, isHtmlResult, isJsonTextResult, isMediaFileResult, isRedirectResult } from '../../src-shared/contract/endpoint';
import { acceptedEncoding, compress, compressible } from './compress';
import { sendDiskFile } from './disk-file';
import { sendMediaFile } from './range';

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The answer as bytes: a cached payload's own, else the JSON text encoded once (not once for its length and again to send). */
function jsonBytes(body: unknown): Uint8Array {
  if (isJsonTextResult(body)) return body.$bytes ?? Buffer.from(body.$json);
  return Buffer.from(JSON.stringify(body));
}

export function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean) {
  const bytes = jsonBytes(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.byteLength });
  res.end(head ? undefined : bytes);
}

/** A handler's JSON answer; a large one to a client that accepts br or gzip goes compressed where that pays (compress.ts). */
export async function sendResult(req: IncomingMessage, res: ServerResponse, body: unknown, head: boolean, compressLoopback: boolean) {
  const data = jsonBytes(body);
  const bytes = data.byteLength;
  const eligible = compressible(req, bytes, compressLoopback);
  const encoding = eligible && !head ? acceptedEncoding(firstHeader(req.headers['accept-encoding'])) : null;
  if (eligible) res.setHeader('Vary', 'Accept-Encoding');
  if (!encoding) {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes });
    res.end(head ? undefined : data);
    return;
  }
  const packed = await compress(data, encoding);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': encoding, 'Content-Length': packed.length });
  res.end(packed);
}

/** Answers with whatever the handler returned (nothing: `{success: true}`). */
export async function sendHandlerResult(req: IncomingMessage, res: ServerResponse, result: unknown, head: boolean, compressLoopback: boolean): Promise<void> {
  if (isMediaFileResult(result)) return sendMediaFile(req, res, result, head);
  if (isDiskFileResult(result)) return sendDiskFile(res, result, head);
  if (isFileResult(result)) {
    const data = Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength);
    res.writeHead(200, {
      'Content-Type': result.contentType,
      'Content-Length': data.length,
      'Content-Disposition': `attachment; filename="${result.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(result.filename)}`,
    });
    res.end(head ? undefined : data);
    return;
  }
  if (isRedirectResult(result)) {
    res.writeHead(result.status ?? 303, { Location: result.$redirect });
    res.end();
    return;
  }
  if (isHtmlResult(result)) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(head ? undefined : result.$html);
    return;
  }
  await sendResult(req, res, result ?? { success: true }, head, compressLoopback);
}
