// What the AnkiConnect server's tests (tests/api/ankiconnect*.test.ts) and bench share: a raw POST to /ankiconnect as
// the mining tools send it (their Origin and Content-Type, no cookie), and tiny real media files the store accepts.

export interface AcAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** POST a body to an AnkiConnect address. `origin` as a browser or extension would set it; `contentType` as the tool does. */
export async function acPost(url: string, body: unknown, opts: { origin?: string; contentType?: string; raw?: string } = {}): Promise<AcAnswer> {
  const headers: Record<string, string> = { 'Content-Type': opts.contentType ?? 'application/json' };
  if (opts.origin) headers.Origin = opts.origin;
  const res = await fetch(url, { method: 'POST', headers, body: opts.raw ?? JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A valid 1×1 PNG (what asbplayer sends as a screenshot, much smaller). */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A valid short WAV (silence), base64: a sentence clip's stand-in. */
export function wavBase64(samples = 800): string {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]).toString('base64');
}
