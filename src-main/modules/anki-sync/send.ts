// Runs in: main. "Send to Anki": the terms of a selection or of one page of a filter become notes of the "Lectio
// term" note type in the deck of their language. Missing decks and the note type are created first; a term's note
// is found by its LectioID field, so a second send updates it (or leaves it alone when nothing changed) and never
// adds a duplicate. All adds and updates of a call travel in one `multi`, and each comes back with its own outcome.
import fs from 'node:fs';
import { SEND_PAGE_SIZE, type AnkiSendFailure, type AnkiSendReport } from '../../../src-shared/contract/anki-sync';
import type { TermDto, TermListFilters } from '../../../src-shared/contract/terms';
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import {
  noteIsCurrent,
  notesQuery,
  SEND_FIELDS,
  SEND_ID_FIELD,
  SEND_NOTE_TYPE,
  safeMediaName,
  sendDeckName,
  sendModelParams,
  sendNote,
  sendNoteFields,
  type NoteMedia,
} from '../../../src-shared/anki/connect';
import { termIdFromField } from '../../../src-shared/anki/mapping';
import type { HandlerContext } from '../../core/context';
import type { AnkiConnectTarget } from '../../net/ankiconnect-client';
import { getLanguage } from '../languages';
import { listTerms, mediaByTerm } from '../terms';
import { mediaFile } from '../media';
import { anki, ankiTarget } from './connection';

export type SendInput = { ids: number[] } | { filter: Omit<TermListFilters, 'sort'>; page: number };

/** The media files of each term (sentence audio, picture), by term id. */
export type TermMediaLookup = (ctx: HandlerContext, termIds: readonly number[]) => ReadonlyMap<number, readonly NoteMedia[]>;

/** A file larger than this stays in Lectio (a mined clip or screenshot is far smaller; a film is not a note's audio). */
const SEND_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The files terms keep (term_media: a mined word's sentence audio and picture, issue 29), read from the media store
 * and sent with their notes. A file that is gone or too large is left out; the note still carries its text.
 */
export const storedTermMedia: TermMediaLookup = (ctx, termIds) => {
  const out = new Map<number, NoteMedia[]>();
  for (const [termId, files] of mediaByTerm(ctx, termIds)) {
    const notes: NoteMedia[] = [];
    for (const file of files) {
      try {
        const stored = mediaFile(ctx, file.id);
        if (stored.size > SEND_MEDIA_MAX_BYTES) continue;
        notes.push({ kind: file.role, filename: file.filename, dataBase64: fs.readFileSync(stored.path).toString('base64') });
      } catch {
        // Deleted between the listing and the read: sent without it.
      }
    }
    if (notes.length) out.set(termId, notes);
  }
  return out;
};

interface StoredNote {
  noteId: number;
  fields: Record<string, { value: string }>;
}

export async function sendToAnki(ctx: HandlerContext, input: SendInput, mediaOf: TermMediaLookup = storedTermMedia): Promise<AnkiSendReport> {
  const page =
    'ids' in input
      ? listTerms(ctx, { ids: input.ids, sort: 'created' }, 1, SEND_PAGE_SIZE)
      : listTerms(ctx, { ...input.filter, sort: 'created' }, input.page, SEND_PAGE_SIZE);
  if (page.total === 0) throw badRequest(msg('ankiSync.nothingToSend'));
  const next_page = 'ids' in input || page.page >= page.pages ? null : page.page + 1;
  const terms = page.terms;
  const target = ankiTarget(ctx);
  const decks = new Map([...new Set(terms.map((t) => t.WoLgID))].map((id) => [id, sendDeckName(getLanguage(ctx, id).LgName)]));
  const setup = await prepareCollection(target, [...new Set(decks.values())]);
  const existing = await findSentNotes(
    target,
    terms.map((t) => t.WoID),
  );
  const media = terms.length
    ? mediaOf(
        ctx,
        terms.map((t) => t.WoID),
      )
    : new Map<number, readonly NoteMedia[]>();

  const report: AnkiSendReport = { sent: terms.length, added: 0, updated: 0, unchanged: 0, failed: [], total: page.total, next_page, ...setup };
  const actions: { action: string; params: Record<string, unknown> }[] = [];
  const owners: { term: TermDto; kind: 'media' | 'add' | 'update' }[] = [];
  for (const term of terms) {
    const files = media.get(term.WoID) ?? [];
    const fields = sendNoteFields(term, files);
    const stored = existing.get(term.WoID);
    if (stored && noteIsCurrent(stored.fields, fields)) {
      report.unchanged++;
      continue;
    }
    for (const file of files) {
      actions.push({ action: 'storeMediaFile', params: { filename: safeMediaName(file.filename), data: file.dataBase64 } });
      owners.push({ term, kind: 'media' });
    }
    if (stored) actions.push({ action: 'updateNoteFields', params: { note: { id: stored.noteId, fields } } });
    else actions.push({ action: 'addNote', params: { note: sendNote(term, decks.get(term.WoLgID)!, files) } });
    owners.push({ term, kind: stored ? 'update' : 'add' });
  }

  const outcomes = await anki.multi(target, actions);
  const failedTerms = new Map<number, AnkiSendFailure>();
  outcomes.forEach((outcome, i) => {
    const { term, kind } = owners[i];
    if (!outcome.ok) {
      // A term's first failure is its reason (a media file that failed makes its note's outcome moot).
      if (!failedTerms.has(term.WoID)) failedTerms.set(term.WoID, { term_id: term.WoID, term: term.WoText, reason: outcome.error });
      return;
    }
    if (failedTerms.has(term.WoID) || kind === 'media') return;
    if (kind === 'add') report.added++;
    else report.updated++;
  });
  report.failed = [...failedTerms.values()];
  return report;
}

/** Creates the decks and the note type a send needs when Anki lacks them; says which it made. */
async function prepareCollection(target: AnkiConnectTarget, deckNames: string[]): Promise<Pick<AnkiSendReport, 'created_decks' | 'created_note_type'>> {
  const [decks, models, fields] = await anki.multi(target, [
    { action: 'deckNames' },
    { action: 'modelNames' },
    // Fails with "model was not found" before the first send; multi keeps that failure to this one action.
    { action: 'modelFieldNames', params: { modelName: SEND_NOTE_TYPE } },
  ]);
  const have = (o: typeof decks) => new Set(o.ok && Array.isArray(o.result) ? (o.result as string[]) : []);
  const haveDecks = have(decks);
  const created_decks = deckNames.filter((d) => !haveDecks.has(d));
  const created_note_type = !have(models).has(SEND_NOTE_TYPE);
  // A "Lectio term" whose fields the learner removed gets them back: without LectioID every send would add a copy.
  const haveFields = have(fields);
  const missingFields = created_note_type ? [] : SEND_FIELDS.filter((f) => !haveFields.has(f));
  const actions = [
    ...created_decks.map((deck) => ({ action: 'createDeck', params: { deck } })),
    ...(created_note_type ? [{ action: 'createModel', params: sendModelParams() }] : []),
    ...missingFields.map((fieldName) => ({ action: 'modelFieldAdd', params: { modelName: SEND_NOTE_TYPE, fieldName } })),
  ];
  for (const outcome of await anki.multi(target, actions)) {
    // Without its deck, note type or fields no note of the call can be sent right: one clear refusal, not one per term.
    if (!outcome.ok) throw new AppError(502, msg('ankiSync.refused', { why: outcome.error.slice(0, 500) }));
  }
  return { created_decks, created_note_type };
}

/** The notes Anki already holds for these terms, by term id (the first note wins if a learner copied one). */
async function findSentNotes(target: AnkiConnectTarget, termIds: number[]): Promise<Map<number, StoredNote>> {
  const out = new Map<number, StoredNote>();
  if (termIds.length === 0) return out;
  const noteIds = await anki.invoke<number[]>(target, 'findNotes', { query: notesQuery(termIds) });
  if (!noteIds.length) return out;
  const infos = await anki.invoke<({ noteId?: number; fields?: Record<string, { value: string }> } | null)[]>(target, 'notesInfo', { notes: noteIds });
  for (const info of infos) {
    if (!info?.noteId || !info.fields) continue;
    const id = termIdFromField(info.fields[SEND_ID_FIELD]?.value);
    if (id !== null && !out.has(id)) out.set(id, { noteId: info.noteId, fields: info.fields });
  }
  return out;
}
