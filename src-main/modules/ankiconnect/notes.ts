// Runs in: main. Notes in: the duplicate check as Anki does it (the note's first field — here its term — in the
// target deck or the whole collection, as `duplicateScope` says: one key seek per language, never a scan),
// addNote/addNotes/updateNoteFields through the terms module's service. addNotes checks every note first and writes
// none when one fails; a big call is checked in slices of NOTES_SLICE notes and written in slices of NOTES_WRITE_SLICE, each slice one short
// transaction with the event loop free between two (as the terms import does), and a slice that fails takes the
// terms the earlier slices created with it.
import { yieldToEventLoop } from '../../core/slices';
import { AC_ERRORS, addNotesError } from '../../../src-shared/anki/connect/protocol';
import { EMPTY_FIRST_FIELD, readNoteFields, roleOfField, type FieldRoles, type MinedNote } from '../../../src-shared/anki/connect/notes';
import type { NoteParams } from '../../../src-shared/anki/connect/params';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { msg } from '../../../src-shared/contract/messages';
import type { TermDto, TermFields } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { transact } from '../../db/sql';
import { termCanShow } from '../analysis';
import { attachTermMedia, discardCreatedTerms, getTerm, importTerms, saveTermByText, updateTerm } from '../terms';
import { noteIdOfTerm, noteIdsOfTerms, termsOfNotes } from './note-ids';
import { AnkiConnectError } from './errors';
import { storedByName, storeMediaItem, type StoredMedia } from './media';
import { storeFromMediaDir } from './media-dir';
import * as repo from './repo';
import { languagesOfDeck } from './search';
import { languageToWrite, plannedLanguage, type NewDecks } from './new-decks';

/** Notes checked in one turn (a key seek or two each): a few milliseconds, so no call holds the server for long. */
export const NOTES_SLICE = 100;
/** Notes written in one transaction: a write (the term, its events, its media links) costs ~10× a check. */
export const NOTES_WRITE_SLICE = 20;

export interface Library {
  languages: readonly LanguageDto[];
  roles: FieldRoles;
  /** Decks Lectio has no language for, if the learner allows them (new-decks.ts). */
  newDecks: NewDecks;
}

interface CheckedNote {
  note: NoteParams;
  language: LanguageDto;
  mined: MinedNote;
  /** The term of the same text in the target language (allowDuplicate: it is updated). */
  existing: number | undefined;
}

type Check = { ok: true; value: CheckedNote } | { ok: false; error: string };

const deckLanguage = (lib: Library, deck: string): LanguageDto | undefined =>
  languagesOfDeck(lib.languages, deck.replace(/\*/g, ''))[0] ?? plannedLanguage(lib.newDecks, deck.replace(/\*/g, ''));

/**
 * Whether a note could be added, and as what. `seen` holds the texts earlier notes of the same call add, so two
 * notes of one addNotes are duplicates of each other as they would be in Anki.
 */
export function checkNote(ctx: HandlerContext, lib: Library, note: NoteParams, seen?: Set<string>): Check {
  const language = deckLanguage(lib, note.deckName);
  if (!language) return { ok: false, error: AC_ERRORS.deckNotFound(note.deckName) };
  const mined = readNoteFields(note.fields, lib.roles, note.tags);
  if (!mined.termField)
    return { ok: false, error: new AnkiConnectError(msg('ankiconnect.noTermField', { fields: Object.keys(note.fields).join(', ') || '—' })).message };
  if (!mined.term) return { ok: false, error: AC_ERRORS.empty };
  if (mined.term === EMPTY_FIRST_FIELD) return { ok: false, error: new AnkiConnectError(msg('ankiconnect.noWord', { field: mined.termField })).message };
  // Checked here, not at the write, so addNotes names the note instead of failing on it.
  if (!termCanShow(language, mined.term)) return { ok: false, error: new AnkiConnectError(msg('term.cannotShow', { term: mined.term })).message };
  const textLC = mined.term.toLowerCase();
  const existing = repo.termIdByText(ctx.sqlite, ctx.user, language.LgID, textLC);
  const options = note.options ?? {};
  if (!options.allowDuplicate) {
    // Yomitan also sends 'deck-root'; a deck is a language, which is its own root.
    const perDeck = options.duplicateScope === 'deck' || options.duplicateScope === 'deck-root';
    const scopeDeck = perDeck ? (options.duplicateScopeOptions?.deckName ?? note.deckName) : null;
    const scopeLanguage = scopeDeck === null ? null : (deckLanguage(lib, scopeDeck) ?? language);
    const key = scopeLanguage === null ? textLC : `${scopeLanguage.LgID}:${textLC}`;
    // Collection-wide: the text in each of the learner's languages, one key seek each (never a scan of every term).
    const scope = scopeLanguage === null ? lib.languages.map((l) => l.LgID) : scopeLanguage.LgID;
    const duplicate = repo.termIdByText(ctx.sqlite, ctx.user, scope, textLC) !== undefined || seen?.has(key);
    if (duplicate) return { ok: false, error: AC_ERRORS.duplicate };
    seen?.add(key);
    seen?.add(`${language.LgID}:${textLC}`);
  }
  return { ok: true, value: { note, language, mined, existing } };
}

/** checkNote for every note, NOTES_SLICE a turn (the event loop free between two slices). */
export async function checkNotes(ctx: HandlerContext, lib: Library, notes: readonly NoteParams[], seen?: Set<string>): Promise<Check[]> {
  const checks: Check[] = [];
  for (let start = 0; start < notes.length; start += NOTES_SLICE) {
    if (start > 0) await yieldToEventLoop();
    for (const n of notes.slice(start, start + NOTES_SLICE)) checks.push(checkNote(ctx, lib, n, seen));
  }
  return checks;
}

/** The term fields a note sets: only what it holds, so an empty field of a second mining never blanks a term. */
function termFieldsOf(c: CheckedNote, existingTags: readonly string[]): TermFields {
  const m = c.mined;
  const tags = [...new Set([...existingTags, ...m.tags])];
  return {
    WoLgID: c.language.LgID,
    WoText: m.term,
    ...(m.translation ? { WoTranslation: m.translation } : {}),
    ...(m.reading ? { WoRomanization: m.reading } : {}),
    ...(m.sentence ? { WoSentence: m.sentence } : {}),
    ...(m.notes ? { WoNotes: m.notes } : {}),
    ...(m.lemma ? { WoLemma: m.lemma } : {}),
    ...(m.tags.length ? { TermTags: { TagList: tags } } : {}),
  };
}

/**
 * Stores the media a note carries (audio/picture objects) and the files its fields name that a tool wrote into
 * its media folder (mpvacious: media-dir.ts), before the write; files storeMediaFile sent are found by name later.
 */
async function storeNoteMedia(ctx: HandlerContext, note: Pick<NoteParams, 'audio' | 'picture' | 'video'>, mined: MinedNote): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  for (const item of [...note.audio, ...note.picture, ...note.video]) stored.push(await storeMediaItem(ctx, item));
  for (const ref of mined.media) {
    if (stored.some((m) => m.filename === ref.filename)) continue;
    const fromFolder = await storeFromMediaDir(ctx, ref.filename);
    if (fromFolder) stored.push(fromFolder);
  }
  return stored;
}

function mediaNamedIn(ctx: HandlerContext, mined: MinedNote, carried: readonly StoredMedia[]): StoredMedia[] {
  const out = [...carried];
  for (const ref of mined.media) {
    if (out.some((m) => m.filename === ref.filename)) continue;
    const found = storedByName(ctx, ref.filename, ref.role);
    if (found) out.push(found);
  }
  return out;
}

const mediaLinks = (ctx: HandlerContext, termId: number, mined: MinedNote, media: readonly StoredMedia[]) =>
  mediaNamedIn(ctx, mined, media).map((m) => ({ termId, mediaId: m.mediaId, role: m.role, filename: m.filename }));

function writeNote(ctx: HandlerContext, lib: Library, c: CheckedNote, media: readonly StoredMedia[]): number {
  const existingTags = c.existing !== undefined && c.mined.tags.length ? getTerm(ctx, c.existing).TermTags : [];
  const language = languageToWrite(ctx, lib.newDecks, c.language);
  const saved = saveTermByText(ctx, language, termFieldsOf({ ...c, language }, existingTags));
  attachTermMedia(ctx, mediaLinks(ctx, saved.WoID, c.mined, media));
  return saved.WoID;
}

/** The new note's id (its term's note id). */
export async function addNote(ctx: HandlerContext, lib: Library, note: NoteParams): Promise<number> {
  const checked = checkNote(ctx, lib, note);
  if (!checked.ok) throw new AnkiConnectError(checked.error);
  const media = await storeNoteMedia(ctx, note, checked.value.mined);
  return transact(ctx, () => noteIdOfTerm(ctx, writeNote(ctx, lib, checked.value, media)));
}

/** All or nothing: every note is checked first; one failing note fails the call with each failure named. */
export async function addNotes(ctx: HandlerContext, lib: Library, notes: readonly NoteParams[]): Promise<number[]> {
  const seen = new Set<string>();
  const checks = await checkNotes(ctx, lib, notes, seen);
  const errors = checks.flatMap((c, index) => (c.ok ? [] : [{ index, error: c.error }]));
  if (errors.length) throw new AnkiConnectError(addNotesError(errors));
  const valid = checks.map((c) => (c as Extract<Check, { ok: true }>).value);
  const media: StoredMedia[][] = [];
  for (const c of valid) media.push(await storeNoteMedia(ctx, c.note, c.mined));
  const ids: number[] = new Array<number>(valid.length);
  const created: number[] = [];
  // A text met twice in the call (allowDuplicate) is updated by its later notes, whichever slice they fall in.
  const written = new Set<string>();
  try {
    for (let start = 0; start < valid.length; start += NOTES_WRITE_SLICE) {
      if (start > 0) await yieldToEventLoop();
      const indexes = Array.from({ length: Math.min(NOTES_WRITE_SLICE, valid.length - start) }, (_, k) => start + k);
      transact(ctx, () => writeNotesSlice(ctx, lib, valid, media, indexes, ids, created, written));
    }
  } catch (err) {
    // Nothing of a failed call stays: the terms the earlier slices created go (updated ones keep their new values).
    await discardCreatedTerms(ctx, created);
    throw err;
  }
  return noteIdsOfTerms(ctx, ids);
}

/** One slice of addNotes in its transaction: new terms per language through the terms' bulk import, the rest one by one. */
function writeNotesSlice(
  ctx: HandlerContext,
  lib: Library,
  valid: readonly CheckedNote[],
  media: readonly StoredMedia[][],
  indexes: readonly number[],
  ids: number[],
  created: number[],
  written: Set<string>,
): void {
  // New terms go in per language through the terms' bulk import (batched statements, one terms.changed); a note
  // that may duplicate an existing term (or an earlier note of the call) updates it one by one, as addNote does.
  const groups = new Map<number, { language: LanguageDto; indexes: number[] }>();
  const oneByOne: number[] = [];
  for (const i of indexes) {
    const c = valid[i];
    const key = `${c.language.LgID}:${c.mined.term.toLowerCase()}`;
    if (c.existing !== undefined || written.has(key)) oneByOne.push(i);
    else {
      const group = groups.get(c.language.LgID) ?? { language: c.language, indexes: [] };
      groups.set(c.language.LgID, group);
      group.indexes.push(i);
    }
    written.add(key);
  }
  for (const group of groups.values()) {
    const language = languageToWrite(ctx, lib.newDecks, group.language);
    const result = importTerms(
      ctx,
      language.LgID,
      group.indexes.map((i) => termFieldsOf({ ...valid[i], language }, [])),
      { duplicates: 'skip' },
    );
    created.push(...result.ids.slice(0, result.created));
    for (const i of group.indexes) {
      ids[i] = repo.termIdByText(ctx.sqlite, ctx.user, language.LgID, valid[i].mined.term.toLowerCase())!;
      attachTermMedia(ctx, mediaLinks(ctx, ids[i], valid[i].mined, media[i]));
    }
  }
  for (const i of oneByOne) ids[i] = writeNote(ctx, lib, valid[i], media[i]);
}

type NoteUpdate = { id: number; fields?: Record<string, string>; tags?: string[] } & Pick<NoteParams, 'audio' | 'picture' | 'video'>;

/** The learner's term a note id names; any other id (missing, another learner's) is Anki's "Note was not found". */
export function termOfNote(ctx: HandlerContext, noteId: number): TermDto {
  const [{ term }] = termsOfNotes(ctx, [noteId]);
  if (!term) throw new AnkiConnectError(AC_ERRORS.noteNotFound(noteId));
  return term;
}

/**
 * Sets the fields a tool names (each field it sends replaces the term's, as in Anki); other fields stay. Tags are
 * never touched, as AnkiConnect's updateNoteFields ignores them (asbplayer sends `tags: []` with every update and
 * adds its tags with addTags after): a "Tags" field a tool names is ignored too.
 */
export async function updateNoteFields(ctx: HandlerContext, lib: Library, note: NoteUpdate): Promise<null> {
  const term = termOfNote(ctx, note.id);
  const fields = note.fields ?? {};
  const roles = new Set(Object.keys(fields).map((name) => roleOfField(name, lib.roles)));
  const mined = readNoteFields(fields, lib.roles, [], term.WoText);
  if (roles.has('term') && !mined.term) throw new AnkiConnectError(AC_ERRORS.empty);
  if (roles.has('term') && mined.term === EMPTY_FIRST_FIELD) throw new AnkiConnectError(msg('ankiconnect.noWord', { field: mined.termField }));
  const patch: Partial<TermFields> = {
    ...(roles.has('term') && mined.term !== term.WoText ? { WoText: mined.term } : {}),
    ...(roles.has('translation') ? { WoTranslation: mined.translation } : {}),
    ...(roles.has('reading') ? { WoRomanization: mined.reading } : {}),
    ...(roles.has('sentence') ? { WoSentence: mined.sentence } : {}),
    ...(roles.has('notes') ? { WoNotes: mined.notes } : {}),
    ...(roles.has('lemma') ? { WoLemma: mined.lemma } : {}),
  };
  const media = await storeNoteMedia(ctx, note, mined);
  transact(ctx, () => {
    if (Object.keys(patch).length) updateTerm(ctx, term.WoID, patch);
    attachTermMedia(ctx, mediaLinks(ctx, term.WoID, mined, media));
  });
  return null;
}
