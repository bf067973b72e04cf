// Runs in: main and worker threads. In-process domain events, so modules react to each other without importing each other.
// Listeners run synchronously inside the emitter's transaction: a failing listener rolls the change back.
// Who listens is visible in one place: each module's index.ts declares `listeners`, modules/index.ts combines
// them and the core installs them at start (app/core.ts). No module subscribes by being imported.
import type { LanguageDto } from '../../src-shared/contract/languages';
import type { HandlerContext } from './context';

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
   * from LWT or Lute with their own history (not today's activity). `language`: the terms' language when the
   * emitter resolved it (a single term's save), so listeners need not read it again.
   */
  'terms.changed': { kind: 'created' | 'updated' | 'deleted'; terms: TermRef[]; before?: TermRef[]; source?: 'mark-all' | 'moved-in'; language?: LanguageDto };
  /** The learner finished a text (reached its end or marked it finished). */
  'text.finished': { textId: number; languageId: number };
  /** The learner took back "marked as read" (the reader's undo). */
  'text.unfinished': { textId: number; languageId: number };
  /** A review answer set a term's status. */
  'review.answered': { termId: number; from: number; to: number };
  /** A language's parsing settings changed (texts of it must be parsed again). `language` is the new row. */
  'language.parsingChanged': { language: LanguageDto };
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
  /** Media files are about to be deleted (their rows and files): modules that keep their ids let go of them. */
  'media.deleting': { ids: readonly string[] };
}

export type Listener<K extends keyof DomainEvents> = (ctx: HandlerContext, payload: DomainEvents[K]) => void;

/** A module's subscriptions: one function per event it reacts to (its index.ts `listeners`). */
export type Listeners = { [K in keyof DomainEvents]?: Listener<K> };

/** One core's listener table (services.events): two cores in one process (tests) never hear each other. */
export interface EventListeners {
  /** The modules' listeners, installed by the core at start. */
  installed: Map<keyof DomainEvents, Listener<never>[]>;
  /** Tests only: added with on(). */
  added: Map<keyof DomainEvents, Listener<never>[]>;
}

export const createEventListeners = (): EventListeners => ({ installed: new Map(), added: new Map() });

/** The core installs every module's listeners once at start; a later call replaces the set (same modules). */
export function installListeners(services: { events: EventListeners }, sets: readonly Listeners[]): void {
  const next = new Map<keyof DomainEvents, Listener<never>[]>();
  for (const set of sets) {
    for (const [event, listener] of Object.entries(set) as [keyof DomainEvents, Listener<never>][]) {
      next.set(event, [...(next.get(event) ?? []), listener]);
    }
  }
  services.events.installed = next;
}

/** Tests only: adds a listener to one core, next to the modules' own (production code declares `listeners` in its index.ts). */
export function on<K extends keyof DomainEvents>(core: { services: { events: EventListeners } }, event: K, listener: Listener<K>): void {
  const added = core.services.events.added;
  added.set(event, [...(added.get(event) ?? []), listener as Listener<never>]);
}

export function emit<K extends keyof DomainEvents>(ctx: HandlerContext, event: K, payload: DomainEvents[K]): void {
  const { installed, added } = ctx.services.events;
  for (const l of (installed.get(event) ?? []) as unknown as Listener<K>[]) l(ctx, payload);
  for (const l of (added.get(event) ?? []) as unknown as Listener<K>[]) l(ctx, payload);
}
