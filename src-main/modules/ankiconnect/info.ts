// Runs in: main. Terms as Anki notes and cards (notesInfo, cardsInfo, the mod times, intervals and suspension): a
// term is one note of the "Lectio term" type with one card, both with the term's note id (note-ids.ts). A card's
// scheduling is read off the term's status (src-shared/anki/connect/schedule.ts, documented in docs/anki.md). Many
// ids are read a slice at a time with the event loop free between two reads (note-ids.ts eachNote, issue 43).
import { lectioNoteFields } from '../../../src-shared/anki/connect/notes';
import { LECTIO_MODEL } from '../../../src-shared/anki/connect/protocol';
import { cardOfStatus } from '../../../src-shared/anki/connect/schedule';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { TermDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { addDays, dayKey, daysBetween } from '../../../src-shared/activity/day';
import { userToday } from '../settings';
import { eachNote } from './note-ids';

/**
 * A card's due day, days since 1970 in the learner's zone: its last status change plus its interval, so a term of
 * 2-5 is due the day Lectio's review brings it back (the day prop:due counts to); a new card (1) 0, its position
 * as Anki gives new cards.
 */
function dueDay(t: TermDto, timezone: string): number {
  const card = cardOfStatus(t.WoStatus);
  if (card.type === 0) return 0;
  return daysBetween('1970-01-01', addDays(dayKey(t.WoStatusChanged, timezone), card.interval));
}

const fieldsOf = (t: TermDto) =>
  lectioNoteFields({
    text: t.WoText,
    romanization: t.WoRomanization,
    translation: t.WoTranslation,
    sentence: t.WoSentence,
    notes: t.WoNotes,
    lemma: t.WoLemma,
    tags: t.TermTags,
    pictures: (t.TermMedia ?? []).filter((m) => m.role === 'picture').map((m) => m.filename),
    audio: (t.TermMedia ?? []).filter((m) => m.role === 'audio').map((m) => m.filename),
  });

/** Anki's modification time: seconds. */
const modOf = (t: TermDto) => Math.floor(t.WoModified / 1000);

/** AnkiConnect answers {} for a note it does not find. */
export function notesInfo(ctx: HandlerContext, ids: readonly number[]): Promise<unknown[]> {
  return eachNote(ctx, ids, (noteId, t) =>
    t ? { noteId, profile: 'Lectio', modelName: LECTIO_MODEL, tags: t.TermTags, fields: fieldsOf(t), mod: modOf(t), cards: [noteId] } : {},
  );
}

export function cardsInfo(ctx: HandlerContext, ids: readonly number[], languages: readonly LanguageDto[]): Promise<unknown[]> {
  const names = new Map(languages.map((l) => [l.LgID, l.LgName]));
  const { timezone } = userToday(ctx);
  return eachNote(ctx, ids, (noteId, t) => {
    if (!t) return {};
    const s = cardOfStatus(t.WoStatus);
    // Anki counts a review card's due in days since the collection's creation; Lectio's collection is 1970.
    const due = dueDay(t, timezone);
    return {
      cardId: noteId,
      note: noteId,
      deckName: names.get(t.WoLgID) ?? '',
      modelName: LECTIO_MODEL,
      fieldOrder: 0,
      fields: fieldsOf(t),
      question: '',
      answer: '',
      css: '',
      ord: 0,
      type: s.type,
      queue: s.queue,
      due,
      interval: s.interval,
      factor: s.type === 0 ? 0 : 2500,
      reps: 0,
      lapses: 0,
      left: 0,
      flags: 0,
      mod: modOf(t),
    };
  });
}

export const notesModTime = async (ctx: HandlerContext, ids: readonly number[]) =>
  (await eachNote(ctx, ids, (noteId, term) => (term ? [{ noteId, mod: modOf(term) }] : []))).flat();

export const cardsModTime = async (ctx: HandlerContext, ids: readonly number[]) =>
  (await eachNote(ctx, ids, (noteId, term) => (term ? [{ cardId: noteId, mod: modOf(term) }] : []))).flat();

/** areSuspended: null for a card that does not exist, as AnkiConnect answers. */
export const areSuspended = (ctx: HandlerContext, ids: readonly number[]) =>
  eachNote(ctx, ids, (_, term) => (term ? cardOfStatus(term.WoStatus).queue === -1 : null));

/**
 * getIntervals: each card's interval in days (AnkiConnect: negative seconds for a learning step; Lectio's learning
 * statuses are days, so positive). `complete`: the history of intervals, which Lectio does not keep: the current one.
 */
export const getIntervals = (ctx: HandlerContext, ids: readonly number[], complete: boolean) =>
  eachNote(ctx, ids, (_, term) => {
    const interval = term ? cardOfStatus(term.WoStatus).interval : 0;
    return complete ? [interval] : interval;
  });
