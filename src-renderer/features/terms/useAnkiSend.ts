// Runs in: renderer. The vocabulary's "Send to Anki" and "Update statuses from Anki": a selection goes in chunks
// of SEND_PAGE_SIZE ids, the current filter page by page (the server says how many match and whether a page
// follows), with the progress after each chunk and one summary of what Anki did at the end. A failure (Anki not
// running) is kept as one line in the interface language.
import { useState } from 'react';
import { SEND_PAGE_SIZE, type AnkiSendFailure, type AnkiSendReport, type AnkiStatusReport } from '../../../src-shared/contract/anki-sync';
import type { TermListFilters } from '../../../src-shared/contract/terms';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { t } from '../../lib/i18n';
import { toast } from '../../stores/ui';

export interface SendSummary {
  added: number;
  updated: number;
  unchanged: number;
  failed: AnkiSendFailure[];
  created_decks: string[];
  created_note_type: boolean;
}

const emptySummary = (): SendSummary => ({ added: 0, updated: 0, unchanged: 0, failed: [], created_decks: [], created_note_type: false });

function addUp(sum: SendSummary, r: AnkiSendReport): SendSummary {
  return {
    added: sum.added + r.added,
    updated: sum.updated + r.updated,
    unchanged: sum.unchanged + r.unchanged,
    failed: [...sum.failed, ...r.failed],
    created_decks: [...new Set([...sum.created_decks, ...r.created_decks])],
    created_note_type: sum.created_note_type || r.created_note_type,
  };
}

export interface AnkiSendOptions {
  selected: readonly number[];
  /** The list's filter; null while it cannot be sent as one (a tag name not looked up yet). */
  filters: Omit<TermListFilters, 'sort'> | null;
  /** Called after statuses changed, so the list shows them. */
  onStatusesChanged: () => void;
}

export function useAnkiSend({ selected, filters, onStatusesChanged }: AnkiSendOptions) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<SendSummary | null>(null);
  const [statuses, setStatuses] = useState<AnkiStatusReport | null>(null);

  const send = useAction(
    async () => {
      setSummary(null);
      setStatuses(null);
      let sum = emptySummary();
      try {
        if (selected.length) {
          const ids = [...selected];
          setProgress({ done: 0, total: ids.length });
          for (let i = 0; i < ids.length; i += SEND_PAGE_SIZE) {
            sum = addUp(sum, await api.call('ankiSync.send', { ids: ids.slice(i, i + SEND_PAGE_SIZE) }));
            setProgress({ done: Math.min(ids.length, i + SEND_PAGE_SIZE), total: ids.length });
          }
        } else if (filters) {
          let page: number | null = 1;
          let done = 0;
          setProgress({ done: 0, total: 0 });
          while (page !== null) {
            const r: AnkiSendReport = await api.call('ankiSync.send', { filter: filters, page });
            sum = addUp(sum, r);
            done += r.sent;
            setProgress({ done, total: r.total });
            page = r.next_page;
          }
        }
        setSummary(sum);
      } finally {
        setProgress(null);
      }
    },
    { report: 'inline' },
  );

  const pull = useAction(
    async () => {
      setSummary(null);
      setStatuses(null);
      const r = await api.call('ankiSync.pullStatuses', { language_id: filters?.language_id });
      setStatuses(r);
      if (r.updated) onStatusesChanged();
    },
    { report: 'inline' },
  );

  return {
    sendAll: () => void send.run(),
    pullStatuses: () => void pull.run(),
    busy: send.busy || pull.busy,
    progress,
    summary,
    statuses,
    error: send.error ?? pull.error,
    dismiss: () => {
      setSummary(null);
      setStatuses(null);
      send.setError(null);
      pull.setError(null);
    },
  };
}

/** The term editor's "Send to Anki": one term, the outcome as a toast (Anki's reason when it refused the note). */
export function useSendTermToAnki(termId: number) {
  const send = useAction(async () => {
    const r = await api.call('ankiSync.send', { ids: [termId] });
    if (r.failed.length) toast('error', t('ankiSend.termFailed', { reason: r.failed[0].reason }));
    else toast('success', t(r.added ? 'ankiSend.termAdded' : r.updated ? 'ankiSend.termUpdated' : 'ankiSend.termUnchanged'));
  });
  return { run: () => void send.run(), busy: send.busy };
}
