// Runs in: main. Sentence texts: a sentence row is a span of its text's TxText (SeStart, SeLength), not a
// second copy of the words, so readers of sentences (the vocabulary's sentences-with-term) get them here.
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { sentenceSpans, textBody } from './repo/occurrences';

/**
 * The text of each sentence by SeID, for sentences of the caller's texts (reached through the owned parent
 * text; a foreign or missing sentence is simply absent). Each text is read once, however many of its
 * sentences are asked for.
 */
export function sentenceTexts(sqlite: Sqlite, user: CurrentUser, sentenceIds: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  if (sentenceIds.length === 0) return out;
  const spans = sentenceSpans(sqlite, user, sentenceIds);
  let textId = -1;
  let text = '';
  for (const [seId, txId, start, length] of spans) {
    if (txId !== textId) {
      textId = txId;
      text = textBody(sqlite, user, txId) ?? '';
    }
    out.set(seId, text.slice(start, start + length));
  }
  return out;
}
