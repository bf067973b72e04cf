// Runs in: main. The one mapping from a thrown error to what a caller sees, used by both adapters (HTTP and
// IPC): AppError keeps its status, message and extra keys; a zod error is a 400 naming the fields; anything
// else is logged and answered generically (SQL text and stack traces never leak).
import { z } from 'zod';
import { AppError } from '../../src-shared/contract/errors';
import { plainValidation } from '../../src-shared/contract/field-labels';
import type { Logger } from './context';

export interface ErrorResult {
  status: number;
  error: string;
  extra: Record<string, unknown>;
}

/** Zod issues as one readable sentence: "LgName: Required; TxLgID: Expected number". */
export function describeZodError(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

export function isDatabaseError(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name ?? '';
  const code = (err as { code?: unknown } | null)?.code;
  return name === 'SqliteError' || (typeof code === 'string' && code.startsWith('SQLITE_'));
}

/** `what` names the failed call in the log line (e.g. "GET /api/v1/terms" or "IPC terms.list"). */
export function toErrorResult(err: unknown, log: Logger, what: string): ErrorResult {
  if (err instanceof AppError) return { status: err.status, error: err.message, extra: err.extra };
  // `error` keeps the contract's field names (API clients match on them); `message` says it as the forms do.
  if (err instanceof z.ZodError) return { status: 400, error: `Invalid input: ${describeZodError(err)}`, extra: plainValidation(err) };
  log.error(`${what} failed`, err);
  return { status: 500, error: isDatabaseError(err) ? 'A database error occurred' : 'Internal server error', extra: {} };
}
