// Runs in: main. Configuration from environment and command line, validated once at start.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isLoopbackAddress } from '../net/address';
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  multiUserEnabled: boolean;
  nlpServiceUrl: string;
  /** Milliseconds before an NLP request gives up (models load lazily, so the first answer may be slow). */
  nlpTimeoutMs: number;
  trustProxy: boolean;
  appUrl: URL | null;
  backupRestoreEnabled: boolean;
  powCaptchaEnabled: boolean;
  powCaptchaHmacKey: string;
  rateLimitApiPerMinute: number;
  rateLimitTranscribePer15Minutes: number;
  /** YT_API_KEY: YouTube Data API key for video transcripts (a user's youtubeApiKey setting takes precedence). */
  youtubeApiKey: string;
  /** Login, registration and password routes: per client and per username (issue 14). */
  rateLimitAuthPer5Minutes: number;
  /** `--allow-outbound-host H` (repeatable, CLI only): hosts the outbound fetcher may reach even on private addresses. For black-box tests. */
  allowOutboundHosts: string[];
}

const boolVar = (name: string, raw: string | undefined, fallback: boolean): boolean => {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
};

const intVar = (name: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(name, `expected an integer ${min}..${max}, got "${raw}"`);
  return n;
};

const urlVar = (name: string, raw: string | undefined): URL | null => {
  if (raw === undefined || raw === '') return null;
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(raw);
  if (!parsed.success) throw new ConfigError(name, `expected an http(s) URL, got "${raw}"`);
  return new URL(raw);
};

export interface CliArgs {
  port?: string;
  host?: string;
  dataDir?: string;
  allowOutboundHost?: string[];
}

const CLI_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  'allow-outbound-host': { type: 'string', multiple: true },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Parses `--port N --data-dir DIR --host H` (and `--flag=value`) with node:util parseArgs. Unknown flags are an error. */
export function parseCliArgs(argv: string[]): CliArgs {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof CLI_OPTIONS; strict: true }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: CLI_OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    const flag = /'(-[^'\s]*)/.exec((err as Error).message)?.[1]?.replace(/^(--[^ ]+?)(?: <value>)?$/, '$1') ?? argv[0] ?? '';
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new ConfigError(flag, 'needs a value');
    throw new ConfigError(
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' ? String(argv.find((a) => !a.startsWith('-')) ?? flag) : flag,
      'unknown option (known: --port, --host, --data-dir, --allow-outbound-host)',
    );
  }
  const out: CliArgs = {};
  if (values.port !== undefined) out.port = values.port;
  if (values.host !== undefined) out.host = values.host;
  if (values['data-dir'] !== undefined) out.dataDir = values['data-dir'];
  if (values['allow-outbound-host'] !== undefined) out.allowOutboundHost = values['allow-outbound-host'];
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv, cli: CliArgs, defaultDataDir: string): Config {
  const host = cli.host ?? env.LECTIO_HOST ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) throw new ConfigError('--host', `not a host name or address: "${host}"`);
  const nlp = urlVar('NLP_SERVICE_URL', env.NLP_SERVICE_URL) ?? new URL('http://nlp:8000');
  const powEnabled = boolVar('POW_CAPTCHA_ENABLED', env.POW_CAPTCHA_ENABLED, false);
  const powKey = env.POW_CAPTCHA_HMAC_KEY ?? '';
  const multiUser = boolVar('MULTI_USER_ENABLED', env.MULTI_USER_ENABLED, false);
  // Beyond loopback only with accounts (issues 14 and 21): a single-user Lectio has no login to protect it.
  // Single-user mode binds loopback only (127.0.0.0/8, ::1, localhost): any other address reaches the LAN.
  if (!multiUser && !isLoopbackAddress(host) && host.toLowerCase() !== 'localhost')
    throw new ConfigError(
      '--host',
      `serving on ${host} is refused in single-user mode: it has no login, so it answers loopback only (127.0.0.1 or ::1); set MULTI_USER_ENABLED=true to serve other addresses`,
    );
  const allowOutboundHosts = (cli.allowOutboundHost ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, ''),
  );
  for (const h of allowOutboundHosts) if (!/^[a-z0-9.:-]+$/.test(h)) throw new ConfigError('--allow-outbound-host', `not a host name or address: "${h}"`);
  if (allowOutboundHosts.length && boolVar('MULTI_USER_ENABLED', env.MULTI_USER_ENABLED, false))
    throw new ConfigError('--allow-outbound-host', 'refused when MULTI_USER_ENABLED is true (it is for local black-box tests only)');
  if (powEnabled && powKey.length < 16) throw new ConfigError('POW_CAPTCHA_HMAC_KEY', 'must be at least 16 characters when POW_CAPTCHA_ENABLED is true');
  return {
    port: intVar(cli.port !== undefined ? '--port' : 'LECTIO_PORT', cli.port ?? env.LECTIO_PORT, 5170, 0, 65535),
    host,
    dataDir: cli.dataDir ?? (env.LECTIO_DATA_DIR || defaultDataDir),
    multiUserEnabled: multiUser,
    nlpServiceUrl: nlp.toString().replace(/\/$/, ''),
    nlpTimeoutMs: intVar('NLP_TIMEOUT_MS', env.NLP_TIMEOUT_MS, 30_000, 100, 600_000),
    trustProxy: boolVar('TRUST_PROXY', env.TRUST_PROXY, true),
    appUrl: urlVar('APP_URL', env.APP_URL),
    backupRestoreEnabled: boolVar('BACKUP_RESTORE_ENABLED', env.BACKUP_RESTORE_ENABLED, false),
    powCaptchaEnabled: powEnabled,
    powCaptchaHmacKey: powKey,
    rateLimitApiPerMinute: intVar('LECTIO_RATE_LIMIT_API_PER_MINUTE', env.LECTIO_RATE_LIMIT_API_PER_MINUTE, 100, 1, 1_000_000),
    rateLimitTranscribePer15Minutes: intVar('LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES', env.LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES, 5, 1, 1_000_000),
    youtubeApiKey: (env.YT_API_KEY ?? '').trim(),
    rateLimitAuthPer5Minutes: intVar('LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES', env.LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES, 10, 1, 1_000_000),
    allowOutboundHosts,
  };
}
