// Runs in: main. Password hashing (Argon2id, OWASP parameters) and the common-password check.
// @node-rs/argon2 hashes on the libuv thread pool, so a login never stalls the event loop.
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';
import { type Message, msg } from '../../../src-shared/contract/messages';

/** OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Verifies against a throwaway hash so an unknown username costs the same time as a wrong password. */
export async function burnVerifyTime(password: string): Promise<void> {
  dummy ??= hashPassword('lectio-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}

/** A reason the password is refused, or null. Case-insensitive against the common list; the username itself is refused too. */
export function weakPasswordReason(password: string, username: string): Message | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return msg('accounts.passwordCommon');
  if (lower === username.toLowerCase() || (lower.includes(username.toLowerCase()) && username.length >= 6 && password.length - username.length < 4))
    return msg('accounts.passwordIsUsername');
  if (/^(.)\1+$/.test(password)) return msg('accounts.passwordRepeats');
  return null;
}
