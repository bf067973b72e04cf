// Runs in: main. "Send each term to Anki when I save it" (setting ankiSendOnSave, off by default): a listener of
// terms.changed queues the saved terms and sends them once the save is over. Listeners run inside the emitter's
// transaction and sending is network I/O, so the send waits for the next turn of the event loop (after the commit;
// a rolled-back term is simply not found then). Saves within one turn go together. A failure (Anki closed) is logged,
// never thrown: the save itself succeeded, and the vocabulary's "Send to Anki" says why when the learner asks.
import { SEND_PAGE_SIZE } from '../../../src-shared/contract/anki-sync';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents } from '../../core/events';
import { cacheSlots } from '../../core/services';
import { getSetting } from '../settings';
import { sendToAnki } from './send';

/** Per user: term ids saved since the last send was scheduled. */
const pendingOf = cacheSlots<Set<number>>('ankiSync.pending');

export function sendSavedTerms(ctx: HandlerContext, event: DomainEvents['terms.changed']): void {
  // Imports, moving in and "mark all" are bulk work, not a learner saving a term; a deletion leaves nothing to send.
  if (event.kind === 'deleted' || event.source || event.terms.length === 0 || event.terms.length > SEND_PAGE_SIZE) return;
  if (getSetting(ctx, 'ankiSendOnSave') !== '1') return;
  const slot = pendingOf(ctx.user.id ?? 0);
  const pending = slot.get(ctx.services);
  if (pending) {
    for (const t of event.terms) pending.add(t.WoID);
    return;
  }
  slot.set(ctx.services, new Set(event.terms.map((t) => t.WoID)));
  setImmediate(() => {
    const ids = [...(slot.get(ctx.services) ?? [])];
    slot.delete(ctx.services);
    void (async () => {
      for (let i = 0; i < ids.length; i += SEND_PAGE_SIZE) await sendToAnki(ctx, { ids: ids.slice(i, i + SEND_PAGE_SIZE) });
    })().catch((err: unknown) => ctx.log.warn('Sending saved terms to Anki failed', (err as Error).message));
  });
}
