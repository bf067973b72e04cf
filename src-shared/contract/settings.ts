// Runs in: any process. Settings, status definitions and version.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import type { StatusDefinition } from './status';

/**
 * Known per-user settings with their built-in defaults. A per-user setting without a stored value
 * falls back to this default, never to the global row (SPEC Authentication 9).
 */
export const USER_SETTING_DEFAULTS = {
  theme: 'system',
  currentLanguage: '',
  readingWidth: '70',
  readerFontSize: '100',
  showTranslationHints: '1',
  timezone: '',
  reviewMode: 'term-to-translation',
  /** '' follows the browser's (the OS's) language. */
  uiLanguage: '',
  /** Optional daily goals on the statistics page: running words read, minutes of active reading ('' = none). */
  dailyGoalWords: '',
  dailyGoalMinutes: '',
  /** Sending to a running Anki (docs/anki.md "Sending to Anki"): AnkiConnect's address, its apiKey ('' = none). */
  ankiConnectUrl: 'http://127.0.0.1:8765',
  ankiConnectKey: '',
  /** '1': a term saved in Lectio is sent to Anki at once (off by default). */
  ankiSendOnSave: '0',
  /** A book's pictures in the reader unless the book says otherwise: '1' shown, '0' hidden (text only). */
  bookPictures: '1',
} as const satisfies Record<string, string>;
export type UserSettingKey = keyof typeof USER_SETTING_DEFAULTS;

/** Settings that hold secrets (translation providers' API keys): written, never sent back by settings.all. */
export const SECRET_SETTING_KEYS = ['translationKeys'] as const;

/** Admin-scoped settings fall back to the global row (StUsID 0). */
/** `nlpServiceUrl`: the transcription (NLP) service's address set in Settings, over NLP_SERVICE_URL (issue 51). */
export const ADMIN_SETTING_KEYS = ['allowRegistration', 'backupDir', 'smtpUrl', 'mailFrom', 'nlpServiceUrl'] as const;

export const settingKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'setting keys are letters, digits, _ . -');

/** A job of the library (work that follows a write, run after it: Settings → About shows them). */
export interface JobDto {
  id: number;
  /** `<module>.<what>`, e.g. 'anki-sync.sendOnSave'. */
  kind: string;
  /** 'pending': waits (or retries at run_after); 'failed': gave up after its attempts. */
  state: 'pending' | 'failed';
  attempts: number;
  run_after: number;
  /** The last attempt's error, '' before one failed. */
  error: string;
  created: number;
}

export const settingsContract = {
  'settings.all': endpoint({ method: 'GET', path: '/api/v1/settings', access: 'read', input: z.object({}), output: returns<Record<string, string>>() }),
  'settings.save': endpoint({
    method: 'POST',
    path: '/api/v1/settings',
    access: 'manage',
    input: z.object({ key: settingKey, value: z.union([z.string().max(10_000), z.number(), z.boolean()]).transform(String) }),
    output: returns<{ success: true; key: string; value: string }>(),
  }),
  'settings.statusDefinitions': endpoint({
    method: 'GET',
    path: '/api/v1/settings/status-definitions',
    access: 'read',
    input: z.object({}),
    output: returns<StatusDefinition[]>(),
  }),
  /** The caller's jobs waiting or failed (an administrator's list also holds the jobs of no one, like reset mails). */
  'system.jobs': endpoint({ method: 'GET', path: '/api/v1/jobs', access: 'manage', input: z.object({}), output: returns<{ jobs: JobDto[] }>() }),
  'system.version': endpoint({
    method: 'GET',
    path: '/api/v1/version',
    access: 'public',
    input: z.object({}),
    output: returns<{ version: string; release_date: string }>(),
  }),
};
