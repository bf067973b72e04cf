// Runs in: renderer. The mouse on the text: click a word to open it, drag across words or Shift+click to
// select a multi-word term (its text comes from the selected items, never from the hints), hover for the
// translation tooltip.
import { useRef, type MouseEvent, type RefObject } from 'react';
import { renderInlineMarkdown } from '../../../src-shared/markdown';
import type { ReaderText } from '../../../src-shared/text/reader-text';
import { wordHex } from '../../../src-shared/text/sha256';
import { itemIndexAt, type RenderedText } from './TextView';
import type { PanelTarget } from './useWordPanel';

interface Options {
  model: ReaderText | null;
  rendered: RefObject<RenderedText | null>;
  tooltip: RefObject<HTMLDivElement | null>;
  /** Indexes of the single-word items. */
  words: readonly number[];
  selected: number | null;
  openIndex(index: number): void;
  setPanel(target: PanelTarget): void;
}

export function useWordPointer({ model, rendered, tooltip, words, selected, openIndex, setPanel }: Options) {
  const dragFrom = useRef<number | null>(null);
  const selection = useRef<[number, number] | null>(null);

  // The elements marked, so that clearing touches them only (not a query over the whole text on every click).
  const marked = useRef<HTMLElement[]>([]);

  function clearSelection() {
    selection.current = null;
    for (const el of marked.current) el.classList.remove('in-selection');
    marked.current = [];
  }

  function markRange(a: number, b: number) {
    clearSelection();
    const [lo, hi] = a < b ? [a, b] : [b, a];
    selection.current = [lo, hi];
    for (const i of words) {
      if (i < lo || i > hi) continue;
      const el = rendered.current?.byIndex.get(i);
      if (!el) continue;
      el.classList.add('in-selection');
      marked.current.push(el);
    }
  }

  /** A selection of 2+ words becomes a new (or existing) multi-word term; its text comes from the items. */
  function openSelection() {
    if (!model || !selection.current) return;
    const [lo, hi] = selection.current;
    if (lo === hi) return;
    let text = '';
    for (let k = lo; k <= hi; k++) if (model.wordCount(k) <= 1) text += model.text(k);
    const existing = model.multiwordItems(wordHex(text.replace(/\s+/g, ' ')))[0];
    setPanel({
      text: text.replace(/\s+/g, ' '),
      multiword: true,
      termId: existing === undefined ? null : model.termId(existing),
      sentence: model.sentenceText(lo),
      markedSentence: model.markedSentenceText(lo, hi),
    });
  }

  const onMouseDown = (e: MouseEvent) => {
    const i = itemIndexAt(e.target);
    if (i === null || e.button !== 0 || !model || model.wordCount(i) !== 1) return;
    if (e.shiftKey && selected !== null) {
      e.preventDefault();
      markRange(selected, i);
      openSelection();
      return;
    }
    dragFrom.current = i;
  };

  const onMouseOver = (e: MouseEvent) => {
    const i = itemIndexAt(e.target);
    const tip = tooltip.current;
    if (dragFrom.current !== null && i !== null && model?.wordCount(i) === 1 && i !== dragFrom.current) markRange(dragFrom.current, i);
    if (!tip || !model) return;
    const termId = i === null ? null : model.termId(i);
    const hint = termId !== null ? model.hint(termId) : undefined;
    if (!hint || dragFrom.current !== null) {
      tip.hidden = true;
      return;
    }
    const el = (e.target as Element).closest('.w')!;
    const box = el.getBoundingClientRect();
    tip.innerHTML = `${hint.romanization ? `<div class="tip-roman">${renderInlineMarkdown(hint.romanization)}</div>` : ''}${renderInlineMarkdown(hint.translation)}`;
    tip.style.left = `${Math.max(8, box.left)}px`;
    tip.style.top = `${box.bottom + 6}px`;
    tip.hidden = false;
  };

  const onMouseUp = (e: MouseEvent) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null) return;
    if (selection.current && selection.current[0] !== selection.current[1]) {
      openSelection();
      return;
    }
    clearSelection();
    const i = itemIndexAt(e.target);
    if (i === null || !model) return;
    // A word inside a shown multi-word group opens the group's term when it has one.
    const group = (e.target as Element).closest('.w')?.parentElement?.closest<HTMLElement>('.mw');
    openIndex(group && e.altKey === false && model.termId(Number(group.dataset.i)) !== null ? Number(group.dataset.i) : i);
  };

  const onMouseLeave = () => {
    if (tooltip.current) tooltip.current.hidden = true;
  };

  return { onMouseDown, onMouseOver, onMouseUp, onMouseLeave, clearSelection };
}
