// Runs in: any process. Lectio as an AnkiConnect server (issue 29): the mining tools' calls arrive at POST /ankiconnect
// (and, when the learner turns it on, at 127.0.0.1:8765) and run through one registry handler that takes the raw
// envelope and returns AnkiConnect's own answer shape (src-shared/anki/connect/protocol.ts), not /api/v1's.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import { TOKEN_SCOPES } from './token-scopes';
import { NOTE_ROLES, type NoteRole } from '../anki/connect/notes';

/** The path a learner pastes into Yomitan's or asbplayer's "AnkiConnect server" field (after Lectio's address). */
export const ANKICONNECT_PATH = '/ankiconnect';
/** AnkiConnect's own port, where Anki listens when it runs; Lectio listens there only when the learner turns it on. */
export const ANKICONNECT_PORT = 8765;
/** A request body at most this big (a base64 sentence clip or screenshot fits many times over); more answers 413. */
export const ANKICONNECT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** One media file a tool stores (storeMediaFile, a note's audio or picture) at most, decoded. */
export const ANKICONNECT_MAX_MEDIA_BYTES = 20 * 1024 * 1024;
/** Notes in one addNotes / canAddNotes call at most. */
export const ANKICONNECT_MAX_NOTES = 10_000;
/** The name of the pairing request a tool's requestPermission makes (the app's Allow prompt words it for a tool). */
export const ANKICONNECT_PAIRING_NAME = 'AnkiConnect';
/**
 * Mining tools whose browser-extension origin is the same on every install (their Chrome Web Store ids): the Allow
 * prompt names them beside the origin. Firefox gives each install an id of its own, so there the origin alone shows.
 */
export const KNOWN_ANKICONNECT_TOOLS: Readonly<Record<string, string>> = {
  'chrome-extension://hkledmpjpaehamkiehglnbelcpdflcab': 'asbplayer',
  'chrome-extension://likgccmbimhjbgkjambclfkhldnlhbnn': 'Yomitan',
};
export const ankiConnectToolOf = (origin: string): string | undefined => KNOWN_ANKICONNECT_TOOLS[origin.toLowerCase()];
/** Setting keys (per user). */
export const ANKICONNECT_FIELD_ROLES_SETTING = 'ankiconnectFieldRoles';
export const ANKICONNECT_PORT_SETTING = 'ankiconnectPort8765';
/** '1': a note for a deck Lectio has no language for creates the language, when the deck is named like a preset. */
export const ANKICONNECT_NEW_DECKS_SETTING = 'ankiconnectNewDecks';

/** Who is calling, as the HTTP adapter established it from the Origin header and the key (never from the body). */
export const ankiConnectCaller = z.object({
  origin: z.string().max(300).optional(),
  /** The origin may call every action (no Origin, Lectio's own, a paired one, or a valid key); else only requestPermission. */
  allowed: z.boolean(),
  /** A key's token scopes; absent: not limited (the local owner, a session). */
  scopes: z.array(z.enum(TOKEN_SCOPES)).optional(),
});
export type AnkiConnectCaller = z.infer<typeof ankiConnectCaller>;

export interface AnkiConnectStatusDto {
  /** The address to paste into Yomitan's or asbplayer's AnkiConnect field (Lectio's own port + /ankiconnect). */
  url: string | null;
  /** The second listener on 127.0.0.1:8765: wanted by the learner, and what became of it. */
  port: { enabled: boolean; listening: boolean; error: 'in_use' | 'failed' | null; port: number | null };
  /** The learner's field names → roles (added to and overriding the usual names). */
  field_roles: Record<string, NoteRole>;
  /** A note for an unknown deck named like a language preset (Italian, Japanese::Mining) creates that language. */
  new_decks: boolean;
  /** The usual field names Lectio knows without Settings. */
  default_field_roles: Record<string, NoteRole>;
}

export const ankiConnectContract = {
  'ankiconnect.invoke': endpoint({
    method: 'POST',
    access: 'ankiconnect',
    input: z.object({ request: z.unknown(), caller: ankiConnectCaller.optional() }),
    output: returns<unknown>(),
  }),
  'ankiconnect.status': endpoint({
    method: 'GET',
    path: '/api/v1/ankiconnect',
    access: 'read',
    input: z.object({}),
    output: returns<AnkiConnectStatusDto>(),
  }),
  'ankiconnect.configure': endpoint({
    method: 'POST',
    path: '/api/v1/ankiconnect',
    access: 'manage',
    input: z.object({
      port_enabled: z.boolean().optional(),
      new_decks: z.boolean().optional(),
      field_roles: z.record(z.string().trim().min(1).max(100), z.enum(NOTE_ROLES)).optional(),
    }),
    output: returns<AnkiConnectStatusDto>(),
  }),
};
