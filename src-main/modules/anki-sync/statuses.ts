// Runs in: main. "Update statuses from Anki": the cards of every note Lectio sent are read back (findCards, then
// cardsInfo in chunks) and each term takes the status its cards say (statusFromAnkiCards: the .apkg import's
// interval bands and suspension rule, the learner's 98/99 kept). All changes are written in one transaction.
import type { AnkiStatusReport } from '../../../src-shared/contract/anki-sync';
import { allSentCardsQuery, SEND_ID_FIELD, statusFromAnkiCards } from '../../../src-shared/anki/connect';
import { termIdFromField, type CardState } from '../../../src-shared/anki/mapping';
import type { HandlerContext } from '../../core/context';
import { transact } from '../../db/sql';
import { listTerms, setTermsStatus } from '../terms';
import { anki, ankiTarget } from './connection';

/** Card ids per cardsInfo request: each card's answer carries its note's fields and rendered sides. */
const CARDS_PER_REQUEST = 500;
const TERMS_PER_READ = 1000;

interface CardInfo {
  cardId?: number;
  fields?: Record<string, { value: string }>;
  type?: number;
  queue?: number;
  interval?: number;
}

export async function pullStatuses(ctx: HandlerContext, languageId?: number): Promise<AnkiStatusReport> {
  const target = ankiTarget(ctx);
  const cardIds = await anki.invoke<number[]>(target, 'findCards', { query: allSentCardsQuery() });
  const cardsOf = new Map<number, CardState[]>();
  let unnamed = 0;
  for (let i = 0; i < cardIds.length; i += CARDS_PER_REQUEST) {
    const infos = await anki.invoke<CardInfo[]>(target, 'cardsInfo', { cards: cardIds.slice(i, i + CARDS_PER_REQUEST) });
    for (const info of infos) {
      // cardsInfo answers {} for a card deleted between the two calls.
      const termId = termIdFromField(info.fields?.[SEND_ID_FIELD]?.value);
      if (termId === null || typeof info.type !== 'number' || typeof info.queue !== 'number') {
        unnamed++;
        continue;
      }
      const list = cardsOf.get(termId) ?? [];
      list.push({ type: info.type, queue: info.queue, ivl: info.interval ?? 0 });
      cardsOf.set(termId, list);
    }
  }

  const report: AnkiStatusReport = { cards: cardIds.length, terms: 0, updated: 0, unchanged: 0, not_found: unnamed, statuses: {} };
  const moves = new Map<number, number[]>();
  const ids = [...cardsOf.keys()];
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += TERMS_PER_READ) {
    const chunk = ids.slice(i, i + TERMS_PER_READ);
    for (const term of listTerms(ctx, { ids: chunk, language_id: languageId }, 1, chunk.length).terms) {
      found.add(term.WoID);
      report.terms++;
      const status = statusFromAnkiCards(term.WoStatus, cardsOf.get(term.WoID)!);
      if (status === term.WoStatus) {
        report.unchanged++;
        continue;
      }
      moves.set(status, [...(moves.get(status) ?? []), term.WoID]);
      report.updated++;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    }
  }
  // A language filter leaves other languages' terms out; only ids that are nobody's of the caller count as not found.
  if (languageId === undefined) for (const id of ids) if (!found.has(id)) report.not_found += cardsOf.get(id)!.length;
  transact(ctx, () => {
    for (const [status, termIds] of moves) setTermsStatus(ctx, termIds, status);
  });
  return report;
}
