// Runs in: main. Keeps word occurrences in step with terms and languages: listeners (declared in ./index.ts)
// for terms.changed (Ti2WoID of single words; multi-word occurrences added and removed) and
// language.parsingChanged (texts marked, then parsed again after the transaction). Both run inside the emitter's
// transaction.
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents, TermRef } from '../../core/events';
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { parsingLanguage } from '../languages';
import { forgetLanguage, termPattern, updateIndex, type ParsingLanguage } from '../analysis';
import { setLanguageNeedsParse, textIdsOfLanguage } from './repo/occurrences';
import { parseInBackground } from './parse-later';
import { addMultiwordOccurrences, hasSingleWordOccurrence, removeMultiwordOccurrences, setSingleWordTerm } from './store';
import type { MultiwordPattern } from '../../../src-shared/text/multiword';

/** A term is multi-word when its text cuts into 2+ words, unless the language's texts use it as one word. */
function multiwordPatternOf(sqlite: Sqlite, user: CurrentUser, lang: ParsingLanguage, textLC: string): MultiwordPattern | null {
  const pattern = termPattern(lang, textLC);
  if (pattern && hasSingleWordOccurrence(sqlite, user, lang.LgID, textLC)) return null;
  return pattern;
}

function unlink(ctx: HandlerContext, lang: ParsingLanguage, refs: readonly TermRef[]): void {
  const { sqlite, user } = ctx;
  for (const r of refs) {
    if (multiwordPatternOf(sqlite, user, lang, r.WoTextLC)) removeMultiwordOccurrences(sqlite, user, lang.LgID, r.WoID, r.WoTextLC);
    else setSingleWordTerm(sqlite, user, lang.LgID, r.WoTextLC, null);
  }
  updateIndex(
    ctx.services,
    lang.LgID,
    refs.map((r) => r.WoID),
    [],
  );
}

function link(ctx: HandlerContext, lang: ParsingLanguage, refs: readonly TermRef[]): void {
  const { sqlite, user } = ctx;
  const added: { id: number; pattern: MultiwordPattern }[] = [];
  for (const r of refs) {
    const pattern = multiwordPatternOf(sqlite, user, lang, r.WoTextLC);
    if (pattern) {
      addMultiwordOccurrences(sqlite, user, lang, r.WoID, r.WoTextLC, pattern);
      added.push({ id: r.WoID, pattern });
    } else setSingleWordTerm(sqlite, user, lang.LgID, r.WoTextLC, r.WoID);
  }
  updateIndex(ctx.services, lang.LgID, [], added);
}

function byLanguage(refs: readonly TermRef[]): Map<number, TermRef[]> {
  const map = new Map<number, TermRef[]>();
  for (const r of refs) {
    const list = map.get(r.WoLgID);
    if (list) list.push(r);
    else map.set(r.WoLgID, [r]);
  }
  return map;
}

export function onTermsChanged(ctx: HandlerContext, payload: DomainEvents['terms.changed']): void {
  const { sqlite, user } = ctx;
  let removed: TermRef[] = [];
  let added: TermRef[] = [];
  if (payload.kind === 'created') added = payload.terms;
  else if (payload.kind === 'deleted') removed = payload.before ?? payload.terms;
  else {
    // Only a changed text moves occurrences; a status or translation change is read through the join.
    const beforeById = new Map((payload.before ?? []).map((r) => [r.WoID, r]));
    for (const after of payload.terms) {
      const prior = beforeById.get(after.WoID);
      if (prior && prior.WoTextLC === after.WoTextLC) continue;
      if (prior) removed.push(prior);
      added.push(after);
    }
  }
  const languages = new Set([...removed, ...added].map((r) => r.WoLgID));
  const removedBy = byLanguage(removed);
  const addedBy = byLanguage(added);
  for (const lgId of languages) {
    // A single term's save names its language (read once by the emitter): no second read here.
    const lang = payload.language?.LgID === lgId ? payload.language : parsingLanguage({ sqlite, user }, lgId);
    if (!lang) continue;
    unlink(ctx, lang, removedBy.get(lgId) ?? []);
    link(ctx, lang, addedBy.get(lgId) ?? []);
  }
}

/** Parses again every text of a language (its parsing settings changed), or marks them when the analyzer is not loaded. */
export function reparseLanguage(ctx: HandlerContext, language: Pick<LanguageDto, 'LgID'>): void {
  const lang = parsingLanguage(ctx, language.LgID);
  if (!lang) return;
  forgetLanguage(ctx.services, lang.LgID);
  // Every text of the language is marked here, in the change's transaction, and parsed after it a few a turn: parsed
  // here, a language holding a 200-chapter book held every request for seconds. A text opened meanwhile is parsed
  // when it is opened; the Japanese analyzer is loaded first when the rules need it.
  setLanguageNeedsParse(ctx.sqlite, ctx.user, lang.LgID, true);
  parseInBackground(ctx, textIdsOfLanguage(ctx.sqlite, ctx.user, lang.LgID));
}
