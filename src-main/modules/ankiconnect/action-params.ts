// Runs in: main. An action's params read against its schema (src-shared/anki/connect/params.ts), or AnkiConnect's
// error naming the first problem.
import type { z } from 'zod';
import { ACTION_PARAMS, paramsProblem } from '../../../src-shared/anki/connect/params';
import { msg } from '../../../src-shared/contract/messages';
import { AnkiConnectError } from './errors';

export function params<A extends keyof typeof ACTION_PARAMS>(action: A, raw: Record<string, unknown>): z.output<(typeof ACTION_PARAMS)[A]> {
  const parsed = ACTION_PARAMS[action].safeParse(raw);
  if (!parsed.success) throw new AnkiConnectError(msg('ankiconnect.badParams', { action, why: paramsProblem(parsed.error) }));
  return parsed.data as z.output<(typeof ACTION_PARAMS)[A]>;
}
