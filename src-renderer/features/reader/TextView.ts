// Runs in: renderer. The reading text as plain DOM, built in one pass (a 20,000-word chapter is ~45,000
// elements; React per token would cost seconds). Words carry data_hex, data-i (item index) and
// data-status; a Map hex → elements recolours every occurrence of a term at once without re-rendering.
import type { ReaderText } from '../../../src-shared/text/reader-text';

export interface RenderedText {
  root: HTMLElement;
  byHex: Map<string, HTMLElement[]>;
  /** Word element per item index (single words and shown multi-word groups). */
  byIndex: Map<number, HTMLElement>;
}

/** Longest multi-word match first; a match overlapping one already shown stays in the items only. */
function shownMultiwords(model: ReaderText): Map<number, { item: number; lastWord: number }> {
  const starts: { item: number; first: number; last: number; count: number }[] = [];
  for (let j = 0; j < model.multiwords.start.length; j++) {
    const item = model.itemOfMultiword(j);
    const words = model.wordsOf(item);
    starts.push({ item, first: words[0], last: words[words.length - 1], count: model.wordCount(item) });
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

function wordElement(model: ReaderText, index: number, byHex: Map<string, HTMLElement[]>, byIndex: Map<number, HTMLElement>): HTMLElement {
  const el = document.createElement('span');
  const hex = model.hex(index);
  el.className = model.wordCount(index) > 1 ? 'w mw' : 'w';
  el.setAttribute('data_hex', hex);
  el.dataset.i = String(index);
  el.dataset.order = String(model.order(index));
  el.dataset.status = String(model.status(index));
  const list = byHex.get(hex);
  if (list) list.push(el);
  else byHex.set(hex, [el]);
  byIndex.set(index, el);
  return el;
}

export function renderText(model: ReaderText, rtl: boolean, spaced: boolean): RenderedText {
  const root = document.createElement('div');
  // Scripts without spaces need a hairline between words, or the coloured backgrounds run together.
  root.className = spaced ? 'reader-text' : 'reader-text no-spaces';
  root.dir = rtl ? 'rtl' : 'ltr';
  const byHex = new Map<string, HTMLElement[]>();
  const byIndex = new Map<number, HTMLElement>();
  const multi = shownMultiwords(model);
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
  for (let i = 0; i < model.length; i++) {
    const count = model.wordCount(i);
    if (count > 1) continue;
    if (model.kind(i) === 'break') {
      flush();
      group = null;
      if (paragraph.childNodes.length) fragment.append(paragraph);
      paragraph = document.createElement('p');
      continue;
    }
    if (count === 0) {
      pending += model.text(i);
      continue;
    }
    flush();
    const m = multi.get(i);
    if (m) {
      group = wordElement(model, m.item, byHex, byIndex);
      groupEnd = m.lastWord;
      paragraph.append(group);
    }
    const el = wordElement(model, i, byHex, byIndex);
    el.textContent = model.text(i);
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
