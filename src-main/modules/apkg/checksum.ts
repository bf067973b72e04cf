// Runs in: main. Anki's note checksum hash on node:crypto: export hashes the sort field of every note, and the
// native SHA-1 is several times faster than the pure-JS one src-shared must use (sha1.test / checksum.test keep
// the two in agreement).
import { hash } from 'node:crypto';
import type { Sha1First32 } from '../../../src-shared/anki/sha1';

/** First 8 hex digits of the SHA-1 of the UTF-8 text, as an unsigned integer (notes.csum). */
export const nodeSha1First32: Sha1First32 = (text) => parseInt(hash('sha1', text, 'hex').slice(0, 8), 16);
