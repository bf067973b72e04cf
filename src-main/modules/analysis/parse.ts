// Runs in: main. Which parser a language uses, and getting its analyzer (async to load, sync once loaded).
import { yieldToEventLoop } from '../../core/slices';
import type { ParsedColumns } from '../../../src-shared/text/token-columns';
import { parseColumns, parseText, runningWords, type MorphAnalyzer, type ParsedText, type ParserSettings } from '../../../src-shared/text/tokenize';
import { columnTokens, plainTokens, type SentenceToken } from '../../../src-shared/text/mark-term';
import { usesChineseSegmenter } from '../../../src-shared/text/zh/segmenter';
import { japaneseAnalyzerIfLoaded, loadJapaneseAnalyzer } from './kuromoji';
import { chineseAnalyzerIfLoaded, loadChineseAnalyzer } from './chinese';
import { usesVietnameseSegmenter } from '../../../src-shared/text/vi/segmenter';
import { loadVietnameseAnalyzer, vietnameseAnalyzerIfLoaded } from './vietnamese';

export type { ParsingLanguage } from '../languages';

/**
 * A language needs an analyzer that loads: morphological parsing means kuromoji (Japanese), and a Chinese
 * language read by characters without splitting each one means the Chinese word segmenter, Vietnamese the same way
 * its syllable joiner.
 */
export const needsAnalyzer = (lang: ParserSettings) => lang.LgParserType === 'morphological' || usesChineseSegmenter(lang) || usesVietnameseSegmenter(lang);

/** The language's analyzer, loading it (undefined for a language without one). */
async function loadAnalyzer(lang: ParserSettings): Promise<MorphAnalyzer | undefined> {
  if (lang.LgParserType === 'morphological') return loadJapaneseAnalyzer();
  if (usesChineseSegmenter(lang)) return loadChineseAnalyzer();
  if (usesVietnameseSegmenter(lang)) return loadVietnameseAnalyzer();
  return undefined;
}

/** The language's analyzer if it has loaded (null when it needs one that has not). */
function analyzerIfLoaded(lang: ParserSettings): MorphAnalyzer | undefined | null {
  if (lang.LgParserType === 'morphological') return japaneseAnalyzerIfLoaded();
  if (usesChineseSegmenter(lang)) return chineseAnalyzerIfLoaded();
  if (usesVietnameseSegmenter(lang)) return vietnameseAnalyzerIfLoaded();
  return undefined;
}

/** A text's parse as token objects (the reader's cache). */
export async function parseWithLanguage(raw: string, lang: ParserSettings): Promise<ParsedText> {
  return parseText(raw, lang, await loadAnalyzer(lang));
}

/** A text's parse as columns, to store. */
export async function parseColumnsWithLanguage(raw: string, lang: ParserSettings): Promise<ParsedColumns> {
  return parseColumns(raw, lang, await loadAnalyzer(lang));
}

/** Makes sure a later synchronous parse of this language uses its real analyzer. */
export async function prepareAnalyzer(lang: ParserSettings): Promise<void> {
  await loadAnalyzer(lang);
}

/** Synchronous parse (columns, to store), or null when the language's analyzer has not loaded yet. */
export function parseNow(raw: string, lang: ParserSettings): ParsedColumns | null {
  const analyzer = analyzerIfLoaded(lang);
  if (analyzer === null) return null;
  return parseColumns(raw, lang, analyzer);
}

/** Whether the language's parse needs no analyzer, or its analyzer has loaded (a synchronous parse is the real one). */
export const analyzerReady = (lang: ParserSettings): boolean => analyzerIfLoaded(lang) !== null;

/** Synchronous parse of a short string (a term); without the analyzer, dictionary segmentation stands in. */
export function parseTermText(raw: string, lang: ParserSettings): ParsedText {
  return parseText(raw, lang, analyzerIfLoaded(lang) ?? undefined);
}

/**
 * A sentence's tokens as the language's parser cuts them, with each token's Ti2Order counted from the sentence's
 * first token (0), for marking a term in it (src-shared/text/mark-term.ts). Call prepareAnalyzer first: should
 * the analyzer be missing after all, letter runs stand in (order then empty).
 */
export function sentenceTokens(sentence: string, lang: ParserSettings): { tokens: SentenceToken[]; order: number[] } {
  const parsed = parseNow(sentence, lang);
  if (!parsed) return { tokens: plainTokens(sentence), order: [] };
  const base = parsed.count ? parsed.order[0] : 0;
  return { tokens: columnTokens(parsed), order: Array.from(parsed.order.subarray(0, parsed.count), (o) => o - base) };
}

/**
 * The running words of each text as the language's parser counts them, the count the stored parse will have
 * (the book import preview's chapters). The loop yields between texts so a long book keeps the server answering.
 */
export async function countRunningWords(texts: readonly string[], lang: ParserSettings): Promise<number[]> {
  const analyzer = await loadAnalyzer(lang);
  const out: number[] = [];
  for (const text of texts) {
    out.push(runningWords(parseColumns(text, lang, analyzer)));
    await yieldToEventLoop();
  }
  return out;
}
