// Runs in: renderer. The reading text as plain DOM, built from HTML strings in slices (a 20,000-word chapter
// is ~45,000 elements; React per token would cost seconds). Words carry data_hex, data-i (item index) and
// data-status; a Map hex → elements recolours every occurrence of a term at once without re-rendering.
import { hasKanji, toHiragana } from '../../../src-shared/text/kana';
import type { ReaderText } from '../../../src-shared/text/reader-text';
import { escapeHtml } from '../../../src-shared/html/entities';
import type { ChapterPicture } from '../../../src-shared/contract/books';
import './reader-pictures.css';

export interface RenderedText {
  root: HTMLElement;
  byHex: Map<string, HTMLElement[]>;
  /** Word element per item index (single words and shown multi-word groups), for the parts rendered so far. */
  byIndex: Map<number, HTMLElement>;
  /** Single-word elements in document order, for the parts rendered so far (positions by binary search). */
  ordered: HTMLElement[];
  /** Renders at once every paragraph up to the one holding the word with this Ti2Order (to scroll to it). */
  renderThroughOrder(order: number): void;
  /** Stops rendering the remaining paragraphs (the view is being replaced). */
  cancel(): void;
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

/** Words per slice when rendering at once up to a word (to scroll to it). */
const SLICE_WORDS = 1500;
/** Bounds of a slice rendered in idle time: sized to the idle period left, by the pace of the slices before. */
const IDLE_SLICE_MIN = 100;
const IDLE_SLICE_MAX = 3000;
/** Words rendered before the first paint: a little more than the window holds (~2,500 px² a word). */
const firstSliceWords = () => Math.max(250, Math.ceil((window.innerWidth * window.innerHeight) / 2500));

/**
 * Renders the text as plain DOM: the first screen at once, the rest paragraph by paragraph in slices in idle
 * periods, so the first words paint in milliseconds whatever the length and the page answers input while the
 * rest arrives. Each slice is one HTML string (the parser builds elements far faster than createElement per
 * token); word elements are then collected in document order, matched to the item indexes the slice wrote.
 * Off-screen paragraphs skip layout and paint (content-visibility in reader.css), and find-in-page and
 * selection still see them.
 */
export function renderText(
  model: ReaderText,
  rtl: boolean,
  spaced: boolean,
  hintOf: (index: number) => string | undefined = () => undefined,
  /**
   * `rubyReadings`: an imported book's own readings (base → reading), used before the parser's. `pictures`: a
   * book chapter's pictures, each before its paragraph (by the paragraph breaks: a blank line in the text).
   */
  opts: { furigana?: boolean; readingsBelow?: number; rubyReadings?: Record<string, string>; pictures?: readonly ChapterPicture[] } = {},
): RenderedText {
  const root = document.createElement('div');
  // Scripts without spaces need a hairline between words, or the coloured backgrounds run together.
  root.className = spaced ? 'reader-text' : 'reader-text no-spaces';
  // Readings (furigana, pinyin) show only on words below this status: reader.css hides the others' by data-status,
  // so a word marked known loses its reading at once, without re-rendering.
  if (opts.furigana && opts.readingsBelow) root.classList.add(`readings-below-${opts.readingsBelow}`);
  root.dir = rtl ? 'rtl' : 'ltr';
  const byHex = new Map<string, HTMLElement[]>();
  const byIndex = new Map<number, HTMLElement>();
  const ordered: HTMLElement[] = [];
  const multi = shownMultiwords(model);
  const sizing = estimateOffscreenHeights(root, model);

  const wordOpen = (index: number, className: string) => {
    const hint = hintOf(index);
    return `<span class="${className}" data_hex="${model.hex(index)}" data-i="${index}" data-order="${model.order(index)}" data-status="${model.status(index)}"${hint ? ` data-hint="${escapeHtml(hint)}"` : ''}>`;
  };

  // Furigana: the reading (in hiragana) above words written with kanji (or Han characters: pinyin), as ruby.
  const wordText = (index: number) => {
    const text = escapeHtml(model.text(index));
    if (!opts.furigana) return text;
    const reading = opts.rubyReadings?.[model.text(index)] ?? model.reading(index);
    return reading && hasKanji(model.text(index)) ? `<ruby>${text}<rt>${escapeHtml(toHiragana(reading))}</rt></ruby>` : text;
  };

  // Pictures are blocks of their own between paragraphs, never items: they take no part in word navigation,
  // selection, positions or find-in-page (the caption is CSS-generated content, see reader-pictures.css).
  const pictures = [...(opts.pictures ?? [])].sort((a, b) => a.para - b.para);
  let nextPicture = 0;
  let para = 0; // paragraphs (blank-line breaks) passed so far
  const picturesUpTo = (limit: number) => {
    let html = '';
    for (; nextPicture < pictures.length && pictures[nextPicture].para <= limit; nextPicture++) html += pictureHtml(pictures[nextPicture]);
    return html;
  };

  let next = 0; // the next item to render
  let lastOrder = 0; // Ti2Order of the last word rendered
  let open = false; // the last slice ended inside a paragraph (a long one): the next continues it
  let chars = 0; // characters of the paragraph being written (all of it, when a slice continues it)
  /**
   * One slice from item `next` on, of about `words` words, ending at a paragraph's end (or inside a very long
   * paragraph, between two words): the HTML continuing the open paragraph, the HTML of new paragraphs, and the
   * item indexes of the word elements written, in document order.
   */
  const slice = (words: number) => {
    const paragraphs: string[] = [];
    const indexes: number[] = [];
    const single: boolean[] = [];
    let continuing = open;
    let continuation = '';
    let continuedChars = 0;
    let paragraph = '';
    let groupEnd = -1;
    let count = 0;
    const close = () => {
      if (groupEnd >= 0) paragraph += '</span>';
      groupEnd = -1;
      if (continuing) continuedChars = chars;
      if (continuing) continuation = paragraph;
      // --n: the paragraph's characters, for its estimated height while off-screen (reader.css).
      else if (paragraph) paragraphs.push(`<p style="--n:${chars}">${paragraph}</p>`);
      continuing = false;
      paragraph = '';
      if (!open) chars = 0; // a paragraph cut between slices counts on
    };
    let i = next;
    open = false;
    if (i === 0) {
      const first = picturesUpTo(0);
      if (first) paragraphs.push(first);
    }
    for (; i < model.length; i++) {
      const wc = model.wordCount(i);
      if (wc > 1) continue;
      if (model.kind(i) === 'break') {
        close();
        if (isParagraphBreak(model.text(i))) {
          const html = picturesUpTo(++para);
          if (html) paragraphs.push(html);
        }
        if (count >= words) {
          i++;
          break;
        }
        continue;
      }
      if (wc === 0) {
        paragraph += escapeHtml(model.text(i));
        chars += model.text(i).length;
        continue;
      }
      if (count >= words * 2 && groupEnd < 0) {
        open = true; // a paragraph longer than two slices: cut it between two words
        break;
      }
      const m = multi.get(i);
      if (m) {
        paragraph += wordOpen(m.item, 'w mw');
        indexes.push(m.item);
        single.push(false);
        groupEnd = m.lastWord;
      }
      paragraph += `${wordOpen(i, 'w')}${wordText(i)}</span>`;
      chars += model.text(i).length;
      indexes.push(i);
      single.push(true);
      lastOrder = model.order(i);
      count++;
      if (groupEnd === i) {
        paragraph += '</span>';
        groupEnd = -1;
      }
    }
    close();
    if (i >= model.length) {
      const rest = picturesUpTo(Number.MAX_SAFE_INTEGER);
      if (rest) paragraphs.push(rest);
    }
    next = i;
    return { continuation, continuedChars, html: paragraphs.join(''), indexes, single };
  };

  const renderSlice = (words: number) => {
    const { continuation, continuedChars, html, indexes, single } = slice(words);
    const added: Element[] = [];
    const last = root.lastElementChild;
    if (continuation && last) {
      (last as HTMLElement).style.setProperty('--n', String(continuedChars));
      const before = last.childNodes.length;
      last.insertAdjacentHTML('beforeend', continuation);
      for (let n = before; n < last.childNodes.length; n++) {
        const node = last.childNodes[n];
        if (node instanceof Element) added.push(...(node.matches('.w') ? [node, ...node.querySelectorAll('.w')] : node.querySelectorAll('.w')));
      }
    }
    const firstNew = root.childElementCount;
    root.insertAdjacentHTML('beforeend', html);
    for (let p = firstNew; p < root.childElementCount; p++) added.push(...root.children[p].querySelectorAll('.w'));
    // The new word elements in document order are exactly the items the slice wrote, in that order.
    added.forEach((el, k) => {
      const element = el as HTMLElement;
      const hex = element.getAttribute('data_hex')!;
      const list = byHex.get(hex);
      if (list) list.push(element);
      else byHex.set(hex, [element]);
      byIndex.set(indexes[k], element);
      if (single[k]) ordered.push(element);
    });
  };

  renderSlice(firstSliceWords());
  // The rest in idle periods, each slice sized to the time left in its period, so input, scrolling and paint
  // always come first and no task grows past a frame or two (no long tasks while the rest arrives).
  let wordsPerMs = 25; // refined from each slice's measured pace (a low start: the first idle slice stays short)
  let idle: number | undefined;
  const more = (deadline: IdleDeadline) => {
    idle = undefined;
    if (next >= model.length) return void performance.mark('lectio:reader-rendered');
    const budget = deadline.didTimeout ? 8 : deadline.timeRemaining() - 2;
    const words = Math.round(Math.min(IDLE_SLICE_MAX, Math.max(IDLE_SLICE_MIN, budget * wordsPerMs)));
    const started = performance.now();
    renderSlice(words);
    wordsPerMs = 0.5 * wordsPerMs + (0.5 * words) / Math.max(1, performance.now() - started);
    if (next < model.length) idle = requestIdleCallback(more, { timeout: 200 });
    else performance.mark('lectio:reader-rendered');
  };
  if (next < model.length) idle = requestIdleCallback(more, { timeout: 200 });
  else performance.mark('lectio:reader-rendered');

  return {
    root,
    byHex,
    byIndex,
    ordered,
    renderThroughOrder(order) {
      while (next < model.length && lastOrder < order) renderSlice(SLICE_WORDS);
    },
    cancel() {
      sizing.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
      next = model.length;
    },
  };
}

/** A blank line (two newlines or more) separates paragraphs; one newline is a line break inside one (verse). */
const isParagraphBreak = (text: string) => text.indexOf('\n') !== text.lastIndexOf('\n');

/**
 * A picture block: width and height from the picture's header reserve its space before it loads (lazily), so
 * the text never jumps; the caption is generated content (data-caption), outside the text's words.
 */
function pictureHtml(p: ChapterPicture): string {
  const caption = p.alt ? ` data-caption="${escapeHtml(p.alt)}"` : '';
  return `<figure class="reader-picture"${caption} contenteditable="false"><img src="${escapeHtml(p.url)}" width="${p.width}" height="${p.height}" alt="${escapeHtml(p.alt)}" loading="lazy" decoding="async" draggable="false"></figure>`;
}

/**
 * Off-screen paragraphs are not laid out (content-visibility: auto); their height is estimated from their
 * characters (--n) and the characters a line holds (--cpl, here: the column's width over the text's average
 * character width in its font). A good estimate keeps the scrollbar honest and, when the learner jumps far,
 * lays out only the paragraphs that really come into view (a fixed guess of a few lines would make a jump lay
 * out several screens at once: long frames).
 */
function estimateOffscreenHeights(root: HTMLElement, model: ReaderText): ResizeObserver {
  let charPx = 0;
  const observer = new ResizeObserver(() => {
    const width = root.clientWidth;
    if (!width) return;
    if (!charPx) {
      const ctx = document.createElement('canvas').getContext('2d');
      if (!ctx) return;
      ctx.font = getComputedStyle(root).font;
      let sample = '';
      for (let i = 0; i < model.length && sample.length < 4000; i++) if (model.wordCount(i) <= 1 && model.kind(i) !== 'break') sample += model.text(i);
      charPx = ctx.measureText(sample).width / Math.max(1, sample.length);
    }
    // Words do not break: a line ends a little short of the width on average.
    if (charPx) root.style.setProperty('--cpl', String(Math.max(8, Math.floor((width / charPx) * 0.92))));
  });
  observer.observe(root);
  return observer;
}

/** The first single-word element whose bottom is below `y` (viewport coordinates): a binary search. */
export function firstWordBelow(view: RenderedText, y: number): HTMLElement | undefined {
  const list = view.ordered;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].getBoundingClientRect().bottom > y) hi = mid;
    else lo = mid + 1;
  }
  return list[lo];
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
