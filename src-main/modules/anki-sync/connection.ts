// Runs in: main. Where this learner's Anki is (settings ankiConnectUrl, ankiConnectKey) and how a failure to reach
// it becomes one error a person reads: Anki not running is a 503 with one line, not a stack of socket errors.
import { AppError, badRequest, unavailable } from '../../../src-shared/contract/errors';
import { USER_SETTING_DEFAULTS } from '../../../src-shared/contract/settings';
import type { HandlerContext } from '../../core/context';
import { ankiInvoke, ankiMulti, AnkiConnectError, ANKICONNECT_TIMEOUT_MS, type AnkiConnectTarget } from '../../net/ankiconnect-client';
import { getSetting } from '../settings';

export function ankiTarget(ctx: HandlerContext): AnkiConnectTarget {
  return {
    url: getSetting(ctx, 'ankiConnectUrl').trim() || USER_SETTING_DEFAULTS.ankiConnectUrl,
    key: getSetting(ctx, 'ankiConnectKey').trim(),
    guarded: ctx.config.multiUserEnabled,
    allowance: ctx.services.outboundAllowance,
    // Tests shorten the deadline the way they do for downloads (a fake Anki that never answers).
    timeoutMs: ctx.services.outboundTimeoutMs ?? ANKICONNECT_TIMEOUT_MS,
  };
}

function asAppError(err: unknown): unknown {
  if (!(err instanceof AnkiConnectError)) return err;
  switch (err.kind) {
    case 'not_running':
      return unavailable(err.text);
    case 'timeout':
      return new AppError(504, err.text);
    case 'bad_url':
    case 'blocked':
      return badRequest(err.text);
    default:
      // Anki answered, but not as asked: a bad gateway in HTTP's words.
      return new AppError(502, err.text);
  }
}

/** The client's calls with AnkiConnect's failures said as Lectio errors. */
export const anki = {
  async invoke<T>(target: AnkiConnectTarget, action: string, params?: Record<string, unknown>): Promise<T> {
    try {
      return await ankiInvoke<T>(target, action, params);
    } catch (err) {
      throw asAppError(err);
    }
  },
  async multi(target: AnkiConnectTarget, actions: Parameters<typeof ankiMulti>[1]) {
    try {
      return await ankiMulti(target, actions);
    } catch (err) {
      throw asAppError(err);
    }
  },
};
