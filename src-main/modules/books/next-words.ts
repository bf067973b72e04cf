// Runs in: main. A language's next words by a frequency list (issue 50, docs/books.md "Next words"): the words of
// an imported Yomitan frequency dictionary or `word,rank` CSV not known yet, most frequent first, each with its
// count and first sentence in the learner's library and a translation from the local dictionaries; and how many
// of the 1k, 2k, … 10k most frequent words are known (the vocabulary-size estimate).
import type { NextWords } from '../../../src-shared/contract/books';
import { notFound } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import { frequencyBands } from '../../../src-shared/word-coverage/bands';
import { isKnownStatus } from '../../../src-shared/word-coverage/coverage';
import type { HandlerContext } from '../../core/context';
import { firstDefinitions, frequencyLists, rankedWords } from '../dictionaries';
import { findLanguage, parsingLanguage } from '../languages';
import { firstSentencesMarked, libraryTextIds } from '../texts';
import { COVERAGE_LIST_DEFAULT } from './coverage';
import * as repo from './repo';

/**
 * Known words: a term at 5, 98 or 99, and, where the language fills lemmas, every lemma of such a term (a list
 * of lemmas ranks "go"; knowing "went" well counts for it, as its family does in the coverage count).
 */
function knownKeys(ctx: HandlerContext, languageId: number, lemmas: boolean): { known: Set<string>; status: Map<string, number> } {
  const known = new Set<string>();
  const status = new Map<string, number>();
  for (const t of repo.singleWordTerms(ctx.sqlite, ctx.user, languageId)) {
    status.set(t.key, t.status);
    if (!isKnownStatus(t.status)) continue;
    known.add(t.key);
    if (lemmas && t.lemma) known.add(t.lemma);
  }
  return { known, status };
}

export async function nextWords(ctx: HandlerContext, languageId: number, dictionaryId?: number, limit = COVERAGE_LIST_DEFAULT): Promise<NextWords> {
  const language = findLanguage(ctx, languageId);
  if (!language) throw notFound(msg('language.notFound'));
  const lists = frequencyLists(ctx, languageId);
  const chosen = dictionaryId ?? lists[0]?.LdID;
  if (chosen === undefined) return { lists, dictionary: null, bands: [], total_entries: 0, list: [] };
  const ranked = rankedWords(ctx, languageId, chosen);
  if (!ranked) throw notFound(msg('dict.notFound'));
  const { known, status } = knownKeys(ctx, languageId, language.LgLemmatizerType !== 'none');
  const unknown = ranked.filter((w) => !known.has(w.key));
  const shown = unknown.slice(0, limit);

  const textIds = libraryTextIds(ctx, languageId);
  const counts = new Map(repo.coverageForms(ctx.sqlite, textIds).map((f) => [f.form, f.n]));
  const met = shown.filter((w) => counts.has(w.key)).map((w) => w.key);
  const parsing = parsingLanguage(ctx, languageId);
  const sentences = parsing ? await firstSentencesMarked(ctx, parsing, textIds, met) : new Map<string, string>();
  const translations = firstDefinitions(
    ctx,
    languageId,
    shown.map((w) => w.word),
  );
  return {
    lists,
    dictionary: chosen,
    bands: frequencyBands(ranked, known),
    total_entries: unknown.length,
    list: shown.map((w) => ({
      word: w.word,
      lemma: null,
      rank: w.rank,
      count: counts.get(w.key) ?? 0,
      forms: [w.word],
      sentence: sentences.get(w.key) ?? '',
      translation: translations.get(w.word.toLowerCase()) ?? '',
      status: status.get(w.key) ?? null,
    })),
  };
}
