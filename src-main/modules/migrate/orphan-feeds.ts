// Runs in: main. Feeds of an LWT backup whose language the backup does not hold (issue 32): the preview lists them,
// the import skips each unless the learner gave it one of their own languages. Before, each such feed made a
// language "LWT language 9" holding nothing but that feed.
import type { OrphanFeed } from '../../../src-shared/contract/migrate';
import type { ImportPlan } from '../../../src-shared/migrate/plan';
import type { HandlerContext } from '../../core/context';
import { getLanguage } from '../languages';

export function orphanFeeds(plan: ImportPlan): OrphanFeed[] {
  const held = new Set(plan.languages.map((l) => l.sourceId));
  return plan.feeds.flatMap((f, index) => (held.has(f.language) ? [] : [{ index, name: f.NfName, url: f.NfSourceURI }]));
}

/** Orphan feed index → the caller's language id it goes to. A language that is not the caller's is not found (404). */
export function orphanFeedTargets(ctx: HandlerContext, orphans: OrphanFeed[], chosen: Record<string, number> | undefined): Map<number, number> {
  const targets = new Map<number, number>();
  for (const o of orphans) {
    const id = chosen?.[String(o.index)];
    if (id) targets.set(o.index, getLanguage(ctx, id).LgID);
  }
  return targets;
}
