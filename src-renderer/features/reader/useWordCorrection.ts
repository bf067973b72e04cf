// Runs in: renderer. Corrections of the word segmenter from the word panel (issue 46): which one the open target
// offers (join a selection of words, split a word), the split chooser's cuts, the C key, and saving through
// POST /texts/{id}/word-corrections (the server parses the open text again before it answers).
import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { t } from '../../lib/i18n';
import { toast } from '../../stores/ui';
import type { PanelTarget } from './useWordPanel';

/** Only letters, marks and single spaces between them: a selection that holds punctuation or numbers is no word. */
const WORDS_ONLY = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

/**
 * What the target offers: 'join' for a selection of words, 'split' for a word of two or more characters, in a
 * language whose words the app finds (not split by spaces, not one word a character); else null. Languages split by
 * spaces join words with multi-word terms, which the selection already saves.
 */
export function correctionOffered(view: ReaderView, target: PanelTarget): 'join' | 'split' | null {
  const lang = view.language;
  if (lang.LgParserType === 'regex' || lang.LgSplitEachChar) return null;
  if (target.multiword) return WORDS_ONLY.test(target.text) ? 'join' : null;
  return [...target.text].length > 1 && WORDS_ONLY.test(target.text) ? 'split' : null;
}

/** The parts of `chars` cut before each index in `cuts`. */
export function partsAt(chars: readonly string[], cuts: ReadonlySet<number>): string[] {
  const parts: string[] = [];
  let part = '';
  chars.forEach((ch, i) => {
    if (i > 0 && cuts.has(i)) {
      parts.push(part);
      part = '';
    }
    part += ch;
  });
  return [...parts, part];
}

/** The toolbar's "More" menu item asks the open panel for its correction, as the C key does: a count of requests. */
const useCorrectionRequests = create<{ count: number }>(() => ({ count: 0 }));
export const requestCorrection = () => useCorrectionRequests.setState((s) => ({ count: s.count + 1 }));

const isField = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

export function useWordCorrection(view: ReaderView, target: PanelTarget, onCorrected: () => void) {
  const offered = correctionOffered(view, target);
  const chars = [...target.text];
  // A word of two characters has one place to cut: C then Enter splits it.
  const [cuts, setCuts] = useState<Set<number> | null>(null);
  const firstGap = useRef<HTMLButtonElement | null>(null);
  const save = useAction(async (parts: string[]) => {
    await api.call('reader.correctWords', { id: view.text.TxID, parts });
    const text = parts.join('');
    toast('success', `${t(parts.length > 1 ? 'correction.splitDone' : 'correction.joined', { text })} ${t('correction.undoHint')}`);
    onCorrected();
  });
  const join = () => void save.run([target.text]);
  const openChooser = () => setCuts(new Set(chars.length === 2 ? [1] : []));
  const split = () => {
    if (cuts && cuts.size > 0) void save.run(partsAt(chars, cuts));
  };
  const toggle = (i: number) =>
    setCuts((c) => {
      const next = new Set(c);
      if (!next.delete(i)) next.add(i);
      return next;
    });

  useEffect(() => {
    if (cuts) firstGap.current?.focus();
  }, [cuts !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const correct = () => {
    if (offered === 'join') join();
    else if (!cuts) openChooser();
  };
  // A request from the menu made while this panel is open (not one made before it opened).
  const requests = useCorrectionRequests((s) => s.count);
  const seenRequests = useRef(requests);
  useEffect(() => {
    if (requests === seenRequests.current) return;
    seenRequests.current = requests;
    if (offered && !save.busy) correct();
  }, [requests]); // eslint-disable-line react-hooks/exhaustive-deps

  // The C key (and Enter / Esc while choosing where to cut), before the reader's and the panel's own keys.
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e) => {
    if (!offered || save.busy || e.ctrlKey || e.metaKey || e.altKey) return;
    if (cuts && (e.key === 'Enter' || e.key === 'Escape')) {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Enter') split();
      else setCuts(null);
      return;
    }
    if (isField(e.target) || (e.key !== 'c' && e.key !== 'C')) return;
    e.preventDefault();
    e.stopPropagation();
    correct();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return { offered, chars, cuts, busy: save.busy, join, openChooser, split, toggle, cancel: () => setCuts(null), firstGap };
}
