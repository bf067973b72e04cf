// Runs in: main. How many words a term has (WoWordCount): multi-word terms have more than one.
import { parseText, type ParserSettings } from '../../../src-shared/text/tokenize';

/**
 * Spaced languages: the words are what whitespace separates. Languages written without spaces
 * (LgRemoveSpaces): the word tokens the reading tokenizer cuts the term into (its dictionary segmentation
 * for morphological languages, since the analyzer is not loaded for a term), at least 1.
 */
export function countWords(language: ParserSettings, text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  if (!language.LgRemoveSpaces) return trimmed.split(/\s+/u).length;
  return Math.max(1, parseText(trimmed, language).tokens.filter((t) => t.kind === 'word').length);
}
