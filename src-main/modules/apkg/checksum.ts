// Runs in: main. Anki's note checksum hash on node:crypto: export hashes the sort field of every note
// (checksum.test checks it against the checksums of a real Anki package).
import { hash } from 'node:crypto';

/** Anki's note checksum: the first 32 bits of the SHA-1 of a note's sort field. */
export type Sha1First32 = (text: string) => number;

/** First 8 hex digits of the SHA-1 of the UTF-8 text, as an unsigned integer (notes.csum). */
export const nodeSha1First32: Sha1First32 = (text) => parseInt(hash('sha1', text, 'hex').slice(0, 8), 16);
