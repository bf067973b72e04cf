// Runs in: main. Which automatic lemma rules a language's automatic lemmas were written with (lemma_rules, issue 47),
// and what the Word families panel says about their recompute. The version is recorded by the write that gives a
// language its first automatic lemma, never by a start or a read: a plain start leaves the library as it was
// (docs/vocabulary.md "Recompute after a rule change").
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { HandlerContext } from '../../core/context';
import type { Listener } from '../../core/events';
import type { LemmaRecompute } from '../../../src-shared/contract/lemmas';
import { findLanguage } from '../languages';
import { isoForFile } from './dictionary';
import { formTableFile } from './form-tables';
import * as repo from './repo';
import { hunspellPackages } from './sources';
import { lookupChoicesOf } from '../../../src-shared/lemmas/lookup-choices';
import { LANGUAGE_LEMMA_CONFIG } from '../../../src-shared/lemmas/language-settings';

/**
 * The lookup code's own rules (src-shared/lemmas: analyser, ranking): bump it when a change there gives other lemmas,
 * so every language's automatic lemmas are recomputed once. A language's own settings (LANGUAGE_LEMMA_CONFIG, the
 * lookup's per-language choices: lookupChoicesOf) are part of its version already: changing them recomputes that language alone.
 */
export const LOOKUP_RULES = 'issue-47.7';

/**
 * The version of a language's automatic lemma rules: the lookup code's (LOOKUP_RULES), its running-text table's
 * content and its Hunspell packages' versions. A change means automatic lemmas filled before may differ from what the
 * rules give now.
 */
export function lemmaRulesVersion(iso: string): string {
  const hash = crypto.createHash('sha256');
  hash.update(LOOKUP_RULES);
  // The language's own settings: a change to one language's rules recomputes that language only.
  hash.update(JSON.stringify(LANGUAGE_LEMMA_CONFIG[iso] ?? null));
  for (const choice of lookupChoicesOf(iso)) hash.update(choice);
  try {
    hash.update(fs.readFileSync(formTableFile(iso)));
  } catch {
    hash.update('no table');
  }
  for (const p of hunspellPackages(iso) ?? []) hash.update(`${p.name}@${p.version}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Part of the lemmas module's terms.changed listener (inside the write): a language whose terms now carry an
 * automatic lemma and that has no lemma_rules row yet gets one with the current rules' version. One primary-key
 * read per language of the event once the row exists.
 */
export const noteLemmaRules: Listener<'terms.changed'> = (ctx, { kind, terms, language }) => {
  if (kind === 'deleted' || terms.length === 0) return;
  const byLanguage = new Map<number, number[]>();
  for (const t of terms) byLanguage.set(t.WoLgID, [...(byLanguage.get(t.WoLgID) ?? []), t.WoID]);
  for (const [languageId, ids] of byLanguage) {
    if (repo.hasRules(ctx.sqlite, languageId)) continue;
    const lang = language?.LgID === languageId ? language : findLanguage(ctx, languageId);
    if (!lang || (lang.LgLemmatizerType !== 'dictionary' && lang.LgLemmatizerType !== 'hybrid')) continue;
    repo.noteRules(ctx.sqlite, languageId, lemmaRulesVersion(isoForFile(lang.LgIsoCode)), ids);
  }
};

/** Is the language's recorded version another than its rules' now (its automatic lemmas are due a recompute)? */
export function rulesStale(ctx: Pick<HandlerContext, 'sqlite'>, languageId: number, iso: string): boolean {
  const rules = repo.rulesOf(ctx.sqlite, languageId);
  return rules !== undefined && rules.LrVersion !== lemmaRulesVersion(iso);
}

/**
 * What the panel says: a recompute under way (its progress over the terms' ids, the lemmas replaced so far), or the
 * last one done; null when the language's lemmas were never recomputed. `fills`: the language fills from its table
 * (a stale language that does not is never recomputed, so it shows nothing).
 */
export function recomputeReport(ctx: Pick<HandlerContext, 'sqlite'>, languageId: number, iso: string, fills: boolean): LemmaRecompute | null {
  const rules = repo.rulesOf(ctx.sqlite, languageId);
  if (!rules || !fills) return null;
  if (rules.LrVersion !== lemmaRulesVersion(iso)) {
    const last = repo.lastTermId(ctx.sqlite);
    return { state: 'running', changed: rules.LrChanged, progress: last ? Math.min(1, rules.LrCursor / last) : 0, finished_at: null };
  }
  return rules.LrUpdated === null ? null : { state: 'done', changed: rules.LrChanged, progress: 1, finished_at: rules.LrUpdated };
}
