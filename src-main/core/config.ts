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
  /** Media the AnkiConnect server stores for one learner in a day (storeMediaFile, a note's audio and pictures), MB. */
  ankiConnectMediaMbPerDay: number;
  /** YT_API_KEY: YouTube Data API key for video transcripts (a user's youtubeApiKey setting takes precedence). */
  youtubeApiKey: string;
  /** Login, registration and password routes: per client and per username (issue 14). */
  rateLimitAuthPer5Minutes: number;
  /** `--allow-outbound-host H` (repeatable, CLI only): hosts the outbound fetcher may reach even on private addresses. For black-box tests. */
  allowOutboundHosts: string[];
}

// Environment variables, declared once: each with its type, default and range. An unset or blank variable takes
// the default; anything else must parse, or start stops with the variable's name and what was expected.
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const flag = (fallback: boolean) => z.preprocess(blankIsUnset, z.stringbool({ error: 'expected true or false' }).default(fallback));
const integer = (fallback: number, min: number, max: number) => {
  const error = `expected an integer ${min}..${max}`;
  return z.preprocess(blankIsUnset, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback));
};
const httpUrl = z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional());
const text = z.preprocess(blankIsUnset, z.string().trim().optional());

const ENV_SCHEMA = z.object({
  LECTIO_PORT: integer(5170, 0, 65535),
  LECTIO_HOST: text,
  LECTIO_DATA_DIR: text,
  MULTI_USER_ENABLED: flag(false),
  NLP_SERVICE_URL: httpUrl,
  NLP_TIMEOUT_MS: integer(30_000, 100, 600_000),
  // Off unless configured: with it on, a client that reaches Lectio directly chooses its own X-Forwarded-For.
  TRUST_PROXY: flag(false),
  APP_URL: httpUrl,
  BACKUP_RESTORE_ENABLED: flag(false),
  POW_CAPTCHA_ENABLED: flag(false),
  POW_CAPTCHA_HMAC_KEY: z.string().optional(),
  LECTIO_RATE_LIMIT_API_PER_MINUTE: integer(100, 1, 1_000_000),
  LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES: integer(5, 1, 1_000_000),
  LECTIO_ANKICONNECT_MEDIA_MB_PER_DAY: integer(512, 1, 1_000_000),
  LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: integer(10, 1, 1_000_000),
  YT_API_KEY: text,
});

/** Parses the environment (with `--port` standing in for LECTIO_PORT); the first invalid variable is a ConfigError. */
function parseEnv(env: NodeJS.ProcessEnv, cli: CliArgs): z.infer<typeof ENV_SCHEMA> {
  const input: Record<string, string | undefined> = { ...env };
  if (cli.port !== undefined) input.LECTIO_PORT = cli.port;
  const parsed = ENV_SCHEMA.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue.path[0]);
  throw new ConfigError(name === 'LECTIO_PORT' && cli.port !== undefined ? '--port' : name, `${issue.message}, got "${input[name]}"`);
}

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
  const vars = parseEnv(env, cli);
  const host = cli.host ?? vars.LECTIO_HOST ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) throw new ConfigError('--host', `not a host name or address: "${host}"`);
  const multiUser = vars.MULTI_USER_ENABLED;
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
  if (allowOutboundHosts.length && multiUser)
    throw new ConfigError('--allow-outbound-host', 'refused when MULTI_USER_ENABLED is true (it is for local black-box tests only)');
  const powKey = vars.POW_CAPTCHA_HMAC_KEY ?? '';
  if (vars.POW_CAPTCHA_ENABLED && powKey.length < 16)
    throw new ConfigError('POW_CAPTCHA_HMAC_KEY', 'must be at least 16 characters when POW_CAPTCHA_ENABLED is true');
  return {
    port: vars.LECTIO_PORT,
    host,
    dataDir: cli.dataDir ?? vars.LECTIO_DATA_DIR ?? defaultDataDir,
    multiUserEnabled: multiUser,
    nlpServiceUrl: new URL(vars.NLP_SERVICE_URL ?? 'http://nlp:8000').toString().replace(/\/$/, ''),
    nlpTimeoutMs: vars.NLP_TIMEOUT_MS,
    trustProxy: vars.TRUST_PROXY,
    appUrl: vars.APP_URL ? new URL(vars.APP_URL) : null,
    backupRestoreEnabled: vars.BACKUP_RESTORE_ENABLED,
    powCaptchaEnabled: vars.POW_CAPTCHA_ENABLED,
    powCaptchaHmacKey: powKey,
    rateLimitApiPerMinute: vars.LECTIO_RATE_LIMIT_API_PER_MINUTE,
    rateLimitTranscribePer15Minutes: vars.LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES,
    ankiConnectMediaMbPerDay: vars.LECTIO_ANKICONNECT_MEDIA_MB_PER_DAY,
    youtubeApiKey: vars.YT_API_KEY ?? '',
    rateLimitAuthPer5Minutes: vars.LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES,
    allowOutboundHosts,
  };
}
