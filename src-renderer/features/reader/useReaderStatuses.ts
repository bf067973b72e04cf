// Runs in: renderer. Statuses set while reading (useReaderSession composes it): a saved term recolours every
// occurrence at once, a deleted one goes back to unknown, a status key saves the selected word directly (no panel
// open), and "All known", "Ignore all" and "Known up to here" mark many words, then read the text again.
import { useCallback, useRef } from 'react';
import { STATUS_UNKNOWN } from '../../../src-shared/contract/status';
import type { TermDto } from '../../../src-shared/contract/terms';
import { wordHex } from '../../../src-shared/text/sha256';
import { hintText } from '../../../src-shared/text/hint';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { confirmDialog, toast } from '../../stores/ui';
import type { FollowLemmaTerm } from '../lemmas/FamilyMarks';
import { recolour } from './TextView';
import { knownUpTo } from './readerTextModel';
import type { useReaderText } from './useReaderText';

interface PanelSide {
  /** The item under the cursor, read at once. */
  selectedAt(): number | null;
  /** A status key saved the selected word as this term: an open panel takes its id. */
  termSaved(termId: number): void;
  closePanel(): void;
  /** After a status key: on to the next unknown word (when the setting says so). */
  advance(): void;
}

export function useReaderStatuses(text: ReturnType<typeof useReaderText>, side: PanelSide) {
  const { view, model, rendered, hints, recount, load, words, counts } = text;
  /** Set by FamilyMarks: a saved term updates the marks there, without rendering the page again. */
  const followFamilies = useRef<FollowLemmaTerm | null>(null);

  /** A term was saved: every element with its data_hex takes the new status at once. */
  const applyTerm = useCallback(
    (term: TermDto) => {
      if (!view || !model || !rendered.current) return;
      performance.mark('lectio:recolour-start');
      const hex = wordHex(term.WoText);
      model.setHint(term.WoID, term.WoTranslation, term.WoRomanization);
      model.setTerm(hex, term.WoID, term.WoStatus);
      recolour(rendered.current, hex, term.WoStatus, hints ? hintText(term.WoTranslation) : undefined);
      recount();
      performance.measure('lectio:recolour', 'lectio:recolour-start');
      // Forms whose lemma this term is ("family known") take its status: their marks follow without a reload.
      followFamilies.current?.(term);
    },
    [view, model, rendered, hints, recount],
  );

  const { closePanel } = side;
  const onDeleted = useCallback(
    (termId: number) => {
      if (!model || !rendered.current) return;
      for (const h of model.unlinkTerm(termId)) recolour(rendered.current, h, STATUS_UNKNOWN, '');
      closePanel();
      recount();
    },
    [model, rendered, recount, closePanel],
  );

  async function setStatusOfSelected(status: number) {
    const selected = side.selectedAt();
    if (!view || !model || selected === null) return;
    const termId = model.termId(selected);
    try {
      const term =
        model.wordCount(selected) > 1 && termId !== null
          ? await api.call('reader.multiUpdate', { id: termId, WoStatus: status })
          : await api.call('reader.quickTerm', { WoLgID: view.language.LgID, WoText: model.text(selected), WoStatus: status });
      applyTerm(term);
      side.termSaved(term.WoID);
      side.advance();
    } catch (err) {
      showError(err);
    }
  }

  /** Asks, marks on the server, then reads the text again. */
  async function markMany(ask: Parameters<typeof confirmDialog>[0], mark: () => Promise<{ created: number }>) {
    if (!(await confirmDialog(ask))) return;
    try {
      const res = await mark();
      toast('success', t('reader.termsCreated', { count: res.created }));
      await load();
    } catch (err) {
      showError(err);
    }
  }

  async function markAll(kind: 'known' | 'ignored') {
    if (!view) return;
    const unknown = counts[STATUS_UNKNOWN] ?? 0;
    await markMany(
      {
        title: kind === 'known' ? t('reader.markAllKnownTitle') : t('reader.ignoreAllTitle'),
        message: t(kind === 'known' ? 'reader.markAllKnownMessage' : 'reader.ignoreAllMessage', { count: unknown }),
        confirmLabel: kind === 'known' ? t('reader.markAllKnown') : t('reader.ignoreAll'),
      },
      () => api.call(kind === 'known' ? 'reader.markAllKnown' : 'reader.markAllIgnored', { id: view.text.TxID }),
    );
  }

  /** "Mark the rest known": every unknown word up to the selected one becomes well known (Lute's page turn). */
  async function markUntil() {
    const at = side.selectedAt();
    if (!view || !model || at === null) return;
    const { order, unknown } = knownUpTo(model, words, at);
    await markMany(
      {
        title: t('reader.knownUpToTitle'),
        message: t('reader.knownUpToMessage', { count: unknown, word: model.text(at) }),
        confirmLabel: t('reader.knownUpToConfirm'),
      },
      () => api.call('reader.markKnownUntil', { id: view.text.TxID, order }),
    );
  }

  return { followFamilies, applyTerm, onDeleted, setStatusOfSelected, markAll, markUntil };
}
