// Runs in: main. Terms as Anki notes and cards (notesInfo, cardsInfo): a term is one note of the "Lectio term" type
// with one card, and both ids are the term's id (WoID). A card's scheduling is read off the term's status.
import { lectioNoteFields } from '../../../src-shared/anki/connect/notes';
import { LECTIO_MODEL } from '../../../src-shared/anki/connect/protocol';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { TermDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { getTerm } from '../terms';

/** A term of the caller, or undefined for a missing or foreign id (AnkiConnect answers {} for those). */
function termOrNothing(ctx: HandlerContext, id: number): TermDto | undefined {
  try {
    return getTerm(ctx, id);
  } catch {
    return undefined;
  }
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

export function notesInfo(ctx: HandlerContext, ids: readonly number[]): unknown[] {
  return ids.map((id) => {
    const t = termOrNothing(ctx, id);
    if (!t) return {};
    return {
      noteId: t.WoID,
      profile: 'Lectio',
      modelName: LECTIO_MODEL,
      tags: t.TermTags,
      fields: fieldsOf(t),
      mod: Math.floor(t.WoModified / 1000),
      cards: [t.WoID],
    };
  });
}

/**
 * A status as Anki scheduling: new (1), learning steps as growing intervals (2-4), mature from 21 days (5, and
 * well known), ignored as suspended — the inverse of the .apkg re-import's interval → status rule.
 */
const SCHEDULE: Record<number, { type: number; queue: number; interval: number }> = {
  1: { type: 0, queue: 0, interval: 0 },
  2: { type: 2, queue: 2, interval: 1 },
  3: { type: 2, queue: 2, interval: 4 },
  4: { type: 2, queue: 2, interval: 10 },
  5: { type: 2, queue: 2, interval: 21 },
  99: { type: 2, queue: 2, interval: 365 },
  98: { type: 0, queue: -1, interval: 0 },
};

export function cardsInfo(ctx: HandlerContext, ids: readonly number[], languages: readonly LanguageDto[]): unknown[] {
  const names = new Map(languages.map((l) => [l.LgID, l.LgName]));
  return ids.map((id) => {
    const t = termOrNothing(ctx, id);
    if (!t) return {};
    const s = SCHEDULE[t.WoStatus] ?? SCHEDULE[1];
    return {
      cardId: t.WoID,
      note: t.WoID,
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
      due: 0,
      interval: s.interval,
      factor: 2500,
      reps: 0,
      lapses: 0,
      left: 0,
      mod: Math.floor(t.WoModified / 1000),
    };
  });
}
