// Runs in: main. How many words a term has (WoWordCount): multi-word terms have more than one.
import type { LanguageDto } from '../../../src-shared/contract/languages';

type CountingLanguage = Pick<LanguageDto, 'LgRemoveSpaces' | 'LgSplitEachChar' | 'LgParserType' | 'LgRegexpWordCharacters'>;

/** Spaced languages: words are what whitespace separates. */
const spacedCount = (text: string) => text.trim().split(/\s+/u).filter(Boolean).length;

/**
 * Languages written without spaces: every character is a token for character-split languages
 * (Chinese-like: LgSplitEachChar or parser "character"); otherwise a term typed with spaces between its
 * parts ("日本 語") counts them, and one typed solid counts as one word.
 */
export function countWords(language: CountingLanguage, text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  if (!language.LgRemoveSpaces) return spacedCount(trimmed);
  if (language.LgSplitEachChar || language.LgParserType === 'character') {
    // Word characters only: punctuation inside a term is not a word of its own.
    return Math.max(1, [...trimmed].filter((c) => /[\p{L}\p{N}\p{M}]/u.test(c)).length);
  }
  return spacedCount(trimmed);
}
