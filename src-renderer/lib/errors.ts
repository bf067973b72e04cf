// Runs in: renderer. The one way a failed call reaches the user: an error toast with the server's message.
// Use `showError(err)` in a catch, or `attempt(() => api.call(…))` for an action whose failure only needs showing.
import { ApiError, errorMessage } from '../api/client';
import { isMessageCode, type MessageParam } from '../../src-shared/contract/messages';
import { currentLocale } from './i18n';
import { localizedError } from './i18n/server';
import { toast } from '../stores/ui';

export function showError(err: unknown, prefix?: string): void {
  toast('error', prefix ? `${prefix}: ${errorMessage(err)}` : errorMessage(err));
}

/** Runs an action; a failure is shown and resolves to undefined (callers check before going on). */
export async function attempt<T>(action: () => Promise<T>, prefix?: string): Promise<T | undefined> {
  try {
    return await action();
  } catch (err) {
    showError(err, prefix);
    return undefined;
  }
}

/**
 * A failed call's message with its `{name}` said as the interface names the thing: catalogue downloads (FreeDict
 * dictionaries, lemma lists) are named in English by the server, and the page knows their name in the learner's
 * language ("No se pudo descargar FreeDict alemán–inglés: …").
 */
export function errorMessageNaming(err: unknown, name: string): string {
  if (!(err instanceof ApiError) || !isMessageCode(err.body.code) || typeof err.body.params !== 'object' || err.body.params === null) return errorMessage(err);
  const params = { ...(err.body.params as Record<string, MessageParam>), name };
  return localizedError({ ...err.body, params }, currentLocale()) ?? errorMessage(err);
}
