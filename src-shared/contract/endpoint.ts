// Runs in: any process. How an endpoint is declared once and used by main (handlers) and renderer (client).
import { z } from 'zod';
import { TOKEN_SCOPES } from './token-scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint (issue 45; docs/security.md "Who may call what"), declared on each one so that renaming
 * it never changes who may call it:
 * - a token scope (`read`, `vocabulary`, `import`, `manage`): Lectio's own page (or the local learner's script) and a
 *   paired app or extension whose Bearer token holds that scope;
 * - `admin`: administration, an administrator's page (the handler checks the role) and a token with `manage`;
 * - `public`: anyone, before there is an account (sign-in, registration, the version);
 * - `pairing`: a browser extension's Origin before it holds a token (the two pairing calls);
 * - `ankiconnect`: the AnkiConnect tools' envelope, which has no route of its own.
 */
export const ENDPOINT_ACCESS = [...TOKEN_SCOPES, 'admin', 'public', 'pairing', 'ankiconnect'] as const;
export type EndpointAccess = (typeof ENDPOINT_ACCESS)[number];

export interface EndpointSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  method: HttpMethod;
  /** Route with :params, e.g. /api/v1/languages/:id. Omit for IPC-only handlers. */
  path?: string;
  /** Who may call it. Required: an endpoint without it is a type error, never a guess from its name. */
  access: EndpointAccess;
  input: I;
  /** Phantom: the result type. Use `returns<T>()`. */
  output: O;
  /** Optional extra allowed paths (deprecated aliases) answering with this handler. */
  aliases?: string[];
  /** Marks a deprecated route: answers carry Deprecation, Sunset and a Link to this successor path. */
  deprecatedSuccessor?: string;
  /** Multipart files of this endpoint are streamed to temporary files (UploadedTempFile), up to maxBytes each. */
  upload?: UploadSpec;
  /**
   * The most a JSON or form body of this endpoint may hold, refused by Content-Length before a byte is read
   * (default DEFAULT_BODY_BYTES). Only endpoints that carry a text, a book or long id lists raise it.
   */
  maxBodyBytes?: number;
}

/** A JSON or form body's cap where the endpoint names none: settings, terms and answers are kilobytes. */
export const DEFAULT_BODY_BYTES = 1024 * 1024;

/** A body cap for `chars` characters of text in UTF-8 (at most 4 bytes each), plus the other fields. */
export const bodyBytesForChars = (chars: number) => chars * 4 + 64 * 1024;

export interface UploadSpec {
  toDisk: true;
  maxBytes: number;
}

/** Phantom helper: `output: returns<LanguageDto[]>()`. */
export const returns = <T>() => undefined as unknown as T;

export function endpoint<I extends z.ZodType, O>(spec: EndpointSpec<I, O>): EndpointSpec<I, O> {
  return spec;
}

export type InputOf<E> = E extends EndpointSpec<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends EndpointSpec<infer I, unknown> ? z.output<I> : never;
export type OutputOf<E> = E extends EndpointSpec<z.ZodType, infer O> ? O : never;

/** An uploaded file: multipart over HTTP, bytes over IPC. */
export const uploadedFile = z.object({
  filename: z.string().min(1),
  mimeType: z.string().optional(),
  data: z.instanceof(Uint8Array),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/**
 * An upload the HTTP adapter streamed to a temporary file (endpoints declaring `upload: {toDisk}`), so a
 * 500 MB file never sits in memory. A class, so JSON or IPC input can never forge one (no prototype there);
 * the adapter deletes the file after the handler unless the handler moved it.
 */
export class UploadedTempFile {
  constructor(
    readonly filename: string,
    readonly mimeType: string | undefined,
    readonly path: string,
    readonly size: number,
  ) {}
}
export const uploadedTempFile = z.instanceof(UploadedTempFile);

/** A binary result (download). HTTP streams it with Content-Disposition; IPC hands the bytes over. */
export interface FileResult {
  $file: true;
  filename: string;
  contentType: string;
  data: Uint8Array;
}
export const isFileResult = (v: unknown): v is FileResult => typeof v === 'object' && v !== null && (v as { $file?: unknown }).$file === true;

/**
 * A download served from a file on disk (HTTP: streamed with Content-Disposition, never read into memory).
 * `removeAfter`: the file is temporary and deleted once the answer is sent or aborted. Main process only.
 */
export interface DiskFileResult {
  $diskFile: true;
  filename: string;
  contentType: string;
  path: string;
  size: number;
  removeAfter: boolean;
}
export const isDiskFileResult = (v: unknown): v is DiskFileResult => typeof v === 'object' && v !== null && (v as { $diskFile?: unknown }).$diskFile === true;

/**
 * A download the desktop app saved itself: main asked where (the system's Save dialog) and moved the file there,
 * so a backup of GBs never crosses IPC as bytes. `savedTo` is null when the person cancelled the dialog.
 */
export interface SavedFileResult {
  $savedFile: true;
  filename: string;
  savedTo: string | null;
  size: number;
}
export const isSavedFileResult = (v: unknown): v is SavedFileResult =>
  typeof v === 'object' && v !== null && (v as { $savedFile?: unknown }).$savedFile === true;

/** A stored media file served from disk with HTTP range support (seeking in audio/video). Main process only. */
export interface MediaFileResult {
  $media: true;
  path: string;
  contentType: string;
  size: number;
}
export const isMediaFileResult = (v: unknown): v is MediaFileResult => typeof v === 'object' && v !== null && (v as { $media?: unknown }).$media === true;

/** A redirect result (page-ish handlers). */
export interface RedirectResult {
  $redirect: string;
  status?: 301 | 302 | 303 | 307 | 308;
}
export const isRedirectResult = (v: unknown): v is RedirectResult =>
  typeof v === 'object' && v !== null && typeof (v as { $redirect?: unknown }).$redirect === 'string';

/** An HTML result (printable views, legacy upload forms). */
export interface HtmlResult {
  $html: string;
}
export const isHtmlResult = (v: unknown): v is HtmlResult => typeof v === 'object' && v !== null && typeof (v as { $html?: unknown }).$html === 'string';

/**
 * A JSON result already serialised (a cached reading payload): HTTP sends the text as it is, IPC parses it.
 * `jsonText<T>()` is typed as the payload it carries, so contracts keep their output types. `$bytes`, when
 * given, is the text as UTF-8, kept with a cached payload: encoding the 3 MB full view took ~4 ms per
 * request, more than the rest of serving it.
 */
export interface JsonTextResult {
  $json: string;
  $bytes?: Uint8Array;
}
export const isJsonTextResult = (v: unknown): v is JsonTextResult =>
  typeof v === 'object' && v !== null && typeof (v as { $json?: unknown }).$json === 'string';
export const jsonText = <T>(json: string, bytes?: Uint8Array): T => (bytes ? { $json: json, $bytes: bytes } : { $json: json }) as unknown as T;

/** Common input pieces. */
export const idParam = z.coerce.number().int().positive();
/** Query flags arrive as strings over HTTP ("1", "true") and as booleans over IPC. */
export const boolish = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off', ''])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');
