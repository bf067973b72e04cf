// Runs in: main. The AnkiConnect actions asbplayer and mpvacious call beyond adding and finding notes (issue 44):
// tags, the Add dialog, card state (suspension, mod times, intervals: schedule.ts), the note type by name, decks,
// the browser's selection and the media folder. Each answers in AnkiConnect's shape (its README, "Supported actions").
import { EMPTY_FIRST_FIELD, readNoteFields } from '../../../src-shared/anki/connect/notes';
import { AC_ERRORS, LECTIO_MODEL, LECTIO_MODEL_FIELDS, type AnkiConnectAction } from '../../../src-shared/anki/connect/protocol';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { transact } from '../../db/sql';
import { updateTerm } from '../terms';
import { params } from './action-params';
import { AnkiConnectError } from './errors';
import { areSuspended, cardsModTime, getIntervals, notesModTime } from './info';
import { mediaDirPath } from './media-dir';
import { termsOfNotes } from './note-ids';
import type { Library } from './notes';
import { languagesOfDeck } from './search';

/** The "Lectio term" note type's id (Anki's are creation times too): fixed, since there is only the one. */
export const LECTIO_MODEL_ID = 1_704_067_200_000;
/** A field of the Add dialog at most this long in the editor's address (a glossary can be long; the rest is cut). */
const GUI_FIELD_MAX_CHARS = 4000;

/** The caller's terms of these note ids, or "Note was not found" naming the first unknown (nothing done). */
function termsOrFail(ctx: HandlerContext, noteIds: readonly number[]) {
  return termsOfNotes(ctx, noteIds).map(({ noteId, term }) => {
    if (!term) throw new AnkiConnectError(AC_ERRORS.noteNotFound(noteId));
    return term;
  });
}

/** The note type as findModelsByName describes one: mpvacious reads the field of ord 0 (its "first field"). */
const lectioModel = () => ({
  id: LECTIO_MODEL_ID,
  name: LECTIO_MODEL,
  type: 0,
  mod: Math.floor(LECTIO_MODEL_ID / 1000),
  usn: -1,
  sortf: 0,
  did: null,
  tmpls: [
    {
      name: 'Card 1',
      ord: 0,
      qfmt: '{{Term}}',
      afmt: '{{FrontSide}}<hr id=answer>{{Translation}}',
      bqfmt: '',
      bafmt: '',
      did: null,
      bfont: '',
      bsize: 0,
      id: 0,
    },
  ],
  flds: LECTIO_MODEL_FIELDS.map((name, ord) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    description: '',
    plainText: false,
    collapsed: false,
    excludeFromSearch: false,
    id: ord,
    tag: null,
    preventDeletion: false,
  })),
  css: '',
  latexPre: '',
  latexPost: '',
  latexsvg: false,
  req: [[0, 'any', [0]]],
});

/** guiAddCards: Lectio's editor on a new term with the note's fields filled (its address carries them). */
function addCardsPath(lib: Library, note: ReturnType<typeof params<'guiAddCards'>>['note']): string {
  const language = languagesOfDeck(lib.languages, note.deckName.replace(/\*/g, ''))[0];
  if (!language) throw new AnkiConnectError(AC_ERRORS.deckNotFound(note.deckName));
  const mined = readNoteFields(note.fields, lib.roles, note.tags);
  const q = new URLSearchParams({ new: '1', lang: String(language.LgID) });
  const fields: [string, string][] = [
    ['text', mined.term],
    ['translation', mined.translation],
    ['romanization', mined.reading],
    ['sentence', mined.sentence],
    ['notes', mined.notes],
    ['lemma', mined.lemma],
    ['tags', mined.tags.join(', ')],
  ];
  // mpvacious's sentence card (Ctrl+Shift+N) has no word: the editor opens with the sentence, the word left to type.
  for (const [key, value] of fields) if (value && !(key === 'text' && value === EMPTY_FIRST_FIELD)) q.set(key, value.slice(0, GUI_FIELD_MAX_CHARS));
  return `/word/edit-term?${q.toString()}`;
}

export type MoreAction = Exclude<
  AnkiConnectAction,
  | 'version'
  | 'requestPermission'
  | 'apiReflect'
  | 'multi'
  | 'deckNames'
  | 'deckNamesAndIds'
  | 'modelNames'
  | 'modelFieldNames'
  | 'findNotes'
  | 'findCards'
  | 'guiBrowse'
  | 'guiEditNote'
  | 'notesInfo'
  | 'cardsInfo'
  | 'canAddNotes'
  | 'canAddNotesWithErrorDetail'
  | 'addNote'
  | 'addNotes'
  | 'updateNoteFields'
  | 'storeMediaFile'
>;

export async function runMoreAction(ctx: HandlerContext, action: MoreAction, raw: Record<string, unknown>, lib: Library): Promise<unknown> {
  switch (action) {
    case 'addTags': {
      const p = params('addTags', raw);
      const names = p.tags.split(/\s+/).filter(Boolean);
      const terms = termsOrFail(ctx, p.notes);
      if (names.length)
        transact(ctx, () => {
          for (const t of terms)
            if (names.some((n) => !t.TermTags.includes(n))) updateTerm(ctx, t.WoID, { TermTags: { TagList: [...new Set([...t.TermTags, ...names])] } });
        });
      return null;
    }
    case 'guiAddCards': {
      const path = addCardsPath(lib, params('guiAddCards', raw).note);
      ctx.services.desktop?.show(path);
      // No note exists until the learner saves the term in the editor: there is no id to give yet.
      return 0;
    }
    case 'guiSelectedNotes':
      // Lectio has no card browser with a selection: nothing is selected.
      return [];
    case 'areSuspended':
      return areSuspended(ctx, params('areSuspended', raw).cards);
    case 'notesModTime':
      return notesModTime(ctx, params('notesModTime', raw).notes);
    case 'cardsModTime':
      return cardsModTime(ctx, params('cardsModTime', raw).cards);
    case 'getIntervals': {
      const p = params('getIntervals', raw);
      return getIntervals(ctx, p.cards, p.complete === true);
    }
    case 'findModelsByName':
      return params('findModelsByName', raw).modelNames.map((name) => {
        if (name.toLowerCase() !== LECTIO_MODEL.toLowerCase()) throw new AnkiConnectError(AC_ERRORS.modelNotFound(name));
        return lectioModel();
      });
    case 'changeDeck': {
      // A deck is a language: a term cannot move to another one (its text is read by its language's parser). A
      // deck that is a language and cards already in it answer as done (mpvacious checks its deck this way).
      const p = params('changeDeck', raw);
      const language = languagesOfDeck(lib.languages, p.deck)[0];
      if (!language) throw new AnkiConnectError(AC_ERRORS.deckNotFound(p.deck));
      for (const t of termsOrFail(ctx, p.cards))
        if (t.WoLgID !== language.LgID) throw new AnkiConnectError(msg('ankiconnect.otherDeck', { term: t.WoText, deck: p.deck }));
      return null;
    }
    case 'getMediaDirPath':
      return await mediaDirPath(ctx);
  }
}
