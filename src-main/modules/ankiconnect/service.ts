// Runs in: main. One AnkiConnect call: the envelope read, the caller's right to the action checked, the action
// run, and the answer shaped for the request's version. Errors are answers ({result: null, error}), never HTTP
// statuses: the tools read `error` and show it.
import { yieldToEventLoop } from '../../core/slices';
import { parseFieldRoles } from '../../../src-shared/anki/connect/notes';
import {
  AC_ERRORS,
  ANKICONNECT_ACTIONS,
  ANKICONNECT_VERSION,
  isAnkiConnectAction,
  LECTIO_MODEL,
  LECTIO_MODEL_FIELDS,
  parseEnvelope,
  replyError,
  replyResult,
  type AnkiConnectAction,
  type AnkiConnectReply,
} from '../../../src-shared/anki/connect/protocol';
import { ANKICONNECT_FIELD_ROLES_SETTING, ANKICONNECT_PAIRING_NAME, type AnkiConnectCaller } from '../../../src-shared/contract/ankiconnect';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { TokenScope } from '../../../src-shared/contract/token-scopes';
import type { HandlerContext } from '../../core/context';
import { listLanguages } from '../languages';
import { getSetting } from '../settings';
import { requestPairingFor } from '../accounts';
import { answerBudget, type AnswerBudget } from './answer-budget';
import { pairingAskerOf } from '../../../src-shared/contract/extension';
import { AnkiConnectError } from './errors';
import { cardsInfo, notesInfo } from './info';
import { storeMediaItem } from './media';
import { addNote, addNotes, checkNotes, termOfNote, updateNoteFields, type Library } from './notes';
import { findNoteIds } from './search';
import { runMoreAction } from './more-actions';
import { params } from './action-params';
import { termIdsOfNotes } from './repo';
import { newDecks } from './new-decks';
import { parseNotes } from './note-params';
import { newDecksAllowed } from './port';

/** What an action needs of a key's token: reading, or writing vocabulary (a term, its media). */
const WRITES = new Set<AnkiConnectAction>(['addNote', 'addNotes', 'updateNoteFields', 'storeMediaFile', 'addTags', 'changeDeck']);
export const scopeOfAction = (action: AnkiConnectAction): TokenScope => (WRITES.has(action) ? 'vocabulary' : 'read');

/** The most terms a guiBrowse shows (its answer still lists every match): a page link stays short. */
const GUI_BROWSE_MAX_IDS = 1000;

/** The desktop window (IPC) and Lectio's own pages call without a caller: they may do everything. */
const TRUSTED: AnkiConnectCaller = { allowed: true };

export const library = (ctx: HandlerContext): Library => ({
  languages: listLanguages(ctx),
  roles: parseFieldRoles(getSetting(ctx, ANKICONNECT_FIELD_ROLES_SETTING)),
  newDecks: newDecks(newDecksAllowed(ctx)),
});

function requestPermission(ctx: HandlerContext, caller: AnkiConnectCaller) {
  if (caller.allowed) return { permission: 'granted', requireApiKey: ctx.config.multiUserEnabled, version: ANKICONNECT_VERSION };
  // Single-user: the person at this computer is asked, with the Allow prompt of Connected apps. With accounts
  // there is no one to ask for an anonymous origin: the learner pastes a key made in Connected apps instead.
  if (caller.origin && !ctx.config.multiUserEnabled) requestPairingFor(ctx, { name: ANKICONNECT_PAIRING_NAME, origin: caller.origin });
  return { permission: 'denied' };
}

/** One call's run: `budget` is what is left of what the request may answer (shared by a multi's actions). */
interface Call {
  caller: AnkiConnectCaller;
  budget: AnswerBudget;
}

/** The ids a search found, counted against the call's answer. */
async function found(ctx: HandlerContext, call: Call, query: string): Promise<number[]> {
  const lib = library(ctx);
  const ids = await findNoteIds(ctx, query, lib.languages, lib.roles);
  call.budget.ids(ids.length);
  return ids;
}

async function run(ctx: HandlerContext, call: Call, action: AnkiConnectAction, raw: Record<string, unknown>, depth: number): Promise<unknown> {
  switch (action) {
    case 'version':
      return ANKICONNECT_VERSION;
    case 'requestPermission':
      return requestPermission(ctx, call.caller);
    case 'apiReflect': {
      const p = params('apiReflect', raw);
      const actions = p.actions ? p.actions.filter(isAnkiConnectAction) : [...ANKICONNECT_ACTIONS];
      return { scopes: p.scopes.filter((s) => s === 'actions'), actions: p.scopes.includes('actions') ? actions : null };
    }
    case 'multi': {
      if (depth > 0) throw new AnkiConnectError(msg('ankiconnect.nestedMulti'));
      const p = params('multi', raw);
      const out: AnkiConnectReply[] = [];
      // One action a turn: a multi of a hundred searches never holds the server for all of them at once.
      for (const sub of p.actions) {
        if (out.length > 0) await yieldToEventLoop();
        out.push(await invokeOne(ctx, call, sub, depth + 1));
      }
      return out;
    }
    case 'deckNames':
      return listLanguages(ctx).map((l) => l.LgName);
    case 'deckNamesAndIds':
      return Object.fromEntries(listLanguages(ctx).map((l) => [l.LgName, l.LgID]));
    case 'modelNames':
      return [LECTIO_MODEL];
    case 'modelFieldNames': {
      const p = params('modelFieldNames', raw);
      if (p.modelName !== LECTIO_MODEL) throw new AnkiConnectError(AC_ERRORS.modelNotFound(p.modelName));
      return [...LECTIO_MODEL_FIELDS];
    }
    case 'findNotes':
    case 'findCards':
      return await found(ctx, call, params('findNotes', raw).query);
    case 'guiBrowse': {
      const ids = await found(ctx, call, params('guiBrowse', raw).query);
      // As Anki opens its browser on the search: the desktop window shows these terms in the vocabulary.
      if (ctx.services.desktop) {
        const shown = ids.slice(0, GUI_BROWSE_MAX_IDS);
        const termIds = termIdsOfNotes(ctx.sqlite, ctx.user, shown);
        ctx.services.desktop.show(`/vocabulary?lang=all&ids=${shown.map((id) => termIds.get(id)).join(',') || '0'}`);
      }
      return ids;
    }
    case 'guiEditNote': {
      const { note } = params('guiEditNote', raw);
      const term = termOfNote(ctx, note);
      ctx.services.desktop?.show(`/word/edit-term?id=${term.WoID}`);
      return null;
    }
    case 'notesInfo': {
      const p = params('notesInfo', raw);
      const lib = library(ctx);
      // The ids a query finds are not answered, only their notes (counted as notes).
      const ids = p.notes ?? (p.query !== undefined ? await findNoteIds(ctx, p.query, lib.languages, lib.roles) : []);
      call.budget.notes(ids.length);
      return await notesInfo(ctx, ids);
    }
    case 'cardsInfo': {
      const { cards } = params('cardsInfo', raw);
      call.budget.notes(cards.length);
      return await cardsInfo(ctx, cards, listLanguages(ctx));
    }
    case 'canAddNotes':
    case 'canAddNotesWithErrorDetail': {
      const notes = await parseNotes('canAddNotes', raw);
      // Each note on its own, as AnkiConnect checks them (two equal notes can each be added), a slice a turn.
      const checks = await checkNotes(ctx, library(ctx), notes);
      return action === 'canAddNotes' ? checks.map((c) => c.ok) : checks.map((c) => (c.ok ? { canAdd: true } : { canAdd: false, error: c.error }));
    }
    case 'addNote':
      return addNote(ctx, library(ctx), params('addNote', raw).note);
    case 'addNotes': {
      const notes = await parseNotes('addNotes', raw);
      return addNotes(ctx, library(ctx), notes);
    }
    case 'updateNoteFields':
      return updateNoteFields(ctx, library(ctx), params('updateNoteFields', raw).note);
    case 'storeMediaFile':
      return (await storeMediaItem(ctx, params('storeMediaFile', raw))).filename;
    default:
      return runMoreAction(ctx, action, raw, library(ctx));
  }
}

/** One request (or one action of a multi): its answer in the request's version. */
async function invokeOne(ctx: HandlerContext, call: Call, raw: unknown, depth: number): Promise<AnkiConnectReply> {
  const { caller } = call;
  const envelope = parseEnvelope(raw);
  if (!envelope.ok) return replyError(envelope.error);
  const { action, version, params: rawParams } = envelope.request;
  if (!isAnkiConnectAction(action)) return replyError(AC_ERRORS.unsupportedAction);
  if (!caller.allowed && action !== 'requestPermission' && action !== 'version') {
    // A browser extension's first call raises the Allow prompt itself, as pairing does (real AnkiConnect lets
    // extensions in, and asbplayer never asks): the learner allows it once without typing an origin. A web page
    // must still ask with requestPermission; with accounts there is no one at this computer to ask.
    if (caller.origin && pairingAskerOf(caller.origin) === 'extension' && !ctx.config.multiUserEnabled)
      requestPairingFor(ctx, { name: ANKICONNECT_PAIRING_NAME, origin: caller.origin }, { unlessDenied: true });
    return replyError(new AnkiConnectError(msg('ankiconnect.originNotAllowed', { origin: caller.origin ?? '?' })).message);
  }
  const needed = scopeOfAction(action);
  if (caller.scopes && !caller.scopes.includes(needed)) return replyError(new AnkiConnectError(msg('ankiconnect.scope', { action, scope: needed })).message);
  try {
    return replyResult(version, await run(ctx, call, action, rawParams, depth));
  } catch (err) {
    if (err instanceof AnkiConnectError || err instanceof AppError) return replyError(err.message);
    ctx.log.error(`ankiconnect ${action}`, err);
    return replyError(new AnkiConnectError(msg('ankiconnect.unavailable')).message);
  }
}

export const invoke = (ctx: HandlerContext, input: { request: unknown; caller?: AnkiConnectCaller }): Promise<AnkiConnectReply> =>
  invokeOne(ctx, { caller: input.caller ?? TRUSTED, budget: answerBudget() }, input.request, 0);
