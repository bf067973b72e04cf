// Runs in: any process. The one error type handlers throw; adapters turn it into an HTTP status or an IPC result.

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra top-level keys merged into the error body, e.g. {success: false}. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const forbidden = (message = 'Forbidden', extra?: Record<string, unknown>) => new AppError(403, message, extra);
export const notFound = (message = 'Not found', extra?: Record<string, unknown>) => new AppError(404, message, extra);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, message, extra);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unavailable = (message: string) => new AppError(503, message);

/** The shape every error body has: an `error` key, plus whatever the endpoint adds. */
export interface ErrorBody {
  error: string;
  /** Validation errors: the same in the forms' words ("Title is required"), and per contract field name. */
  message?: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}
