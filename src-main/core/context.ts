// Runs in: main. What every handler receives.
import type { Config } from './config';
import type { Clock } from './clock';
import type { Sqlite } from '../db/connection';
import type { CurrentUser } from '../db/scope';
import type { Services } from './services';
import type { TokenScope } from '../../src-shared/contract/token-scopes';

export interface Logger {
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

export interface HandlerContext {
  /** The better-sqlite3 connection. Repo functions take it first, as `sqlite`; transactions: transact(ctx, fn). */
  sqlite: Sqlite;
  user: CurrentUser;
  config: Config;
  clock: Clock;
  log: Logger;
  services: Services;
  transport: 'http' | 'ipc' | 'internal';
  /** Present for HTTP requests: origin facts some handlers need (links they build, the upload form). */
  request?: { secure: boolean; origin: string; ip: string; csrfToken?: string; auth?: RequestAuth };
}

/** How the HTTP caller signed in (set by src-main/http/auth.ts); the accounts module reads it for logout/refresh. */
export interface RequestAuth {
  via: 'local' | 'session' | 'remember' | 'token' | 'none';
  /** Raw session cookie value when it names a live session. */
  sessionId?: string;
  /** Selector of the remember-me cookie the request carried. */
  rememberSelector?: string;
  /** Id of the API token used (Bearer). */
  tokenId?: number;
  /** What that token may do. */
  scopes?: TokenScope[];
}

export const consoleLogger: Logger = {
  info: (m, e) => console.log(m, e ?? ''),
  warn: (m, e) => console.warn(m, e ?? ''),
  error: (m, e) => console.error(m, e ?? ''),
};
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
