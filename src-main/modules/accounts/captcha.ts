// Runs in: main. Self-hosted proof-of-work captcha (altcha-lib v2, SHA-256 in deterministic mode) and the
// signed form-timing token. A solved challenge is accepted once: its signature is recorded until it expires.
import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';

/** Counter range of a challenge: about 50,000 SHA-256 rounds on average in the page's worker (≈1 s). */
export const CAPTCHA_MAX_NUMBER = 100_000;
export const CAPTCHA_TTL_MS = 10 * 60_000;

/**
 * The signing key: POW_CAPTCHA_HMAC_KEY, else one made for this process. Sign-in asks for the captcha after too
 * many failures even where registration does not use it; a challenge then lives at most as long as the process.
 */
const PROCESS_KEY = crypto.randomBytes(32).toString('base64url');
const captchaKey = (ctx: HandlerContext) => ctx.config.powCaptchaHmacKey || PROCESS_KEY;

export async function newChallenge(ctx: HandlerContext): Promise<Challenge> {
  const key = captchaKey(ctx);
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(CAPTCHA_MAX_NUMBER),
    deriveKey,
    expiresAt: new Date(ctx.clock.now() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: key + ':key',
  });
}

export type CaptchaVerdict = 'ok' | 'missing' | 'invalid' | 'expired' | 'replayed';

export async function checkCaptcha(ctx: HandlerContext, payload: string | undefined): Promise<CaptchaVerdict> {
  if (!payload) return 'missing';
  let parsed: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (!parsed?.challenge?.parameters || !parsed.solution || typeof parsed.challenge.signature !== 'string') return 'invalid';
  const expiresAt = Number(parsed.challenge.parameters.expiresAt ?? 0) * 1000;
  // altcha-lib checks expiry against the wall clock; Lectio's rules use ctx.clock (tests freeze it).
  if (!expiresAt || expiresAt < ctx.clock.now()) return 'expired';
  let result;
  try {
    result = await verifySolution({
      challenge: { ...parsed.challenge, parameters: { ...parsed.challenge.parameters } },
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: captchaKey(ctx),
      hmacKeySignatureSecret: captchaKey(ctx) + ':key',
    });
  } catch {
    return 'invalid';
  }
  if (result.expired) return 'expired';
  if (!result.verified) return 'invalid';
  const spentKey = crypto.createHash('sha256').update(parsed.challenge.signature).digest('hex');
  return repo.spendCaptcha(ctx.sqlite, spentKey, expiresAt, ctx.clock.now()) ? 'ok' : 'replayed';
}

// ---- form timing: the /register page form carries a signed issue time; a post < 2 s later is a bot.
export const FORM_MIN_AGE_MS = 2_000;
const FORM_MAX_AGE_MS = 2 * 60 * 60_000;

const formSig = (secret: string, issued: number) => crypto.createHmac('sha256', secret).update(`form:${issued}`).digest('base64url');

export const formToken = (secret: string, now: number) => `${now}.${formSig(secret, now)}`;

export function formTokenAge(secret: string, token: string | undefined, now: number): number | null {
  const m = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return null;
  const expected = Buffer.from(formSig(secret, Number(m[1])));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const age = now - Number(m[1]);
  return age > FORM_MAX_AGE_MS ? null : age;
}
