// Runs in: main and worker threads. In-process domain events, so modules react to each other without importing each other.
// A listener runs synchronously inside the emitter's transaction (a failing one rolls the change back) unless it is
// declared with afterCommit(fn): then it runs once the outermost transaction has committed, never sees uncommitted
// rows and never runs when the write rolls back. Only what must be atomic with the write runs inside; work that may
// take long or reach the network is a job (core/jobs.ts), enqueued inside so it is as durable as the write.
// Who listens is visible in one place: each module's index.ts declares `listeners`, modules/index.ts combines
// them and the core installs them at start (app/core.ts). No module subscribes by being imported.
import type { LanguageDto } from '../../src-shared/contract/languages';
import type { HandlerContext } from './context';
import { afterCommit as afterCommitted } from '../db/sql';

export interface TermRef {
  WoID: number;
  WoLgID: number;
  WoTextLC: string;
  WoWordCount: number;
  WoStatus: number;
}

export interface DomainEvents {
  /** Terms were created, changed (text/status/lemma) or deleted. `before` holds the old rows on update/delete. */
  /**
   * source 'mark-all': created by "All known" / "Ignore all" (statistics count these apart); 'moved-in': brought
   * from LWT or Lute with their own history (not today's activity); 'review': a review answer, one term, sent even
   * when its status stayed (`before` and `terms` then hold the same status: the answer restarted its interval). `language`: the terms' language when the
   * emitter resolved it (a single term's save), so listeners need not read it again.
   */
  'terms.changed': {
    kind: 'created' | 'updated' | 'deleted';
    terms: TermRef[];
    before?: TermRef[];
    source?: 'mark-all' | 'moved-in' | 'review';
    language?: LanguageDto;
  };
  /** The learner finished a text (reached its end or marked it finished). */
  'text.finished': { textId: number; languageId: number };
  /** The learner took back "marked as read" (the reader's undo). */
  'text.unfinished': { textId: number; languageId: number };
  /** A language's parsing settings changed (texts of it must be parsed again). `language` is the new row. */
  'language.parsingChanged': { language: LanguageDto };
  /**
   * A word correction of the language (issue 46) was saved or removed: `textLC` is its string. Sent with
   * language.parsingChanged (which re-parses the texts); the terms module recounts the words of terms holding it.
   */
  'language.wordCorrected': { language: LanguageDto; textLC: string };
  /** A text's TxText was edited and parsed again (its sentences are new rows). */
  'text.changed': { textId: number };
  /**
   * A lemmatizer (dictionary or NLP service) found automatic lemmas for terms that have none. The terms module
   * stores them and announces terms.changed for those really changed (lemmas cannot call terms: terms calls lemmas).
   */
  'lemmas.found': { lemmas: readonly { id: number; lemma: string }[] };
  /**
   * A lemma rule changed (issue 47): automatic lemmas recomputed. The terms module replaces each term's lemma when it
   * is still automatic and still `previous` (never a manual one, never one changed meanwhile).
   */
  'lemmas.replaced': { lemmas: readonly { id: number; lemma: string; previous: string }[] };
  /**
   * The library was replaced by a restore (emitted by the core once the new file is open, with a context on it) or
   * emptied: what lives outside the file but follows its settings (the AnkiConnect port) reads them again.
   */
  'library.replaced': { how: 'restored' | 'emptied' };
  /** Media files are about to be deleted (their rows and files): modules that keep their ids let go of them. */
  'media.deleting': { ids: readonly string[] };
}

export type Listener<K extends keyof DomainEvents> = (ctx: HandlerContext, payload: DomainEvents[K]) => void;

/** A listener that runs after the emitter's outermost transaction has committed (see afterCommit). */
export interface AfterCommitListener<K extends keyof DomainEvents> {
  afterCommit: Listener<K>;
}

/** Declares a listener that runs after the commit: `'terms.changed': afterCommit(fn)` in a module's `listeners`. */
export const afterCommit = <K extends keyof DomainEvents>(listener: Listener<K>): AfterCommitListener<K> => ({ afterCommit: listener });

/** A module's subscriptions: one listener per event it reacts to (its index.ts `listeners`), inside the write by default. */
export type Listeners = { [K in keyof DomainEvents]?: Listener<K> | AfterCommitListener<K> };

type AnyListener = Listener<never> | AfterCommitListener<never>;

/** One core's listener table (services.events): two cores in one process (tests) never hear each other. */
export interface EventListeners {
  /** The modules' listeners, installed by the core at start. */
  installed: Map<keyof DomainEvents, AnyListener[]>;
  /** Tests only: added with on(). */
  added: Map<keyof DomainEvents, AnyListener[]>;
}

export const createEventListeners = (): EventListeners => ({ installed: new Map(), added: new Map() });

/** The core installs every module's listeners once at start; a later call replaces the set (same modules). */
export function installListeners(services: { events: EventListeners }, sets: readonly Listeners[]): void {
  const next = new Map<keyof DomainEvents, AnyListener[]>();
  for (const set of sets) {
    for (const [event, listener] of Object.entries(set) as [keyof DomainEvents, AnyListener][]) {
      next.set(event, [...(next.get(event) ?? []), listener]);
    }
  }
  services.events.installed = next;
}

/** Tests only: adds a listener to one core, next to the modules' own (production code declares `listeners` in its index.ts). */
export function on<K extends keyof DomainEvents>(
  core: { services: { events: EventListeners } },
  event: K,
  listener: Listener<K> | AfterCommitListener<K>,
): void {
  const added = core.services.events.added;
  added.set(event, [...(added.get(event) ?? []), listener as AnyListener]);
}

export function emit<K extends keyof DomainEvents>(ctx: HandlerContext, event: K, payload: DomainEvents[K]): void {
  const { installed, added } = ctx.services.events;
  for (const l of [...(installed.get(event) ?? []), ...(added.get(event) ?? [])] as unknown as (Listener<K> | AfterCommitListener<K>)[]) {
    if (typeof l === 'function') {
      l(ctx, payload);
      continue;
    }
    // The write has succeeded when this runs: a failure is logged, never thrown at the caller.
    afterCommitted(ctx, () => {
      try {
        l.afterCommit(ctx, payload);
      } catch (err) {
        ctx.log.warn(`A listener of ${event} failed after the commit`, err);
      }
    });
  }
}
