// Runs in: main. Reader actions: save a term from the popup by its text, multi-word terms from a selection,
// mark all unknown words of a text known or ignored. Term rules stay in the terms service; occurrences
// follow through terms.changed.
import type { z } from 'zod';
import { badRequest } from '../../../src-shared/contract/errors';
import type { quickTermInput } from '../../../src-shared/contract/reader';
import { STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import type { TermDto, TermFields } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { createTerm, getTerm, importTerms, saveTermByText, setTermsStatus, termsByText, updateTerm } from '../terms';
import { getLanguage, withWordCorrections } from '../languages';
import { prepareAnalyzer, termPattern, type ParsingLanguage } from '../analysis';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { unknownForms } from './repo';
import { countMultiwordOccurrences, getTextRow, markedSentenceAt } from '../texts';
import { msg } from '../../../src-shared/contract/messages';

/** The caller's language (404 for a missing or foreign one) with its analyzer loaded: read once, passed along. */
async function readyLanguage(ctx: HandlerContext, languageId: number): Promise<LanguageDto> {
  // With its word corrections: a term's text is cut as the language's texts are.
  const language = withWordCorrections(ctx, getLanguage(ctx, languageId));
  // Term texts are cut with the language's analyzer inside the term transaction: have it loaded.
  await prepareAnalyzer(language);
  return language;
}

const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Creates the term, or updates the one with the same text (case-insensitive) in the language. The save is the
 * terms module's (saveTermByText): the language read here travels along, and the term is read once there.
 */
export async function quickTerm(ctx: HandlerContext, input: z.output<typeof quickTermInput>): Promise<TermDto & { created: boolean }> {
  const { text_id, order, ...fields } = input;
  const language = await readyLanguage(ctx, fields.WoLgID);
  if (text_id !== undefined && order !== undefined && fields.WoSentence === undefined) {
    // A client that names the clicked occurrence gets its sentence, marked there (issue 31, item 1); a term
    // that has a sentence keeps it, as in the reader's panel.
    const text = getTextRow(ctx, text_id);
    const textLC = fields.WoText.trim().toLowerCase();
    const has = termsByText(ctx, language.LgID, [textLC]).get(textLC)?.WoSentence;
    if (text.TxLgID === language.LgID && !has) fields.WoSentence = (await markedSentenceAt(ctx, language, text_id, order, fields.WoText)) ?? undefined;
  }
  return saveTermByText(ctx, language, fields);
}

function requireMultiword(lang: ParsingLanguage, text: string): void {
  if (!termPattern(lang, text.toLowerCase())) {
    throw badRequest(msg('text.multiWordShape'));
  }
}

export async function createMultiword(ctx: HandlerContext, fields: TermFields): Promise<TermDto & { occurrences: number }> {
  const lang = await readyLanguage(ctx, fields.WoLgID);
  requireMultiword(lang, fields.WoText);
  const term = createTerm(ctx, fields);
  return { ...term, occurrences: countMultiwordOccurrences(ctx.sqlite, ctx.user, lang.LgID, term.WoID, term.WoTextLC) };
}

export async function updateMultiword(ctx: HandlerContext, id: number, patch: Partial<TermFields>): Promise<TermDto & { occurrences: number }> {
  const before = getTerm(ctx, id);
  const lang = await readyLanguage(ctx, before.WoLgID);
  requireMultiword(lang, patch.WoText ?? before.WoText);
  const term = updateTerm(ctx, id, defined(patch));
  return { ...term, occurrences: countMultiwordOccurrences(ctx.sqlite, ctx.user, lang.LgID, term.WoID, term.WoTextLC) };
}

/**
 * Creates terms with `status` for the text's unknown words, in one bulk import (one transaction); with
 * `untilOrder`, only the words at or before that Ti2Order ("mark the rest known" up to the current word).
 */
export async function markAll(
  ctx: HandlerContext,
  textId: number,
  status: typeof STATUS_WELL_KNOWN | typeof STATUS_IGNORED,
  untilOrder = Number.MAX_SAFE_INTEGER,
) {
  const text = getTextRow(ctx, textId);
  await readyLanguage(ctx, text.TxLgID);
  // The text is the caller's: its occurrences and their forms are reached through it.
  const forms = unknownForms(ctx.sqlite, textId, untilOrder);
  if (forms.length === 0) return { success: true as const, created: 0, status };
  const result = importTerms(
    ctx,
    text.TxLgID,
    forms.map((WoText) => ({ WoLgID: text.TxLgID, WoText, WoStatus: status })),
    { duplicates: 'skip', source: 'mark-all' },
  );
  return { success: true as const, created: result.created, status };
}

/** Legacy /vocabulary/term/status: sets one term's status, answers with the term. */
export function setStatusLegacy(ctx: HandlerContext, termId: number, status: number): TermDto {
  getTerm(ctx, termId);
  setTermsStatus(ctx, [termId], status);
  return getTerm(ctx, termId);
}
