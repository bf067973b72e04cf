// Runs in: any process. The AnkiConnect wire protocol as the mining tools (Yomitan, asbplayer, mpvacious) speak it:
// a request {action, version, params, key?}; an answer that is the bare result for version ≤ 4 and
// {result, error} from version 5 on (errors always {result: null, error}). Sources: AnkiConnect's README
// (foosoft/anki-connect, "Supported actions"), Yomitan's ext/js/comm/anki-connect.js.

/** The protocol version Lectio answers to `version` (what current AnkiConnect answers). */
export const ANKICONNECT_VERSION = 6;
/** The one note type Lectio offers; its fields are a term's. */
export const LECTIO_MODEL = 'Lectio term';
export const LECTIO_MODEL_FIELDS = ['Term', 'Reading', 'Translation', 'Sentence', 'Notes', 'Lemma', 'Picture', 'Audio', 'Tags'] as const;

/** The actions Lectio answers (apiReflect lists them); any other gets AnkiConnect's "unsupported action". */
export const ANKICONNECT_ACTIONS = [
  'version',
  'requestPermission',
  'apiReflect',
  'multi',
  'deckNames',
  'deckNamesAndIds',
  'modelNames',
  'modelFieldNames',
  'findNotes',
  'findCards',
  'notesInfo',
  'cardsInfo',
  'canAddNotes',
  'canAddNotesWithErrorDetail',
  'addNote',
  'addNotes',
  'updateNoteFields',
  'storeMediaFile',
  'guiBrowse',
  'guiEditNote',
  'guiAddCards',
  'guiSelectedNotes',
  'addTags',
  'areSuspended',
  'notesModTime',
  'cardsModTime',
  'getIntervals',
  'findModelsByName',
  'changeDeck',
  'getMediaDirPath',
] as const;
export type AnkiConnectAction = (typeof ANKICONNECT_ACTIONS)[number];
export const isAnkiConnectAction = (a: string): a is AnkiConnectAction => (ANKICONNECT_ACTIONS as readonly string[]).includes(a);

/**
 * AnkiConnect's own error strings: the tools match on some of them (Yomitan reads "duplicate" out of
 * canAddNotesWithErrorDetail), so they are protocol, kept word for word, not messages to translate.
 */
export const AC_ERRORS = {
  unsupportedAction: 'unsupported action',
  duplicate: 'cannot create note because it is a duplicate',
  empty: 'cannot create note because it is empty',
  apiKey: 'valid api key must be provided',
  deckNotFound: (deck: string) => `deck was not found: ${deck}`,
  noteNotFound: (id: number) => `Note was not found: ${id}`,
  modelNotFound: (model: string) => `model was not found: ${model}`,
} as const;

export interface AnkiConnectRequest {
  action: string;
  version: number;
  params: Record<string, unknown>;
  key?: string;
}

/** A request envelope read from any JSON value, or the error AnkiConnect would answer. Version defaults to 4. */
export function parseEnvelope(raw: unknown): { ok: true; request: AnkiConnectRequest } | { ok: false; error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: 'request must be a JSON object' };
  const r = raw as Record<string, unknown>;
  if (typeof r.action !== 'string' || r.action === '') return { ok: false, error: 'action is required' };
  const version = r.version === undefined ? 4 : Number(r.version);
  if (!Number.isInteger(version)) return { ok: false, error: 'version must be a whole number' };
  const params = r.params === undefined || r.params === null ? {} : r.params;
  if (typeof params !== 'object' || Array.isArray(params)) return { ok: false, error: 'params must be an object' };
  const key = typeof r.key === 'string' ? r.key : undefined;
  return { ok: true, request: { action: r.action, version, params: params as Record<string, unknown>, key } };
}

export type AnkiConnectReply = unknown;

/** The answer to a call that succeeded: the bare result up to version 4, {result, error: null} after. */
export const replyResult = (version: number, result: unknown): AnkiConnectReply => (version <= 4 ? result : { result, error: null });
/** The answer to a call that failed (every version: AnkiConnect always wraps an error). */
export const replyError = (error: string): AnkiConnectReply => ({ result: null, error });

/**
 * addNotes fails as a whole when any note fails (nothing is written), and names each failure the way
 * AnkiConnect's recent versions do: a list of the notes' errors, here prefixed with the note's position.
 */
export const addNotesError = (errors: readonly { index: number; error: string }[]): string =>
  `[${errors.map((e) => `'note ${e.index + 1}: ${e.error.replace(/'/g, "\\'")}'`).join(', ')}]`;
