// Which responses are compressed, and with what: Accept-Encoding weights, the size floor, loopback by default.
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { acceptedEncoding, compressible, COMPRESS_MIN_BYTES } from './compress';

const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('acceptedEncoding', () => {
  it('prefers br, honours weights and refusals', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('compressible', () => {
  it('a large answer to another machine, not to loopback unless asked, never a small one', () => {
    expect(compressible(from('192.168.1.20'), COMPRESS_MIN_BYTES, false)).toBe(true);
    expect(compressible(from('::ffff:10.0.0.7'), 1_000_000, false)).toBe(true);
    expect(compressible(from('192.168.1.20'), COMPRESS_MIN_BYTES - 1, false)).toBe(false);
    expect(compressible(from('127.0.0.1'), 1_000_000, false)).toBe(false);
    expect(compressible(from('::1'), 1_000_000, false)).toBe(false);
    expect(compressible(from('::ffff:127.0.0.1'), 1_000_000, false)).toBe(false);
    expect(compressible(from('127.0.0.1'), 1_000_000, true)).toBe(true);
  });
});
