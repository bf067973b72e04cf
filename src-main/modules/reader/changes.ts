// Runs in: main. The log of term changes the cached reading payloads follow (view.ts, words-payload.ts): each
// change is a version; a payload built at version v reads the changes after v to know which forms to read again.
import type { TermRef } from '../../core/events';
import { cacheSlot, type Services } from '../../core/services';

export interface ChangedRef {
  lg: number;
  lc: string;
  id: number;
  wc: number;
}
/** One term change: its terms (before and after), a review answer's term, or "everything in these languages". */
export type Change = { version: number } & ({ refs: ChangedRef[] } | { termId: number } | { languages: Set<number> });

/**
 * The log of one core, in a slot of its services: a database replacement (restore) clears it together with the
 * payloads built against it (view.ts, words-payload.ts keep theirs in the same cache), so no payload is ever
 * followed through another database's changes.
 */
interface ChangeLog {
  version: number;
  log: Change[];
  /** Term refs held by `log` in all. */
  refs: number;
}
const changeLogSlot = cacheSlot<ChangeLog>('reader.changeLog');
const changeLog = (services: Services): ChangeLog => changeLogSlot.get(services) ?? changeLogSlot.set(services, { version: 0, log: [], refs: 0 });

/** Changes remembered, and their term refs in all; a payload older than the oldest change kept is built again. */
const LOG_LIMIT = 2000;
const LOG_REFS_LIMIT = 20_000;
/** A change of more terms than this (an import, mark all known) is remembered by language only. */
const REFS_LIMIT = 300;

/** Increases with every term change: cached reading payloads built before it must account for it. */
export const termsVersion = (services: Services): number => changeLog(services).version;

const refsOf = (c: Change) => ('refs' in c ? c.refs.length : 0);

function remember(cl: ChangeLog, change: Change): void {
  const { log } = cl;
  log.push(change);
  cl.refs += refsOf(change);
  let drop = 0;
  while (log.length - drop > 1 && (log.length - drop > LOG_LIMIT || cl.refs > LOG_REFS_LIMIT)) cl.refs -= refsOf(log[drop++]);
  if (drop) log.splice(0, drop);
}

const sameReading = (a: TermRef, b: TermRef) => a.WoTextLC === b.WoTextLC && a.WoWordCount === b.WoWordCount && a.WoStatus === b.WoStatus;

/**
 * Listener of terms.changed (reader/index.ts). An update that leaves a term's text, word count and status as they
 * were (a translation, a note, an automatic lemma written in the background) moves the version (the reader's own
 * payload shows translations and families) but names no form: GET /words has nothing to read again.
 */
export function readingTermsChanged(services: Services, event: { kind: 'created' | 'updated' | 'deleted'; terms: TermRef[]; before?: TermRef[] }): void {
  const cl = changeLog(services);
  const version = ++cl.version;
  let { terms, before = [] } = event;
  if (event.kind === 'updated' && before.length) {
    const beforeById = new Map(before.map((r) => [r.WoID, r]));
    const unchanged = new Set(terms.filter((r) => beforeById.has(r.WoID) && sameReading(beforeById.get(r.WoID)!, r)).map((r) => r.WoID));
    if (unchanged.size) {
      terms = terms.filter((r) => !unchanged.has(r.WoID));
      before = before.filter((r) => !unchanged.has(r.WoID));
    }
  }
  const refs = [...terms, ...before];
  if (refs.length > REFS_LIMIT) remember(cl, { version, languages: new Set(refs.map((r) => r.WoLgID)) });
  else remember(cl, { version, refs: refs.map((r) => ({ lg: r.WoLgID, lc: r.WoTextLC, id: r.WoID, wc: r.WoWordCount })) });
}

/** A review answer (terms.changed with source 'review'): its term is logged by id, status changed or not. */
export function readingTermAnswered(services: Services, termId: number): void {
  const cl = changeLog(services);
  remember(cl, { version: ++cl.version, termId });
}

/** The changes after `since`, or null when the log no longer reaches back that far. */
export function changesSince(services: Services, since: number): Change[] | null {
  const { version, log } = changeLog(services);
  if (since === version) return [];
  if (log.length === 0 || log[0].version > since + 1) return null;
  return log.slice(log.length - (version - since));
}
