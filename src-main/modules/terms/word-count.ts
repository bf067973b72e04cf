// Runs in: main. How many words a term has (WoWordCount): multi-word terms have more than one.
import type { ParserSettings } from '../../../src-shared/text/tokenize';
import { parseTermText, prepareAnalyzer } from '../texts/parse';

/**
 * The word tokens the reading module's tokenizer cuts the term into, at least 1: the language's regex,
 * character or morphological parser (kuromoji for Japanese once loaded), so a term counts exactly the
 * words the reader shows for it ("北風と太陽" typed solid is 3, "e-mail" in a spaced language is 2).
 */
export function countWords(language: ParserSettings, text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  return Math.max(1, parseTermText(trimmed, language).tokens.filter((t) => t.kind === 'word').length);
}

/**
 * Loads the language's morphological analyzer before terms are written, so countWords (synchronous, inside
 * the write transaction) uses it rather than the dictionary segmentation that stands in until it has loaded.
 * An analyzer that fails to load leaves that stand-in in place: writing a term never fails on it.
 */
export async function prepareWordCount(language: ParserSettings): Promise<void> {
  await prepareAnalyzer(language).catch(() => undefined);
}
