// Runs in: main. The learner's corrections of a language's word segmenter (issue 46): stored per language, read into
// its parsing settings (parsingLanguage), so every parse of the language applies them; a change re-parses the
// language's texts (language.parsingChanged: the texts module marks them and parses them in the background).
import { badRequest, notFound } from '../../../src-shared/contract/errors';
import type { WordCorrectionDto } from '../../../src-shared/contract/languages';
import { msg } from '../../../src-shared/contract/messages';
import { correctionProblem } from '../../../src-shared/text/word-corrections';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { transact } from '../../db/sql';
import * as repo from './repo';
import { getLanguage, segmentsWithoutSpaces } from './service';

const PART_SEPARATOR = '\t';

const toDto = (r: repo.WordCorrectionRow): WordCorrectionDto => ({
  WcID: r.WcID,
  WcLgID: r.WcLgID,
  WcText: r.WcText,
  parts: r.WcParts.split(PART_SEPARATOR),
  WcCreated: r.WcCreated,
});

export function listWordCorrections(ctx: HandlerContext, languageId: number): WordCorrectionDto[] {
  getLanguage(ctx, languageId);
  return repo.wordCorrections(ctx.sqlite, ctx.user, languageId).map(toDto);
}

/**
 * Saves a correction of the caller's language: `parts` (one part joins, several split) replace whatever the
 * segmenter makes of their string, in every text of the language. A correction of the same string is replaced.
 */
export function saveWordCorrection(ctx: HandlerContext, languageId: number, parts: readonly string[]): WordCorrectionDto {
  const language = getLanguage(ctx, languageId);
  if (!segmentsWithoutSpaces(language)) throw badRequest(msg('wordCorrection.notSegmented'));
  if (correctionProblem(parts)) throw badRequest(msg('wordCorrection.badParts'));
  const lower = parts.map((p) => p.toLowerCase());
  return transact(ctx, () => {
    const row = repo.upsertWordCorrection(ctx.sqlite, ctx.user, {
      WcLgID: languageId,
      WcText: lower.join(''),
      WcParts: lower.join(PART_SEPARATOR),
      WcCreated: ctx.clock.now(),
    });
    emit(ctx, 'language.parsingChanged', { language });
    emit(ctx, 'language.wordCorrected', { language, textLC: row.WcText });
    return toDto(row);
  });
}

/** Removes a correction (undone from the language's settings): the language's texts are cut as the segmenter cuts them. */
export function removeWordCorrection(ctx: HandlerContext, languageId: number, correctionId: number): void {
  const language = getLanguage(ctx, languageId);
  transact(ctx, () => {
    const removed = repo.deleteWordCorrection(ctx.sqlite, ctx.user, languageId, correctionId);
    if (!removed) throw notFound(msg('wordCorrection.notFound'));
    emit(ctx, 'language.parsingChanged', { language });
    emit(ctx, 'language.wordCorrected', { language, textLC: removed });
  });
}
