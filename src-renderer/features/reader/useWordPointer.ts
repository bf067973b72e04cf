// Runs in: renderer. The mouse on the text: click a word to open it, drag across words or Shift+click to
// select a multi-word term (its text comes from the selected items, never from the hints), hover for the
// translation tooltip.
import { useRef, type MouseEvent, type RefObject } from 'react';
import type { ReaderView, ReadingItem } from '../../../src-shared/contract/reader';
import { renderInlineMarkdown } from '../../../src-shared/markdown';
import { wordHex } from '../../../src-shared/text/sha256';
import { itemIndexAt, type RenderedText } from './TextView';
import type { PanelTarget } from './WordPanel';

/** The sentence of item `index`, as the learner sees it (single words and what lies between them). */
export function sentenceOf(items: readonly ReadingItem[], index: number): string {
  const s = items[index].sentence;
  let text = '';
  for (const it of items) if (it.sentence === s && it.Ti2WordCount <= 1 && it.kind !== 'break') text += it.text;
  return text.trim();
}

interface Options {
  view: ReaderView | null;
  rendered: RefObject<RenderedText | null>;
  tooltip: RefObject<HTMLDivElement | null>;
  /** Indexes of the single-word items. */
  words: readonly number[];
  selected: number | null;
  openIndex(index: number): void;
  setPanel(target: PanelTarget): void;
}

export function useWordPointer({ view, rendered, tooltip, words, selected, openIndex, setPanel }: Options) {
  const dragFrom = useRef<number | null>(null);
  const selection = useRef<[number, number] | null>(null);

  function clearSelection() {
    selection.current = null;
    rendered.current?.root.querySelectorAll('.in-selection').forEach((e) => e.classList.remove('in-selection'));
  }

  function markRange(a: number, b: number) {
    clearSelection();
    const [lo, hi] = a < b ? [a, b] : [b, a];
    selection.current = [lo, hi];
    for (const i of words) if (i >= lo && i <= hi) rendered.current?.byIndex.get(i)?.classList.add('in-selection');
  }

  /** A selection of 2+ words becomes a new (or existing) multi-word term; its text comes from the items. */
  function openSelection() {
    if (!view || !selection.current) return;
    const [lo, hi] = selection.current;
    if (lo === hi) return;
    let text = '';
    for (let k = lo; k <= hi; k++) if (view.items[k].Ti2WordCount <= 1) text += view.items[k].text;
    const existing = view.items.find((it) => it.Ti2WordCount > 1 && it.hex === wordHex(text.replace(/\s+/g, ' ')));
    setPanel({ text: text.replace(/\s+/g, ' '), multiword: true, termId: existing?.Ti2WoID ?? null, sentence: sentenceOf(view.items, lo) });
  }

  const onMouseDown = (e: MouseEvent) => {
    const i = itemIndexAt(e.target);
    if (i === null || e.button !== 0 || !view || view.items[i].Ti2WordCount !== 1) return;
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
    if (dragFrom.current !== null && i !== null && view?.items[i].Ti2WordCount === 1 && i !== dragFrom.current) markRange(dragFrom.current, i);
    if (!tip || !view) return;
    const it = i === null ? null : view.items[i];
    const term = it && it.Ti2WoID !== null ? view.terms[it.Ti2WoID] : undefined;
    if (!term || !(term.WoTranslation || term.WoRomanization) || dragFrom.current !== null) {
      tip.hidden = true;
      return;
    }
    const el = (e.target as Element).closest('.w')!;
    const box = el.getBoundingClientRect();
    tip.innerHTML = `${term.WoRomanization ? `<div class="tip-roman">${renderInlineMarkdown(term.WoRomanization)}</div>` : ''}${renderInlineMarkdown(term.WoTranslation)}`;
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
    if (i === null || !view) return;
    // A word inside a shown multi-word group opens the group's term when it has one.
    const group = (e.target as Element).closest('.w')?.parentElement?.closest<HTMLElement>('.mw');
    openIndex(group && e.altKey === false && view.items[Number(group.dataset.i)].Ti2WoID !== null ? Number(group.dataset.i) : i);
  };

  const onMouseLeave = () => {
    if (tooltip.current) tooltip.current.hidden = true;
  };

  return { onMouseDown, onMouseOver, onMouseUp, onMouseLeave, clearSelection };
}
