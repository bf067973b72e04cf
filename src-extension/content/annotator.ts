// Runs in: the extension's content script. Colouring the page's words by status, from the server's spans
// (POST /api/v1/annotate, format `spans`), with the CSS Custom Highlight API: every word is a StaticRange
// over the page's own text node, added to one Highlight per status (`::highlight(lectio-s2)` in one style element).
// The page's DOM is never changed: no element is inserted, so there is no style recalculation or layout for 10,000
// words, the page's layout, links, selection, find-in-page and copy stay exactly as they were, and turning it off
// is dropping the highlights and the style. Nothing is ever parsed as HTML.
import type { AnnotatedSpansBlock, AnnotateSpans } from '../../src-shared/contract/extension';
import { collectBlocks, type Block } from './collect';
import { highlightStyle, multiHighlight, wordHighlight } from './highlights';
import { parts, splitLong } from './parts';
import { blockWords, countWords, phraseOf, phraseRuns, sentenceAt, type Phrase, pageCoverage } from './spans';

/** One word of the page as the server saw it, and where it lies in the page's text. */
export interface Token {
  /** As the page writes it ('' when the server's word is not in the block's text as sent). */
  text: string;
  /** Lowercased as terms are (WoTextLC): every occurrence of a word shares it. */
  lc: string;
  status: number;
  termId: number;
  /** Its place among the block's words. */
  index: number;
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
  /** The server's answer for it, and the tables of its request (forms, multi-word terms, lemma hints). */
  answer: AnnotatedSpansBlock;
  table: Pick<AnnotateSpans, 'words' | 'multis'> & { lemmaOf: Map<number, string> };
  /**
   * The words that have a range, in order: built, with the block's tokens, when it first comes near the window (most
   * of a long page never does; until then the answer's numbers are all there is of it).
   */
  placed: Token[] | null;
  /** All its words, built with `placed` (a saved phrase finds its occurrences among them). */
  tokens: Token[] | null;
  /** Order of creation: a text node the page rewrites after it (Annotator.forget) is no longer this block's. */
  seq: number;
  /** Sentence k is characters [sentences[2k], sentences[2k + 1]) of the block's text, as the server's parser cut it. */
  sentences: number[];
}

/** Work between two yields to the page: well under a frame, so annotating never makes a long task. */
const SLICE_MS = 8;
/**
 * Only the words of blocks within one window height of the window are in the registered highlights. Chromium rebuilds
 * the markers of every registered range whenever anything in the document changes (DOM or style: the page's own
 * hover styles, the word panel opening, a status key pressed in it) and repaints them: ~100 ms per frame with
 * 10,000 ranges (profiled), so cost must follow what is on screen, not the page's length. Blocks join and leave as
 * they come near (IntersectionObserver); their tokens and ranges are built the first time they do.
 */
const NEAR_MARGIN = '100% 0px 100% 0px';

/** Gives the page its turn: scheduler.yield where there is one (the continuation keeps its place), else a task. */
const yieldToPage = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/** Within one window height of the window now (as the observer's margin), or without a box (never observed as near). */
function isNear(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return (r.width === 0 && r.height === 0) || (r.bottom >= -window.innerHeight && r.top <= 2 * window.innerHeight);
}

export class Annotator {
  readonly blocks: AnnotatedBlock[] = [];
  /** The built words of each WoTextLC: single words by their own, multi-word groups by their term's. */
  readonly byKey = new Map<string, Token[]>();
  /** The current status and term id of every word form (WoTextLC) and multi-word term on the page. */
  private forms = new Map<string, { status: number; termId: number }>();
  private multiForms = new Map<string, { status: number; termId: number }>();
  /** Phrases saved on this page as multi-word terms since it was annotated (by WoTextLC): blocks built later mark them too. */
  private savedPhrases = new Map<string, Phrase>();
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
    for (const token of ab.placed ?? this.place(ab, this.build(ab))) {
      if (!token.range) continue;
      if (on) this.paint(token, undefined);
      else this.unpaint(token, token.status, token.multi?.status);
    }
  }

  /** Collects the not yet annotated blocks under `root` and annotates them, in parts within the server's caps. */
  async annotate(root: Node): Promise<number> {
    const blocks = collectBlocks(root, this.seen).flatMap(splitLong);
    // The blocks near the window go in a request of their own, first: the first screenful comes back after a fraction
    // of the page's parsing. Each next request is sent while the one before is under way (two at most in flight).
    const near = blocks.map((b) => isNear(b.el));
    const queue = [...parts(blocks.filter((_, i) => near[i])), ...parts(blocks.filter((_, i) => !near[i]))];
    const request = (part: Block[]) => {
      const ids = part.map(() => `b${this.nextId++}`);
      // Before the request: a node the page rewrites while it is under way is stale for these blocks.
      const seq = this.seq++;
      const answer = this.send(
        this.languageId,
        part.map((b, i) => ({ id: ids[i], text: b.text })),
      );
      // Awaited in turn below; a failure of one still under way when an earlier one fails is not a second error.
      answer.catch(() => undefined);
      return { part, ids, seq, answer };
    };
    let next = queue.length ? request(queue[0]) : null;
    let done = 0;
    for (let q = 0; next && !this.stopped; q++) {
      const { part, ids, seq, answer } = next;
      next = q + 1 < queue.length ? request(queue[q + 1]) : null;
      const result = await answer;
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
    // The current status of every form: tokens are built from it when their block comes near, saves update it.
    for (let f = 0; f < words.lc.length; f++) this.forms.set(words.lc[f], { status: words.status[f], termId: words.termId[f] });
    for (let k = 0; k < multis.lc.length; k++) this.multiForms.set(multis.lc[k], { status: multis.status[k], termId: multis.termId[k] });
    const lemmaOf = new Map<number, string>();
    result.hints.word.forEach((f, k) => lemmaOf.set(f, result.hints.lemma[k]));
    const table = { words, multis, lemmaOf };
    const byId = new Map(result.blocks.map((b) => [b.id, b]));
    // The blocks near the window first: the first screenful is coloured before anything else is done.
    const nearNow = part.map((b) => isNear(b.el));
    const order = part.map((_, k) => k).sort((x, y) => Number(nearNow[y]) - Number(nearNow[x]));
    let sliceStart = performance.now();
    for (let n = 0; n < order.length; n++) {
      const k = order[n];
      const answer = byId.get(ids[k]);
      if (!answer) continue;
      const ab: AnnotatedBlock = { id: ids[k], block: part[k], shown: false, answer, table, placed: null, tokens: null, sentences: answer.s, seq };
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
      if (nearNow[k] && this.onFirstShown && (n + 1 === order.length || !nearNow[order[n + 1]])) {
        this.onFirstShown();
        this.onFirstShown = null;
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
        if (this.stopped) return;
      }
    }
  }

  /** The block's words from the server's answer, with the forms' current statuses, indexed for recolouring. */
  private build(ab: AnnotatedBlock): Token[] {
    const { answer, table } = ab;
    const text = ab.block.text;
    const tokens = blockWords(answer.w, table.words.lc).map((word, index): Token => {
      const form = this.forms.get(word.lc)!;
      const token: Token = { text: '', lc: word.lc, index, status: form.status, termId: form.termId, start: word.start, end: word.end, block: ab };
      if (word.start >= 0) token.text = text.slice(word.start, word.end);
      const reading = answer.readings?.[index];
      if (reading) token.reading = reading;
      const lemma = table.lemmaOf.get(word.form);
      if (lemma) token.lemma = lemma;
      this.index(word.lc, token);
      return token;
    });
    const { m } = answer;
    for (let j = 0; j < m.length; j += 3) this.mark(tokens, m[j], m[j + 1], table.multis.lc[m[j + 2]]);
    ab.tokens = tokens;
    for (const [lc, phrase] of this.savedPhrases) this.markPhrase(ab, lc, phrase);
    return tokens;
  }

  /** Words [from, from + count) belong to the multi-word term `lc` (the longest term wins); returns those that changed. */
  private mark(tokens: Token[], from: number, count: number, lc: string): Token[] {
    const multi = { lc, ...this.multiForms.get(lc)! };
    const changed: Token[] = [];
    for (let x = from; x < from + count && x < tokens.length; x++) {
      const t = tokens[x];
      if (t.multi && (t.multi.lc === lc || t.multi.lc.length >= lc.length)) continue;
      t.multi = multi;
      this.index(lc, t);
      changed.push(t);
    }
    return changed;
  }

  /** Marks a saved phrase's occurrences in a built block, and paints them there if the block is shown. */
  private markPhrase(ab: AnnotatedBlock, lc: string, phrase: Phrase): void {
    const tokens = ab.tokens!;
    for (const at of phraseRuns(tokens, ab.block.text, phrase)) {
      const before = tokens.slice(at, at + phrase.lcs.length).map((t) => t.multi?.status);
      const changed = this.mark(tokens, at, phrase.lcs.length, lc);
      if (ab.shown) for (const t of changed) this.paint(t, { status: t.status, multi: before[t.index - at] });
    }
  }

  /**
   * A phrase of one block was saved as a multi-word term: every occurrence of it on the page takes the term's
   * underline at once, in place (the page is not annotated again; blocks not built yet mark it when they are).
   */
  addPhrase(first: Token, last: Token, term: { lc: string; status: number; termId: number }): void {
    const ab = first.block;
    if (last.block !== ab || !ab.tokens) return;
    const phrase = phraseOf(ab.tokens, ab.block.text, first.index, last.index);
    if (!phrase) return;
    this.multiForms.set(term.lc, { status: term.status, termId: term.termId });
    this.savedPhrases.set(term.lc, phrase);
    for (const block of this.blocks) if (block.tokens) this.markPhrase(block, term.lc, phrase);
    // A phrase that was a term already: its words take the new status.
    this.recolour(term.lc, term.status, term.termId);
  }

  /** Gives each word that lies within one of the block's text nodes (as it still is) its range. */
  private place(ab: AnnotatedBlock, tokens: Token[]): Token[] {
    const { block } = ab;
    const placed: Token[] = (ab.placed = []);
    let nodeIndex = 0;
    let nodeStart = 0;
    let previous: Token | undefined;
    for (const token of tokens) {
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
    if (this.forms.has(lc)) this.forms.set(lc, { status, termId });
    if (this.multiForms.has(lc)) this.multiForms.set(lc, { status, termId });
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
    return sentenceAt(token.block.sentences, token.block.block.text, token.start);
  }

  /** The page's text from the first word through the last (of one block), spaces as one. */
  phraseText(first: Token, last: Token): string {
    return first.block.block.text.slice(first.start, last.end).replace(/\s+/g, ' ').trim();
  }

  /** Words on the page, distinct unknown words, known share of the running words (the library's counts). */
  counts(): { words: number; unknown: number; known_pct: number; n95: number; n98: number } {
    const statusOf = (lc: string) => this.forms.get(lc)!.status;
    const { unknown } = countWords(this.blocks, statusOf);
    // The known share as the library's coverage counts it (a known multi-word term covers its words, issue 50).
    const { words, known_pct, n95, n98 } = pageCoverage(this.blocks, statusOf, (lc) => this.multiForms.get(lc)?.status ?? 0);
    return { words, unknown, known_pct, n95, n98 };
  }

  /** The page's distinct words that have no term yet (lowercased forms), for "Mark the rest of this page known". */
  unknownForms(): string[] {
    const out: string[] = [];
    for (const [lc, f] of this.forms) if (f.status === 0 && lc !== '') out.push(lc);
    return out;
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
    this.forms.clear();
    this.multiForms.clear();
    this.savedPhrases.clear();
    this.byNode = new WeakMap();
    this.staleFrom = new WeakMap();
    this.seen = new WeakSet();
  }
}
