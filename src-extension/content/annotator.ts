// Runs in: the extension's content script. Colouring the page's words by status, from the server's spans
// (POST /api/v1/annotate, format `spans`), with the CSS Custom Highlight API: every word is a StaticRange
// over the page's own text node, added to one Highlight per status (`::highlight(lectio-s2)` in one style element).
// The page's DOM is never changed: no element is inserted, so there is no style recalculation or layout for 10,000
// words, the page's layout, links, selection, find-in-page and copy stay exactly as they were, and turning it off
// is dropping the highlights and the style. Nothing is ever parsed as HTML.
import type { AnnotateSpans } from '../../src-shared/contract/extension';
import { collectBlocks, type Block } from './collect';
import { highlightStyle, multiHighlight, wordHighlight } from './highlights';
import { parts, splitLong } from './parts';

/** One word of the page as the server saw it, and where it lies in the page's text. */
export interface Token {
  /** As the page writes it ('' when the server's word is not in the block's text as sent). */
  text: string;
  /** Lowercased as terms are (WoTextLC): every occurrence of a word shares it. */
  lc: string;
  status: number;
  termId: number;
  /** Characters [start, end) of the block's text; -1 when not found there. */
  start: number;
  end: number;
  reading?: string;
  lemma?: string;
  /** The multi-word term this word belongs to (longest wins), if any. */
  multi?: { lc: string; status: number; termId: number };
  /** The word's characters: [from, to) of one of the page's text nodes. */
  range?: StaticRange;
  /** Written right after the previous word (Japanese, Chinese…): painted in the status's second shade. */
  alt?: boolean;
  block: AnnotatedBlock;
}

export interface AnnotatedBlock {
  id: string;
  block: Block;
  /** Its words' ranges are in the registered highlights (the block is near the window). */
  shown: boolean;
  /** Every word of the block, in order. */
  tokens: Token[];
  /** The words that have a range, in order (built when the block first comes near: most of a page never does). */
  placed: Token[] | null;
  /** Order of creation: a text node the page rewrites after it (Annotator.forget) is no longer this block's. */
  seq: number;
  /** Sentence k is characters [sentences[2k], sentences[2k + 1]) of the block's text, as the server's parser cut it. */
  sentences: number[];
}

const KNOWN = new Set([5, 98, 99]);
/** Work between two yields to the page: well under a frame, so annotating never makes a long task. */
const SLICE_MS = 8;
/**
 * Only the words of blocks within one window height of the window are in the registered highlights. Chromium rebuilds
 * the markers of every registered range whenever anything in the document changes (DOM or style: the page's own
 * hover styles, the word panel opening, a status key pressed in it) and repaints them: ~100 ms per frame with
 * 10,000 ranges (profiled), so cost must follow what is on screen, not the page's length. Blocks join and leave as
 * they come near (IntersectionObserver); their ranges are built once, at annotation.
 */
const NEAR_MARGIN = '100% 0px 100% 0px';

/** Gives the page its turn: scheduler.yield where there is one (the continuation keeps its place), else a task. */
const yieldToPage = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/** Resolves in a task after the next frame has been rendered. */
const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export class Annotator {
  readonly blocks: AnnotatedBlock[] = [];
  /** The words of each WoTextLC: single words by their own, multi-word groups by their term's. */
  readonly byKey = new Map<string, Token[]>();
  /** The words of each annotated text node, in order (a click finds its word here). */
  private byNode = new WeakMap<Text, Token[]>();
  private seen = new WeakSet<Text>();
  private seq = 0;
  /** Text nodes the page rewrote: blocks created before (seq below) no longer place words in them. */
  private staleFrom = new WeakMap<Text, number>();
  private highlights = new Map<string, Highlight>();
  /** The annotated blocks of each observed element (a long block split in parts shares its element). */
  private byElement = new Map<Element, AnnotatedBlock[]>();
  private readonly near: IntersectionObserver;
  /** Highlights with nothing to paint (transparent statuses: ignored, well known) stay unregistered. */
  private readonly unpainted = new Set<string>();
  private style: HTMLStyleElement | null = null;
  private nextId = 1;
  private stopped = false;
  /** Time spent on the page's side (answer received → its words coloured), ms, for the bench. */
  pageSideMs = 0;
  /** Called once, when the first blocks near the window are in the highlights (the first screenful), for the bench. */
  onFirstShown: (() => void) | null = null;

  constructor(
    private readonly send: (languageId: number, blocks: { id: string; text: string }[]) => Promise<AnnotateSpans>,
    readonly languageId: number,
  ) {
    this.near = new IntersectionObserver((entries) => this.onNear(entries), { rootMargin: NEAR_MARGIN });
  }

  /** The status colours as one style element (numbers and checked colour values only). */
  installStyle(statuses: { status: number; color: string; colorDark: string }[]): void {
    const { css, unpainted } = highlightStyle(statuses);
    for (const name of unpainted) this.unpainted.add(name);
    const style = document.createElement('style');
    style.textContent = css;
    (document.head ?? document.documentElement).appendChild(style);
    this.style = style;
  }

  private highlight(name: string): Highlight {
    let h = this.highlights.get(name);
    if (!h) {
      h = new Highlight();
      // Multi-word underlines paint over the status backgrounds.
      if (name.startsWith('lectio-m')) h.priority = 1;
      this.highlights.set(name, h);
      // Registered once; from then on ranges are added and deleted in place (re-registering repaints all of them).
      if (!this.unpainted.has(name) && !this.stopped) CSS.highlights.set(name, h);
    }
    return h;
  }

  private onNear(entries: IntersectionObserverEntry[]): void {
    for (const e of entries) {
      // An element without a box (display: contents) never intersects: its words stay shown.
      const boxless = e.boundingClientRect.width === 0 && e.boundingClientRect.height === 0;
      for (const ab of this.byElement.get(e.target) ?? []) this.show(ab, e.isIntersecting || boxless);
    }
  }

  /** Puts a block's words in the highlights, or takes them out. */
  private show(ab: AnnotatedBlock, on: boolean): void {
    if (ab.shown === on || this.stopped) return;
    ab.shown = on;
    for (const token of ab.placed ?? this.place(ab)) {
      if (!token.range) continue;
      if (on) this.paint(token, undefined);
      else this.unpaint(token, token.status, token.multi?.status);
    }
  }

  /** Collects the not yet annotated blocks under `root` and annotates them, in parts within the server's caps. */
  async annotate(root: Node): Promise<number> {
    const blocks = collectBlocks(root, this.seen).flatMap(splitLong);
    let done = 0;
    for (const part of parts(blocks)) {
      if (this.stopped) break;
      const ids = part.map(() => `b${this.nextId++}`);
      // Before the request: a node the page rewrites while it is under way is stale for these blocks.
      const seq = this.seq++;
      const result = await this.send(
        this.languageId,
        part.map((b, i) => ({ id: ids[i], text: b.text })),
      );
      if (this.stopped) break;
      const received = performance.now();
      await this.apply(result, part, ids, seq);
      this.pageSideMs += performance.now() - received;
      done += part.length;
    }
    return done;
  }

  private async apply(result: AnnotateSpans, part: Block[], ids: string[], seq: number): Promise<void> {
    const { words, multis } = result;
    const lemmaOf = new Map<number, string>();
    result.hints.word.forEach((f, k) => lemmaOf.set(f, result.hints.lemma[k]));
    const byId = new Map(result.blocks.map((b) => [b.id, b]));
    // The blocks near the window first, so the first screenful is coloured before the rest is built.
    const windowHeight = window.innerHeight;
    const nearNow = part.map((b) => {
      const r = b.el.getBoundingClientRect();
      return (r.width === 0 && r.height === 0) || (r.bottom >= -windowHeight && r.top <= 2 * windowHeight);
    });
    const order = part.map((_, k) => k).sort((x, y) => Number(nearNow[y]) - Number(nearNow[x]));
    let sliceStart = performance.now();
    for (let n = 0; n < order.length; n++) {
      const k = order[n];
      const answer = byId.get(ids[k]);
      if (!answer) continue;
      const text = part[k].text;
      const ab: AnnotatedBlock = { id: ids[k], block: part[k], shown: false, tokens: [], placed: null, sentences: answer.s, seq };
      const { w, m } = answer;
      let pos = 0;
      for (let j = 0; j < w.length; j += 3) {
        const f = w[j + 2];
        const token: Token = { text: '', lc: words.lc[f], status: words.status[f], termId: words.termId[f], start: -1, end: -1, block: ab };
        if (w[j] >= 0) {
          token.start = pos + w[j];
          token.end = pos = token.start + w[j + 1];
          token.text = text.slice(token.start, token.end);
        }
        const reading = answer.readings?.[j / 3];
        if (reading) token.reading = reading;
        const lemma = lemmaOf.get(f);
        if (lemma) token.lemma = lemma;
        ab.tokens.push(token);
        this.index(token.lc, token);
      }
      for (let j = 0; j < m.length; j += 3) {
        const multi = { lc: multis.lc[m[j + 2]], status: multis.status[m[j + 2]], termId: multis.termId[m[j + 2]] };
        for (let x = m[j]; x < m[j] + m[j + 1] && x < ab.tokens.length; x++) {
          const t = ab.tokens[x];
          if (!t.multi || t.multi.lc.length < multi.lc.length) t.multi = multi;
        }
      }
      for (const t of ab.tokens) if (t.multi) this.index(t.multi.lc, t);
      this.blocks.push(ab);
      const el = part[k].el;
      const sharing = this.byElement.get(el);
      if (sharing) sharing.push(ab);
      else {
        this.byElement.set(el, [ab]);
        this.near.observe(el);
      }
      // Shown now if near the window; the observer's first report (next frame) confirms or corrects it.
      this.show(ab, nearNow[k]);
      const lastNear = nearNow[k] && (n + 1 === order.length || !nearNow[order[n + 1]]);
      if (lastNear && this.onFirstShown) {
        this.onFirstShown();
        this.onFirstShown = null;
      }
      // The words near the window are in: let a frame paint them now (continuations of scheduler.yield run before
      // rendering, so the first screenful would otherwise wait for the whole page), then build the rest.
      if (lastNear && n + 1 < order.length) {
        await nextFrame();
        sliceStart = performance.now();
        if (this.stopped) return;
      } else if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
        if (this.stopped) return;
      }
    }
  }

  /** Gives each word that lies within one of the block's text nodes (as it still is) its range. */
  private place(ab: AnnotatedBlock): Token[] {
    const { block } = ab;
    const placed: Token[] = (ab.placed = []);
    let nodeIndex = 0;
    let nodeStart = 0;
    let previous: Token | undefined;
    for (const token of ab.tokens) {
      const at = token.start;
      if (at < 0) continue;
      while (nodeIndex + 1 < block.nodes.length && nodeStart + block.nodes[nodeIndex].data.length <= at) {
        nodeStart += block.nodes[nodeIndex].data.length;
        nodeIndex++;
      }
      const node = block.nodes[nodeIndex];
      if (token.end > nodeStart + node.data.length) continue; // spans two nodes: left as it is
      const from = at - nodeStart;
      // A node the page rewrote since this block was sent is annotated again as a new block.
      if ((this.staleFrom.get(node) ?? -1) > ab.seq || !node.data.startsWith(token.text, from)) continue;
      token.range = new StaticRange({ startContainer: node, startOffset: from, endContainer: node, endOffset: from + token.end - at });
      const p = previous?.range;
      if (p && p.endContainer === node && p.endOffset === from) token.alt = !previous!.alt;
      previous = token;
      let list = this.byNode.get(node);
      if (!list) this.byNode.set(node, (list = []));
      list.push(token);
      placed.push(token);
    }
    return placed;
  }

  private index(key: string, token: Token): void {
    const list = this.byKey.get(key);
    if (list) list.push(token);
    else this.byKey.set(key, [token]);
  }

  /** Moves the word's range into the highlights of its status (and of its multi-word term's). */
  private paint(token: Token, before: { status: number; multi?: number } | undefined): void {
    const range = token.range;
    if (!range) return;
    if (before) this.unpaint(token, before.status, before.multi);
    this.highlight(wordHighlight(token.status, token.alt)).add(range);
    if (token.multi) this.highlight(multiHighlight(token.multi.status)).add(range);
  }

  private unpaint(token: Token, status: number, multi: number | undefined): void {
    const range = token.range!;
    this.highlights.get(wordHighlight(status, token.alt))?.delete(range);
    if (multi !== undefined) this.highlights.get(multiHighlight(multi))?.delete(range);
  }

  /** The word under a point of the window (a click), if any: the caret there, then the word's own boxes. */
  wordAt(x: number, y: number): Token | null {
    let node: Node | null = null;
    let offset = 0;
    if (document.caretPositionFromPoint) {
      const p = document.caretPositionFromPoint(x, y);
      if (p) ({ offsetNode: node, offset } = p);
    } else {
      const r = document.caretRangeFromPoint?.(x, y);
      if (r) ({ startContainer: node, startOffset: offset } = r);
    }
    if (!node || node.nodeType !== Node.TEXT_NODE) return null;
    const token = this.byNode.get(node as Text)?.find((t) => t.range!.startOffset <= offset && offset <= t.range!.endOffset);
    if (!token) return null;
    // The caret is the nearest boundary: the point must be on the word's own boxes (not past the line's end).
    for (const box of this.liveRange(token).getClientRects()) if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return token;
    return null;
  }

  /** The words a selection covers, in order. */
  wordsIn(range: Range): Token[] {
    const out: Token[] = [];
    const root = range.commonAncestorContainer;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n: Node | null = root.nodeType === Node.TEXT_NODE ? root : walker.nextNode(); n; n = walker.nextNode()) {
      const tokens = this.byNode.get(n as Text);
      if (!tokens || !range.intersectsNode(n)) continue;
      for (const t of tokens) {
        if (n === range.startContainer && t.range!.endOffset <= range.startOffset) continue;
        if (n === range.endContainer && t.range!.startOffset >= range.endOffset) continue;
        out.push(t);
      }
      if (n === root) break;
    }
    return out;
  }

  /** A live Range over the word, for its boxes (the panel's anchor). */
  liveRange(token: Token): Range {
    const r = document.createRange();
    r.setStart(token.range!.startContainer, token.range!.startOffset);
    r.setEnd(token.range!.endContainer, token.range!.endOffset);
    return r;
  }

  /**
   * A term was saved: every word of its WoTextLC takes the new status (single words and multi-word groups). Only the
   * ranges of shown blocks move between highlights, in place; the others take theirs when they come near.
   */
  recolour(lc: string, status: number, termId: number): number {
    const tokens = this.byKey.get(lc);
    if (!tokens) return 0;
    for (const token of tokens) {
      const before = { status: token.status, multi: token.multi?.status };
      if (token.lc === lc) {
        token.status = status;
        token.termId = termId;
      }
      if (token.multi?.lc === lc) token.multi = { ...token.multi, status, termId };
      if (token.block.shown) this.paint(token, before);
    }
    return tokens.length;
  }

  /** A text node of the page changed: its words lose their colour, and it may be annotated again. */
  forget(node: Text): void {
    const tokens = this.byNode.get(node);
    this.seen.delete(node);
    this.staleFrom.set(node, this.seq);
    if (!tokens) return;
    for (const t of tokens) {
      this.unpaint(t, t.status, t.multi?.status);
      t.range = undefined;
    }
    this.byNode.delete(node);
  }

  /** The sentence a word is in, as the server's parser cut it. */
  sentenceOf(token: Token): string {
    const s = token.block.sentences;
    let k = 0;
    while (2 * (k + 1) < s.length && s[2 * (k + 1)] <= token.start) k++;
    const text = s.length ? token.block.block.text.slice(s[2 * k], s[2 * k + 1]) : token.block.block.text;
    return text.replace(/\s+/g, ' ').trim();
  }

  /** The page's text from the first word through the last (of one block), spaces as one. */
  phraseText(first: Token, last: Token): string {
    return first.block.block.text.slice(first.start, last.end).replace(/\s+/g, ' ').trim();
  }

  /** Words on the page, distinct unknown words, known share of the running words (the library's counts). */
  counts(): { words: number; unknown: number; known_pct: number } {
    let words = 0;
    let known = 0;
    const unknown = new Set<string>();
    for (const b of this.blocks)
      for (const t of b.tokens) {
        words++;
        if (KNOWN.has(t.status)) known++;
        if (t.status === 0) unknown.add(t.lc);
      }
    return { words, unknown: unknown.size, known_pct: words === 0 ? 0 : Math.round((known / words) * 1000) / 10 };
  }

  /** Undoes everything: the highlights and the style go (the page's DOM was never changed). */
  restore(): void {
    this.stopped = true;
    this.near.disconnect();
    this.byElement.clear();
    for (const [name, h] of this.highlights) if (CSS.highlights.get(name) === h) CSS.highlights.delete(name);
    this.highlights.clear();
    this.style?.remove();
    this.style = null;
    this.blocks.length = 0;
    this.byKey.clear();
    this.byNode = new WeakMap();
    this.staleFrom = new WeakMap();
    this.seen = new WeakSet();
  }
}
