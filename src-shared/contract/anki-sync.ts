// Runs in: any process. Lectio as an AnkiConnect client: send terms to a running Anki (one term, a selection or
// the vocabulary's current filter, a page at a time so the screen can show progress) and read statuses back from
// the cards' intervals. Anki's address and key are the settings ankiConnectUrl / ankiConnectKey.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import { termIds, termListFilters } from './terms';

/** Terms per send call: one `multi` of at most this many addNote/updateNoteFields actions. */
export const SEND_PAGE_SIZE = 100;

const idList = termIds.pipe(z.array(z.number()).min(1).max(SEND_PAGE_SIZE, `at most ${SEND_PAGE_SIZE} ids per call`));

export const ankiSendInput = z.union([
  /** A selection (the screen sends a big one in chunks of SEND_PAGE_SIZE). */
  z.object({ ids: idList }),
  /** The vocabulary's current filter: `page` (1-based) of SEND_PAGE_SIZE terms, in term-id order. */
  z.object({ filter: termListFilters.omit({ sort: true }), page: z.coerce.number().int().min(1).default(1) }),
]);

export interface AnkiSendFailure {
  term_id: number;
  term: string;
  /** Anki's own error text ("cannot create note because it is empty", …). */
  reason: string;
}

export interface AnkiSendReport {
  /** Terms in this call. */
  sent: number;
  added: number;
  updated: number;
  unchanged: number;
  failed: AnkiSendFailure[];
  /** Filter sends: every matching term and whether another page follows. */
  total: number;
  next_page: number | null;
  /** Decks and the note type this call had to create in Anki. */
  created_decks: string[];
  created_note_type: boolean;
}

export interface AnkiStatusReport {
  /** Cards of the "Lectio term" note type Anki holds (for the chosen language, or all). */
  cards: number;
  /** Terms those cards belong to that are the caller's. */
  terms: number;
  updated: number;
  unchanged: number;
  /** Cards whose LectioID names no term of the caller (deleted, or another library's). */
  not_found: number;
  /** Updated terms per new status. */
  statuses: Record<string, number>;
}

export const ankiSyncContract = {
  'ankiSync.check': endpoint({
    method: 'GET',
    path: '/api/v1/anki-sync/check',
    access: 'read',
    input: z.object({}),
    output: returns<{ version: number; url: string }>(),
  }),
  'ankiSync.send': endpoint({ method: 'POST', path: '/api/v1/anki-sync/send', access: 'manage', input: ankiSendInput, output: returns<AnkiSendReport>() }),
  'ankiSync.pullStatuses': endpoint({
    method: 'POST',
    path: '/api/v1/anki-sync/statuses',
    access: 'manage',
    input: z.object({ language_id: z.coerce.number().int().positive().optional() }),
    output: returns<AnkiStatusReport>(),
  }),
};
