// Runs in: main. In-process domain events, so modules react to each other without importing each other.
// Listeners run synchronously inside the emitter's transaction: a failing listener rolls the change back.
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
  'terms.changed': { kind: 'created' | 'updated' | 'deleted'; terms: TermRef[]; before?: TermRef[] };
  /** The learner finished a text (reached its end or marked it finished). */
  'text.finished': { textId: number; languageId: number };
  /** A review answer set a term's status. */
  'review.answered': { termId: number; from: number; to: number };
}

type Listener<K extends keyof DomainEvents> = (ctx: HandlerContext, payload: DomainEvents[K]) => void;

const listeners = new Map<keyof DomainEvents, Listener<never>[]>();

export function on<K extends keyof DomainEvents>(event: K, listener: Listener<K>): void {
  const list = listeners.get(event) ?? [];
  list.push(listener as Listener<never>);
  listeners.set(event, list);
}

export function emit<K extends keyof DomainEvents>(ctx: HandlerContext, event: K, payload: DomainEvents[K]): void {
  for (const l of (listeners.get(event) ?? []) as unknown as Listener<K>[]) l(ctx, payload);
}
