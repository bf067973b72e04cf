// Runs in: renderer. The vocabulary's "Send to Anki" and "Update statuses from Anki": a selection goes in chunks
// of SEND_PAGE_SIZE ids, the current filter page by page (the server says how many match and whether a page
// follows), with the progress after each chunk and one summary of what Anki did at the end. A failure (Anki not
// running) is kept as one line in the interface language.
// Long because: the chunked send of a selection or a filter and the one-term send share the summary and its failure line.
import { useState } from 'react';
import { SEND_PAGE_SIZE, type AnkiSendFailure, type AnkiSendReport, type AnkiStatusReport } from '../../../src-shared/contract/anki-sync';
import type { TermListFilters } from '../../../src-shared/contract/terms';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { formatNumber, t } from '../../lib/i18n';
import { chooseDialog, toast } from '../../stores/ui';
import { statusName } from '../../lib/i18n/status';

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

type SendFilters = Omit<TermListFilters, 'sort'>;

const ALL_STATUSES = [1, 2, 3, 4, 5, 98, 99] as const;

/** The statuses a list filter shows: "learning" 1–5, "known" 5 and 99, a comma list, one status, else all. */
function statusesOf(status: SendFilters['status']): number[] {
  if (status === undefined || status === 'all' || status === 'unknown') return [...ALL_STATUSES];
  if (status === 'learning') return [1, 2, 3, 4, 5];
  if (status === 'known') return [5, 99];
  const list = typeof status === 'number' ? [status] : status.split(',').map(Number);
  return ALL_STATUSES.filter((s) => list.includes(s));
}

/**
 * Before the filter is sent, how many of its terms have each status, and what to send: by default statuses 1–5
 * (issue 51: "Known up to here" made ten function words well known, and they all went to Anki). Null: cancelled.
 */
async function chooseWhatToSend(filters: SendFilters): Promise<SendFilters | null> {
  const statuses = statusesOf(filters.status);
  const counts = await Promise.all(
    statuses.map(async (status) => ({ status, count: (await api.call('terms.list', { ...filters, status, per_page: 1 })).total })),
  );
  const shown = counts.filter((c) => c.count > 0);
  const total = shown.reduce((n, c) => n + c.count, 0);
  const learning = shown.filter((c) => c.status <= 5);
  const learningCount = learning.reduce((n, c) => n + c.count, 0);
  const options = [];
  if (learningCount > 0 && learningCount < total)
    options.push({ value: 'learning', label: t('ankiSend.sendLearning', { count: learningCount }), description: t('ankiSend.sendLearningHint') });
  options.push({ value: 'all', label: t(learningCount < total ? 'ankiSend.sendEvery' : 'ankiSend.sendThese', { count: total }) });
  const choice = await chooseDialog({
    title: t('ankiSend.chooseTitle', { count: total }),
    message: t('ankiSend.perStatus', { counts: shown.map((c) => `${statusName(c.status)} (${c.status}): ${formatNumber(c.count)}`).join(' · ') }),
    options,
  });
  if (choice === null) return null;
  return choice === 'learning' ? { ...filters, status: learning.map((c) => c.status).join(',') } : filters;
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
          const chosen = await chooseWhatToSend(filters);
          if (!chosen) return;
          let page: number | null = 1;
          let done = 0;
          setProgress({ done: 0, total: 0 });
          while (page !== null) {
            const r: AnkiSendReport = await api.call('ankiSync.send', { filter: chosen, page });
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
