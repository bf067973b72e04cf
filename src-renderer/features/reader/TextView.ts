// Runs in: renderer. The reading text as plain DOM, built in one pass (a 20,000-word chapter is ~45,000
// elements; React per token would cost seconds). Words carry data_hex, data-i (item index) and
// data-status; a Map hex → elements recolours every occurrence of a term at once without re-rendering.
import type { ReadingItem } from '../../../src-shared/contract/reader';

export interface RenderedText {
  root: HTMLElement;
  byHex: Map<string, HTMLElement[]>;
  /** Word element per item index (single words and shown multi-word groups). */
  byIndex: Map<number, HTMLElement>;
}

/** Longest multi-word match first; a match overlapping one already shown stays in the items only. */
function shownMultiwords(items: readonly ReadingItem[]): Map<number, { item: number; lastWord: number }> {
  const starts: { item: number; first: number; last: number; count: number }[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.Ti2WordCount < 2) continue;
    // items[i - 1] is the first word; find the item index of its last word.
    let words = 0;
    let k = i - 1;
    for (; k < items.length; k++) {
      if (items[k].Ti2WordCount === 1) words++;
      if (words === it.Ti2WordCount) break;
    }
    starts.push({ item: i, first: i - 1, last: k, count: it.Ti2WordCount });
  }
  starts.sort((a, b) => b.count - a.count || a.first - b.first);
  const taken: [number, number][] = [];
  const shown = new Map<number, { item: number; lastWord: number }>();
  for (const s of starts) {
    if (taken.some(([a, b]) => s.first <= b && a <= s.last)) continue;
    taken.push([s.first, s.last]);
    shown.set(s.first, { item: s.item, lastWord: s.last });
  }
  return shown;
}

function wordElement(item: ReadingItem, index: number, byHex: Map<string, HTMLElement[]>, byIndex: Map<number, HTMLElement>, tag = 'span'): HTMLElement {
  const el = document.createElement(tag);
  el.className = item.Ti2WordCount > 1 ? 'w mw' : 'w';
  el.setAttribute('data_hex', item.hex);
  el.dataset.i = String(index);
  el.dataset.order = String(item.Ti2Order);
  el.dataset.status = String(item.status);
  const list = byHex.get(item.hex);
  if (list) list.push(el);
  else byHex.set(item.hex, [el]);
  byIndex.set(index, el);
  return el;
}

export function renderText(items: readonly ReadingItem[], rtl: boolean, spaced: boolean): RenderedText {
  const root = document.createElement('div');
  // Scripts without spaces need a hairline between words, or the coloured backgrounds run together.
  root.className = spaced ? 'reader-text' : 'reader-text no-spaces';
  root.dir = rtl ? 'rtl' : 'ltr';
  const byHex = new Map<string, HTMLElement[]>();
  const byIndex = new Map<number, HTMLElement>();
  const multi = shownMultiwords(items);
  let paragraph = document.createElement('p');
  let group: HTMLElement | null = null;
  let groupEnd = -1;
  let pending = '';
  const flush = () => {
    if (!pending) return;
    (group ?? paragraph).append(pending);
    pending = '';
  };
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.Ti2WordCount > 1) continue;
    if (it.kind === 'break') {
      flush();
      group = null;
      if (paragraph.childNodes.length) fragment.append(paragraph);
      paragraph = document.createElement('p');
      continue;
    }
    if (it.Ti2WordCount === 0) {
      pending += it.text;
      continue;
    }
    flush();
    const m = multi.get(i);
    if (m) {
      group = wordElement(items[m.item], m.item, byHex, byIndex);
      groupEnd = m.lastWord;
      paragraph.append(group);
    }
    const el = wordElement(it, i, byHex, byIndex);
    el.textContent = it.text;
    (group ?? paragraph).append(el);
    if (group && i === groupEnd) group = null;
  }
  flush();
  if (paragraph.childNodes.length) fragment.append(paragraph);
  root.append(fragment);
  return { root, byHex, byIndex };
}

/** Every element of a term recolours at once; the translation hint follows. */
export function recolour(view: RenderedText, hex: string, status: number, hint?: string): void {
  for (const el of view.byHex.get(hex) ?? []) {
    el.dataset.status = String(status);
    if (hint === undefined) continue;
    if (hint) el.dataset.hint = hint;
    else delete el.dataset.hint;
  }
}

/** The item index of the word element an event happened on (the innermost word, or a group). */
export function itemIndexAt(target: EventTarget | null): number | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('.w') : null;
  return el?.dataset.i === undefined ? null : Number(el.dataset.i);
}
