// Runs in: main. The coverage of a book, a chapter, any text or a language's whole library, from the stored
// occurrences (no re-tokenizing): the known share of running words, the exact number of words to learn for 95 % and 98 %, and the list in learning order with each
// word's first sentence and a translation from the learner's local dictionaries (docs/books.md "Coverage"; the
// count itself is src-shared/word-coverage/coverage.ts).
import type { AddedTerms, BookCoverage } from '../../../src-shared/contract/books';
import { notFound } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import { computeCoverage, type CoverageForm } from '../../../src-shared/word-coverage/coverage';
import type { HandlerContext } from '../../core/context';
import { firstDefinitions } from '../dictionaries';
import { findLanguage, parsingLanguage } from '../languages';
import { localLemmaLookup } from '../lemmas';
import { ensureParsed, firstSentencesMarked, getTextRow, libraryTextIds } from '../texts';
import { addTermsFromTexts, getBookRow } from './reading';
import * as repo from './repo';

export const COVERAGE_LIST_DEFAULT = 100;

/** Running words of each form inside known multi-word terms (each running word counted once, however many cover it). */
function phraseCoverage(ctx: HandlerContext, textIds: readonly number[]): Map<string, number> {
  const covered = new Map<string, number>();
  const phrases = repo.knownPhrases(ctx.sqlite, textIds);
  if (phrases.length === 0) return covered;
  const byText = new Map<number, { order: number; words: number }[]>();
  for (const p of phrases) byText.set(p.text, [...(byText.get(p.text) ?? []), p]);
  for (const [text, list] of byText) {
    const words = repo.wordsInOrder(ctx.sqlite, text);
    const seen = new Set<number>();
    for (const p of list) {
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (words[mid].order < p.order) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < Math.min(words.length, lo + p.words); i++) {
        if (seen.has(i)) continue;
        seen.add(i);
        covered.set(words[i].form, (covered.get(words[i].form) ?? 0) + 1);
      }
    }
  }
  return covered;
}

/** The coverage forms of owned texts: statuses, phrases and, where the language fills lemmas, families. */
export function coverageForms(ctx: HandlerContext, languageId: number, textIds: readonly number[]): CoverageForm[] {
  const rows = repo.coverageForms(ctx.sqlite, textIds);
  const covered = phraseCoverage(ctx, textIds);
  const language = findLanguage(ctx, languageId);
  const lookup = language && language.LgLemmatizerType !== 'none' ? localLemmaLookup(ctx, language) : null;
  return rows.map((r) => {
    const known = r.status === 5 || r.status === 98 || r.status === 99;
    // Only forms still to learn need their family: a lookup a form (10,000 in a novel) is the slow part.
    const lemma = !known && lookup ? (lookup(r.form)?.toLowerCase() ?? null) : null;
    return { form: r.form, count: r.n, first: r.first, status: r.status, coveredByPhrase: covered.get(r.form) ?? 0, lemma };
  });
}

export async function bookCoverage(ctx: HandlerContext, id: number, chapterNum?: number, limit = COVERAGE_LIST_DEFAULT): Promise<BookCoverage> {
  const row = getBookRow(ctx, id);
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, id);
  let textIds = chapters.map((c) => c.BcTxID);
  if (chapterNum !== undefined) {
    const chapter = chapters.find((c) => c.BcNum === chapterNum);
    if (!chapter) throw notFound(msg('book.notFound'));
    textIds = [chapter.BcTxID];
  }
  return spanCoverage(ctx, row.BkLgID, textIds, limit);
}

/** Coverage of one text (a chapter or any other): parsed first when a language change left it to parse again. */
export async function textCoverage(ctx: HandlerContext, id: number, limit = COVERAGE_LIST_DEFAULT): Promise<BookCoverage> {
  const row = getTextRow(ctx, id);
  await ensureParsed(ctx, row);
  return spanCoverage(ctx, row.TxLgID, [row.TxID], limit);
}

/**
 * Coverage of the whole library of a language: every text of it not archived, book chapters included (the words
 * the learner has chosen to read). Texts still to parse after a language change count once parsed.
 */
export async function languageCoverage(ctx: HandlerContext, languageId: number, limit = COVERAGE_LIST_DEFAULT): Promise<BookCoverage> {
  if (!findLanguage(ctx, languageId)) throw notFound(msg('language.notFound'));
  return spanCoverage(ctx, languageId, libraryTextIds(ctx, languageId), limit);
}

/** "Add as terms" from a language's whole library: the first sentence is looked for in its texts, oldest first. */
export async function addLanguageTerms(ctx: HandlerContext, languageId: number, words: string[]): Promise<AddedTerms> {
  if (!findLanguage(ctx, languageId)) throw notFound(msg('language.notFound'));
  return addTermsFromTexts(ctx, languageId, libraryTextIds(ctx, languageId), words);
}

/** The coverage of texts of one language (in reading order: a first sentence is looked for in that order). */
async function spanCoverage(ctx: HandlerContext, languageId: number, textIds: readonly number[], limit: number): Promise<BookCoverage> {
  const forms = coverageForms(ctx, languageId, textIds);
  const coverage = computeCoverage(forms);
  const shown = coverage.entries.slice(0, limit);
  const statusOf = new Map(forms.map((f) => [f.form, f.status]));
  const language = parsingLanguage(ctx, languageId);
  const sentences = language
    ? await firstSentencesMarked(
        ctx,
        language,
        textIds,
        shown.map((e) => e.firstForm),
      )
    : new Map<string, string>();
  const translations = firstDefinitions(
    ctx,
    languageId,
    shown.map((e) => e.word),
  );
  const learning = (n: number) => coverage.entries.slice(0, n).filter((e) => statusOf.get(e.word) != null).length;
  return {
    words: coverage.words,
    known: coverage.known,
    known_pct: coverage.known_pct,
    n95: coverage.n95,
    n98: coverage.n98,
    n95_learning: learning(coverage.n95),
    n98_learning: learning(coverage.n98),
    total_entries: coverage.entries.length,
    list: shown.map((e) => ({
      word: e.word,
      lemma: e.lemma,
      count: e.count,
      forms: e.forms,
      sentence: sentences.get(e.firstForm) ?? '',
      translation: translations.get(e.word) ?? '',
      status: statusOf.get(e.word) ?? null,
    })),
  };
}
