// Runs in: renderer. "Add as terms" of the word lists (a book's words to learn, a language's next words) and
// "Add and send to Anki": the chosen words are saved as status-1 terms in one call, then, when asked, every one
// of their terms (new or already there) goes to Anki through AnkiConnect in chunks of SEND_PAGE_SIZE, with one
// toast of what Anki did. Anki not running is the send's own error, shown as a toast; the terms stay saved.
import type { AddedTerms } from '../../../src-shared/contract/books';
import { SEND_PAGE_SIZE } from '../../../src-shared/contract/anki-sync';
import { api } from '../../api/client';
import { t } from '../../lib/i18n';
import { useAction } from '../../lib/useAction';
import { toast } from '../../stores/ui';

export function useAddWords(add: (words: string[]) => Promise<AddedTerms>, onAdded: () => void) {
  return useAction(async (words: string[], toAnki: boolean) => {
    const r = await add(words);
    toast('success', t('book.addedMany', { count: r.created }));
    onAdded();
    if (!toAnki || r.ids.length === 0) return;
    const sum = { added: 0, updated: 0, unchanged: 0, failed: 0 };
    for (let i = 0; i < r.ids.length; i += SEND_PAGE_SIZE) {
      const sent = await api.call('ankiSync.send', { ids: r.ids.slice(i, i + SEND_PAGE_SIZE) });
      sum.added += sent.added;
      sum.updated += sent.updated;
      sum.unchanged += sent.unchanged;
      sum.failed += sent.failed.length;
    }
    toast(sum.failed ? 'error' : 'success', t('ankiSend.result', sum));
  });
}
