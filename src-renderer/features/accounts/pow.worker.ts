// Runs in: renderer (a dedicated web worker, same-origin script: allowed by the page's CSP). Solves the
// registration's proof-of-work challenge with altcha-lib's own solver and WebCrypto SHA-256, off the UI thread.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** What the worker posts back; a failure it knows is a code (the worker has no interface language), the page words it. */
export type PowReply = { ok: true; payload: string } | { ok: false; code: 'timeout' } | { ok: false; error: string };

self.onmessage = async (e: MessageEvent<{ challenge: Challenge }>) => {
  try {
    const solution = await solveChallenge({ challenge: e.data.challenge, deriveKey, timeout: 120_000 });
    if (!solution) {
      self.postMessage({ ok: false, code: 'timeout' } satisfies PowReply);
      return;
    }
    const payload = btoa(JSON.stringify({ challenge: e.data.challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }));
    self.postMessage({ ok: true, payload } satisfies PowReply);
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) } satisfies PowReply);
  }
};
