// Runs in: main. Writing a JSON answer: as it is, or compressed where that pays (compress.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonTextResult } from '../../src-shared/contract/endpoint';
import { acceptedEncoding, compress, compressible } from './compress';

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean) {
  const text = isJsonTextResult(body) ? body.$json : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

/** A handler's JSON answer; a large one to a client that accepts br or gzip goes compressed where that pays (compress.ts). */
export async function sendResult(req: IncomingMessage, res: ServerResponse, body: unknown, head: boolean, compressLoopback: boolean) {
  const text = isJsonTextResult(body) ? body.$json : JSON.stringify(body);
  const bytes = Buffer.byteLength(text);
  const eligible = compressible(req, bytes, compressLoopback);
  const encoding = eligible && !head ? acceptedEncoding(firstHeader(req.headers['accept-encoding'])) : null;
  if (eligible) res.setHeader('Vary', 'Accept-Encoding');
  if (!encoding) {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes });
    res.end(head ? undefined : text);
    return;
  }
  const data = await compress(Buffer.from(text), encoding);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': encoding, 'Content-Length': data.length });
  res.end(data);
}
