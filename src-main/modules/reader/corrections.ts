// Runs in: main. A correction of the word segmenter made in the reader (issue 46): stored for the text's language
// (the languages module), then the open text is parsed again at once; the language's other texts follow in the
// background (the texts module's job on language.parsingChanged).
import { badRequest } from '../../../src-shared/contract/errors';
import type { WordCorrectionDto } from '../../../src-shared/contract/languages';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { prepareAnalyzer } from '../analysis';
import { parsingLanguage, saveWordCorrection } from '../languages';
import { termsByText } from '../terms';
import { ensureParsed, getTextRow } from '../texts';

/**
 * Joins (one part) or splits (several) a string in every text of the text's language. A saved term always counts as
 * one word, so splitting one is refused: corrections and terms never disagree (delete the term, then split).
 */
export async function correctWords(ctx: HandlerContext, textId: number, parts: readonly string[]): Promise<{ correction: WordCorrectionDto }> {
  const row = getTextRow(ctx, textId);
  const text = parts.join('');
  if (parts.length > 1 && termsByText(ctx, row.TxLgID, [text.toLowerCase()]).has(text.toLowerCase()))
    throw badRequest(msg('wordCorrection.savedTerm', { term: text }));
  const lang = parsingLanguage(ctx, row.TxLgID);
  // The analyzer loads before the write, so the text is parsed right after it (kuromoji takes a second the first time).
  if (lang) await prepareAnalyzer(lang);
  const correction = saveWordCorrection(ctx, row.TxLgID, parts);
  await ensureParsed(ctx, getTextRow(ctx, textId));
  return { correction };
}
