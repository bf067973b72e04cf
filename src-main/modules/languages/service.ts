// Runs in: main. Rules for languages: presets, unique names per owner, what changes re-parse texts.
import { badRequest, conflict, notFound } from '../../../src-shared/contract/errors';
import type { LanguageDto, LanguageFields } from '../../../src-shared/contract/languages';
import type { ParserSettings } from '../../../src-shared/text/tokenize';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { ownerOf } from '../../db/scope';
import { findPreset } from './presets';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';
import { serializeCorrections } from '../../../src-shared/text/word-corrections';

export { PARSING_FIELDS } from './repo';

/** What a parser needs to know about a language. */
export type ParsingLanguage = ParserSettings & Pick<LanguageDto, 'LgID'>;

/**
 * Whether the language's words are found by a segmenter the learner can correct (issue 46): the character parser
 * without "each character is a word" (Chinese, Vietnamese, Thai, Khmer, Lao, Burmese) and the morphological one
 * (Japanese). A language split by spaces joins words with multi-word terms instead.
 */
export const segmentsWithoutSpaces = (lang: Pick<LanguageDto, 'LgParserType'> & { LgSplitEachChar: boolean | number }): boolean =>
  lang.LgParserType !== 'regex' && !lang.LgSplitEachChar;

/** The owner's language as parser settings, with its word corrections; undefined for missing and foreign alike. */
export function parsingLanguage(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, languageId: number): ParsingLanguage | undefined {
  const row = repo.parsingColumns(ctx.sqlite, ctx.user, languageId);
  if (!row) return undefined;
  const lang: ParsingLanguage = { ...row, LgRemoveSpaces: row.LgRemoveSpaces === 1, LgSplitEachChar: row.LgSplitEachChar === 1 };
  if (segmentsWithoutSpaces(row)) {
    const corrections = repo.wordCorrections(ctx.sqlite, ctx.user, languageId);
    if (corrections.length) lang.wordCorrections = serializeCorrections(corrections.map((r) => ({ parts: r.WcParts.split('\t') })));
  }
  return lang;
}

/** A language (as read by the caller) with its word corrections, for parsing a term's text as its texts are parsed. */
export function withWordCorrections<L extends ParserSettings & Pick<LanguageDto, 'LgID'>>(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, lang: L): L {
  if (!segmentsWithoutSpaces(lang)) return lang;
  return { ...lang, wordCorrections: parsingLanguage(ctx, lang.LgID)?.wordCorrections };
}

function validateWordCharacters(chars: string | undefined): void {
  if (chars === undefined || chars === '') return;
  try {
    new RegExp(`[${chars}]`, 'u');
  } catch {
    throw badRequest(msg('language.badWordCharacters'));
  }
}

/** The owner's language, or undefined for missing and foreign alike (callers with their own "not found"). */
export function findLanguage(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, id: number): LanguageDto | undefined {
  return repo.findOwnedLanguage(ctx.sqlite, ctx.user, id);
}

export function listLanguages(ctx: Pick<HandlerContext, 'sqlite' | 'user'>): LanguageDto[] {
  return repo.listLanguages(ctx.sqlite, ctx.user);
}

export function getLanguage(ctx: HandlerContext, id: number): LanguageDto {
  const lang = repo.findOwnedLanguage(ctx.sqlite, ctx.user, id);
  if (!lang) throw notFound(msg('language.notFound'));
  return lang;
}

export function createLanguage(ctx: HandlerContext, fields: LanguageFields): LanguageDto {
  if (repo.findLanguageByName(ctx.sqlite, ctx.user, fields.LgName)) throw conflict(msg('language.nameTaken', { name: fields.LgName }));
  // A POST that names a preset and leaves the rest out gets the preset's settings.
  const preset = findPreset(fields.LgName);
  const base = preset ? { ...preset, endonym: undefined } : {};
  const row = { ...base, ...stripUndefined(fields) };
  delete (row as { endonym?: unknown }).endonym;
  validateWordCharacters(row.LgRegexpWordCharacters);
  return repo.insertLanguage(ctx.sqlite, { ...row, LgName: fields.LgName, LgUsID: ownerOf(ctx.user), LgCreated: ctx.clock.now() });
}

export function updateLanguage(ctx: HandlerContext, id: number, fields: Partial<LanguageFields>): LanguageDto {
  const before = getLanguage(ctx, id);
  const patch = stripUndefined(fields);
  if (patch.LgName && patch.LgName !== before.LgName) {
    const clash = repo.findLanguageByName(ctx.sqlite, ctx.user, patch.LgName);
    if (clash && clash.LgID !== id) throw conflict(msg('language.nameTaken', { name: patch.LgName }));
  }
  validateWordCharacters(patch.LgRegexpWordCharacters);
  if (Object.keys(patch).length === 0) return before;
  return transact(ctx, () => {
    const after = repo.updateLanguage(ctx.sqlite, ctx.user, id, patch);
    if (!after) throw notFound(msg('language.notFound'));
    if (repo.PARSING_FIELDS.some((f) => before[f] !== after[f])) emit(ctx, 'language.parsingChanged', { language: after });
    return after;
  });
}

export function deleteLanguage(ctx: HandlerContext, id: number): number {
  const deleted = repo.deleteLanguage(ctx.sqlite, ctx.user, id);
  if (deleted === 0) throw notFound(msg('language.notFound'));
  return deleted;
}

function stripUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
