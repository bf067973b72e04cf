// Runs in: any process. The one error type handlers throw; adapters turn it into an HTTP status or an IPC result.
import { messageText, type Message, type MessageCode, type MessageParam } from './messages';

/** What an error says: a coded message from the catalogue (preferred), or a plain English text (developer-facing). */
export type ErrorText = string | Message;

export class AppError extends Error {
  /** Extra top-level keys merged into the error body, e.g. {success: false}; a coded message adds `code` and `params`. */
  readonly extra: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: ErrorText,
    extra: Record<string, unknown> = {},
  ) {
    super(typeof message === 'string' ? message : messageText(message));
    this.name = 'AppError';
    // The code travels in `extra`, so every path that carries an error body (worker threads, IPC, HTTP) carries it.
    this.extra = typeof message === 'string' ? extra : { ...extra, code: message.code, ...(message.params ? { params: message.params } : {}) };
  }

  get code(): MessageCode | undefined {
    return this.extra.code as MessageCode | undefined;
  }
}

export const badRequest = (message: ErrorText, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const forbidden = (message: ErrorText = { code: 'common.forbidden' }, extra?: Record<string, unknown>) => new AppError(403, message, extra);
export const notFound = (message: ErrorText = { code: 'common.notFound' }, extra?: Record<string, unknown>) => new AppError(404, message, extra);
export const conflict = (message: ErrorText, extra?: Record<string, unknown>) => new AppError(409, message, extra);
export const payloadTooLarge = (message: ErrorText) => new AppError(413, message);
export const unavailable = (message: ErrorText) => new AppError(503, message);

/** The shape every error body has: an `error` key, plus whatever the endpoint adds. */
export interface ErrorBody {
  error: string;
  /** Validation errors: the same in the forms' words ("Title is required"), and per contract field name. */
  message?: string;
  fields?: Record<string, string>;
  /** The message's code in src-shared/contract/messages.ts and its values, for saying it in the interface language. */
  code?: MessageCode;
  params?: Record<string, MessageParam>;
  [key: string]: unknown;
}
