// Runs in: main. Recomputing automatic lemmas after a lemma rule changed (issue 47): a language's terms filled
// earlier by an older table or analyser get the lemma the current rules give; manual lemmas are never touched,
// nor an automatic one changed meanwhile (the terms module writes only when the lemma is still the one read).
//
// `recomputeAutoLemmasSlice` does ONE bounded slice (at most `limit` terms, one transaction) and returns where it
// stopped: the durable jobs runner (issue 45) calls it again with the returned cursor until `done`, a slice a turn,
// so the server is never held. `lemmaRulesVersion` says when a language needs it: the runner stores the version it
// last completed per language and starts a recompute when the current one differs (at start-up after an upgrade).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { transact } from '../../db/sql';
import { hunspellPackages } from './sources';
import { formTableFile } from './form-tables';
import * as repo from './repo';
import type { LemmaLookup } from './service';

export interface RecomputeProgress {
  /** Pass back as `afterId` for the next slice. */
  afterId: number;
  /** Automatic lemmas looked at in this slice. */
  examined: number;
  /** Of those, replaced by a different lemma. */
  changed: number;
  /** No automatic lemma after `afterId` is left. */
  done: boolean;
}

export const RECOMPUTE_SLICE = 500;

/**
 * One slice of the recompute of a language's automatic lemmas with `lookup` (the language's current local
 * lookup: lemmaLookupFor). A word the lookup no longer knows keeps its lemma (a missing answer is not a better one).
 */
export function recomputeAutoLemmasSlice(
  ctx: HandlerContext,
  languageId: number,
  lookup: LemmaLookup,
  afterId = 0,
  limit = RECOMPUTE_SLICE,
): RecomputeProgress {
  return transact(ctx, () => {
    const rows = repo.autoLemmaSlice(ctx.sqlite, ctx.user, languageId, afterId, limit);
    const replaced: { id: number; lemma: string; previous: string }[] = [];
    for (const row of rows) {
      const lemma = lookup(row.WoText);
      if (lemma && lemma !== row.WoLemma) replaced.push({ id: row.WoID, lemma, previous: row.WoLemma });
    }
    if (replaced.length) emit(ctx, 'lemmas.replaced', { lemmas: replaced });
    return {
      afterId: rows.length ? rows[rows.length - 1].WoID : afterId,
      examined: rows.length,
      changed: replaced.length,
      done: rows.length < limit,
    };
  });
}

/**
 * The version of a language's automatic lemma rules: its running-text table's content and its Hunspell packages'
 * versions. A change means automatic lemmas filled before may differ from what the rules give now.
 */
export function lemmaRulesVersion(iso: string): string {
  const hash = crypto.createHash('sha256');
  try {
    hash.update(fs.readFileSync(formTableFile(iso)));
  } catch {
    hash.update('no table');
  }
  for (const p of hunspellPackages(iso) ?? []) hash.update(`${p.name}@${p.version}`);
  return hash.digest('hex').slice(0, 16);
}
