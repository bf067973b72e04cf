// Runs in: any process. SHA-1 of a UTF-8 string, synchronous and dependency-free: Anki's note checksum
// (csum) needs it for every exported note, and src-shared may not import node:crypto.

const utf8 = new TextEncoder();

/** SHA-1 digest of the UTF-8 bytes of `text`, as 40 lowercase hex digits. */
export function sha1Hex(text: string): string {
  const h = sha1Words(utf8.encode(text));
  let out = '';
  for (const word of h) out += (word >>> 0).toString(16).padStart(8, '0');
  return out;
}

/** The first 32 bits of a text's SHA-1 as an unsigned integer. The main process passes node:crypto's version
 * (src-main/modules/apkg/checksum.ts) where it hashes every exported note; it must agree with sha1First32. */
export type Sha1First32 = (text: string) => number;

/** The first 32 bits of the SHA-1 digest as an unsigned integer (what Anki stores in notes.csum). */
export function sha1First32(text: string): number {
  return sha1Words(utf8.encode(text))[0] >>> 0;
}

const w = new Int32Array(80);

function sha1Words(bytes: Uint8Array): [number, number, number, number, number] {
  const bitLength = bytes.length * 8;
  // Message + 0x80 + zero padding + 64-bit length, rounded up to 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);

  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(offset + i * 4);
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16];
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let i = 0; i < 80; i++) {
      let f: number;
      let k: number;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  return [h0, h1, h2, h3, h4];
}
