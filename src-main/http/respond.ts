// Runs in: main. Writing a JSON answer: as it is, or compressed where that pays (compress.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonTextResult } from '../../src-shared/contract/endpoint';
import { acceptedEncoding, compress, compressible } from './compress';

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
