// Runs in: main. Which parser a language uses, and getting its analyzer (async to load, sync once loaded).
import type { ParsedColumns } from '../../../src-shared/text/token-columns';
import { parseColumns, parseText, type MorphAnalyzer, type ParsedText, type ParserSettings } from '../../../src-shared/text/tokenize';
import { japaneseAnalyzerIfLoaded, loadJapaneseAnalyzer } from './kuromoji';

export type { ParsingLanguage } from '../languages';

/** Morphological parsing means kuromoji (Japanese): the only analyzer that ships offline. */
export const needsAnalyzer = (lang: ParserSettings) => lang.LgParserType === 'morphological';

/** A text's parse as token objects (the reader's cache). */
export async function parseWithLanguage(raw: string, lang: ParserSettings): Promise<ParsedText> {
  const analyzer = needsAnalyzer(lang) ? await loadJapaneseAnalyzer() : undefined;
  return parseText(raw, lang, analyzer);
}

/** A text's parse as columns, to store. */
export async function parseColumnsWithLanguage(raw: string, lang: ParserSettings): Promise<ParsedColumns> {
  const analyzer = needsAnalyzer(lang) ? await loadJapaneseAnalyzer() : undefined;
  return parseColumns(raw, lang, analyzer);
}

/** Makes sure a later synchronous parse of this language uses its real analyzer. */
export async function prepareAnalyzer(lang: ParserSettings): Promise<void> {
  if (needsAnalyzer(lang)) await loadJapaneseAnalyzer();
}

/** Synchronous parse (columns, to store), or null when the language's analyzer has not loaded yet. */
export function parseNow(raw: string, lang: ParserSettings): ParsedColumns | null {
  let analyzer: MorphAnalyzer | undefined;
  if (needsAnalyzer(lang)) {
    const loaded = japaneseAnalyzerIfLoaded();
    if (!loaded) return null;
    analyzer = loaded;
  }
  return parseColumns(raw, lang, analyzer);
}

/** Synchronous parse of a short string (a term); without the analyzer, dictionary segmentation stands in. */
export function parseTermText(raw: string, lang: ParserSettings): ParsedText {
  return parseText(raw, lang, needsAnalyzer(lang) ? (japaneseAnalyzerIfLoaded() ?? undefined) : undefined);
}
