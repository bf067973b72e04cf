// Runs in: renderer. The one way a failed call reaches the user: an error toast with the server's message.
// Use `showError(err)` in a catch, or `attempt(() => api.call(…))` for an action whose failure only needs showing.
import { errorMessage } from '../api/client';
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
