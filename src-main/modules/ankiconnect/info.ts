// Runs in: main. Terms as Anki notes and cards (notesInfo, cardsInfo): a term is one note of the "Lectio term" type
// with one card, and both ids are the term's id (WoID). A card's scheduling is read off the term's status. Many
// ids are read INFO_SLICE_IDS at a time with the event loop free between two reads (issue 43: notesInfo of 5,000
// ids held the server 0.3 s on a 1 M-term library, one of 500,000 for 15 s).
import { lectioNoteFields } from '../../../src-shared/anki/connect/notes';
import { LECTIO_MODEL } from '../../../src-shared/anki/connect/protocol';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { TermDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { yieldToEventLoop } from '../../core/slices';
import { getTerms } from '../terms';

/** Ids read in one turn: one bulk read of the terms, their tags and media (a few milliseconds on 1 M terms). */
export const INFO_SLICE_IDS = 200;

/**
 * Each id's answer (`shape` of its term, or {} for a missing or foreign id, as AnkiConnect answers), INFO_SLICE_IDS
 * ids a turn.
 */
async function eachTerm(ctx: HandlerContext, ids: readonly number[], shape: (t: TermDto) => unknown): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let start = 0; start < ids.length; start += INFO_SLICE_IDS) {
    if (start > 0) await yieldToEventLoop();
    const slice = ids.slice(start, start + INFO_SLICE_IDS);
    const terms = new Map(getTerms(ctx, slice).map((t) => [t.WoID, t]));
    for (const id of slice) {
      const t = terms.get(id);
      out.push(t ? shape(t) : {});
    }
  }
  return out;
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

export function notesInfo(ctx: HandlerContext, ids: readonly number[]): Promise<unknown[]> {
  return eachTerm(ctx, ids, (t) => ({
    noteId: t.WoID,
    profile: 'Lectio',
    modelName: LECTIO_MODEL,
    tags: t.TermTags,
    fields: fieldsOf(t),
    mod: Math.floor(t.WoModified / 1000),
    cards: [t.WoID],
  }));
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

export function cardsInfo(ctx: HandlerContext, ids: readonly number[], languages: readonly LanguageDto[]): Promise<unknown[]> {
  const names = new Map(languages.map((l) => [l.LgID, l.LgName]));
  return eachTerm(ctx, ids, (t) => {
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
