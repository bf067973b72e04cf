// Runs in: main. Sentence texts: a sentence row is a span of its text's TxText (SeStart, SeLength), not a
// second copy of the words, so readers of sentences (the vocabulary's sentences-with-term) get them here.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import { stmt } from '../../db/sql';

/**
 * The text of each sentence by SeID, for sentences of the caller's texts (reached through the owned parent
 * text; a foreign or missing sentence is simply absent). Each text is read once, however many of its
 * sentences are asked for.
 */
export function sentenceTexts(sqlite: Sqlite, user: CurrentUser, sentenceIds: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  if (sentenceIds.length === 0) return out;
  const owner = ownerOf(user);
  const spans = stmt(
    sqlite,
    `SELECT SeID, SeTxID, SeStart, SeLength FROM sentences JOIN texts ON TxID = SeTxID
     WHERE SeID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('TxUsID')} ORDER BY SeTxID`,
  )
    .raw()
    .all({ ids: JSON.stringify(sentenceIds), owner }) as [number, number, number, number][];
  const textOf = stmt(sqlite, `SELECT TxText FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`).pluck();
  let textId = -1;
  let text = '';
  for (const [seId, txId, start, length] of spans) {
    if (txId !== textId) {
      textId = txId;
      text = (textOf.get({ id: txId, owner }) as string | undefined) ?? '';
    }
    out.set(seId, text.slice(start, start + length));
  }
  return out;
}
