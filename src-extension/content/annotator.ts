// Runs in: the extension's content script. Wrapping the page's words in <lectio-w> elements coloured by status, from
// the server's items (POST /api/v1/annotate, the compact view's shape), and undoing it exactly. Only text nodes and
// attributes are created: nothing is ever parsed as HTML. Word elements are a custom tag, so the page's own CSS for
// span and friends never touches them, and they carry no layout of their own (background colour only).
import type { AnnotateResult } from '../../src-shared/contract/extension';
import { ANNOTATE_MAX_BLOCK_CHARS, ANNOTATE_MAX_BLOCKS, ANNOTATE_MAX_TOTAL_CHARS } from '../../src-shared/contract/extension-limits';
import { STATUS_UNKNOWN, UNKNOWN_COLOR } from '../../src-shared/contract/status';
import { collectBlocks, WORD_TAG, type Block } from './collect';

/** One word of the page as the server saw it. */
export interface Token {
  text: string;
  hex: string;
  status: number;
  termId: number;
  sentence: number;
  reading?: string;
  lemma?: string;
  /** The multi-word term this word belongs to (longest wins), if any. */
  multi?: { hex: string; status: number; termId: number; text: string };
  el?: HTMLElement;
}

export interface AnnotatedBlock {
  id: string;
  block: Block;
  /** Every item's text in order (words, spaces, punctuation): the block as the parser cut it. */
  itemText: string[];
  itemSentence: number[];
  /** Word tokens by item index. */
  words: Map<number, Token>;
}

interface Restore {
  original: Text;
  nodes: Node[];
}

const KNOWN = new Set([5, 98, 99]);
const SAFE_COLOR = /^(#[0-9a-fA-F]{3,8}|transparent|rgba?\([0-9.,\s%]+\))$/;
const SLICE_MS = 8;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class Annotator {
  readonly blocks: AnnotatedBlock[] = [];
  readonly byHex = new Map<string, Set<HTMLElement>>();
  readonly tokenOf = new WeakMap<HTMLElement, { block: AnnotatedBlock; item: number }>();
  /** Nodes Lectio created (wrappers, the text around them): mutations adding them are not new page text. */
  readonly ours = new WeakSet<Node>();
  private seen = new WeakSet<Text>();
  private restores: Restore[] = [];
  private style: HTMLStyleElement | null = null;
  private nextId = 1;
  private stopped = false;

  constructor(
    private readonly send: (languageId: number, blocks: { id: string; text: string }[]) => Promise<AnnotateResult>,
    readonly languageId: number,
  ) {}

  /** The status colours as one style element (numbers and checked colour values only). */
  installStyle(statuses: { status: number; color: string; colorDark: string }[]): void {
    const rules = [
      `${WORD_TAG}{cursor:pointer;border-radius:2px}`,
      // Words written together (Japanese) show where one ends: a hairline that takes no room.
      `:is(:lang(ja),:lang(zh),:lang(th),:lang(lo),:lang(km),:lang(my)) ${WORD_TAG}+${WORD_TAG}{box-shadow:inset 1px 0 0 rgba(0,0,0,.18)}`,
      `${WORD_TAG}[data-s="${STATUS_UNKNOWN}"]{background-color:${UNKNOWN_COLOR}}`,
    ];
    for (const s of statuses) {
      if (!Number.isInteger(s.status) || !SAFE_COLOR.test(s.color)) continue;
      rules.push(`${WORD_TAG}[data-s="${s.status}"]{background-color:${s.color}}`);
      // Multi-word terms: a bar under their words in the status's dark colour (the light ones vanish on white).
      const bar = SAFE_COLOR.test(s.colorDark) && s.colorDark !== 'transparent' ? s.colorDark : '#777';
      rules.push(`${WORD_TAG}[data-m="${s.status}"]{box-shadow:inset 0 -3px 0 ${bar}}`);
    }
    const style = document.createElement('style');
    style.textContent = rules.join('\n');
    this.ours.add(style);
    (document.head ?? document.documentElement).appendChild(style);
    this.style = style;
  }

  /** Collects the not yet annotated blocks under `root` and annotates them, in parts within the server's caps. */
  async annotate(root: Node): Promise<number> {
    const blocks = collectBlocks(root, this.seen).flatMap(splitLong);
    let done = 0;
    for (const part of parts(blocks)) {
      if (this.stopped) break;
      const ids = part.map(() => `b${this.nextId++}`);
      const result = await this.send(
        this.languageId,
        part.map((b, i) => ({ id: ids[i], text: b.text })),
      );
      if (this.stopped) break;
      await this.apply(result, part, ids);
      done += part.length;
    }
    return done;
  }

  private async apply(result: AnnotateResult, part: Block[], ids: string[]): Promise<void> {
    const lemmaOfForm = new Map<number, string>();
    result.families.form.forEach((f, k) => lemmaOfForm.set(f, result.families.lemma[k]));
    const byId = new Map(result.blocks.map((b) => [b.id, b]));
    let sliceStart = performance.now();
    for (let k = 0; k < part.length; k++) {
      const answer = byId.get(ids[k]);
      if (!answer) continue;
      const ab: AnnotatedBlock = { id: ids[k], block: part[k], itemText: [], itemSentence: [], words: new Map() };
      const it = answer.items;
      const multis: number[] = [];
      for (let i = 0; i < it.form.length; i++) {
        const [text, hex, kind] = result.forms[it.form[i]];
        ab.itemSentence.push(it.sentence[i]);
        if (it.wordCount[i] > 1) {
          multis.push(i);
          ab.itemText.push('');
          continue;
        }
        ab.itemText.push(text);
        if (kind !== 'word') continue;
        const token: Token = { text, hex, status: it.status[i], termId: it.termId[i], sentence: it.sentence[i] };
        const reading = answer.readings?.[i];
        if (reading) token.reading = reading;
        const lemma = lemmaOfForm.get(it.form[i]);
        if (lemma) token.lemma = lemma;
        ab.words.set(i, token);
      }
      // A multi-word occurrence follows the token it starts at: its words are the next wordCount word items from there.
      for (const i of multis) {
        const [text, hex] = result.forms[it.form[i]];
        const multi = { hex, status: it.status[i], termId: it.termId[i], text };
        let s0 = i - 1;
        while (s0 > 0 && it.wordCount[s0] > 1) s0--;
        let left = it.wordCount[i];
        for (let j = s0; j < it.form.length && left > 0; j++) {
          const w = it.wordCount[j] === 1 ? ab.words.get(j) : undefined;
          if (!w) continue;
          if (!w.multi || w.multi.text.length < text.length) w.multi = multi;
          left--;
        }
      }
      this.wrap(ab);
      this.blocks.push(ab);
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
        if (this.stopped) return;
      }
    }
  }

  /** Finds each word in the block's text (in order) and wraps those that lie within one text node. */
  private wrap(ab: AnnotatedBlock): void {
    const { block } = ab;
    const starts: number[] = [];
    let acc = 0;
    for (const n of block.nodes) {
      starts.push(acc);
      acc += n.data.length;
    }
    const perNode = new Map<number, { from: number; to: number; item: number }[]>();
    let pos = 0;
    let nodeIndex = 0;
    for (const [item, token] of ab.words) {
      const at = block.text.indexOf(token.text, pos);
      if (at === -1) continue;
      pos = at + token.text.length;
      while (nodeIndex + 1 < starts.length && starts[nodeIndex + 1] <= at) nodeIndex++;
      const nodeStart = starts[nodeIndex];
      const node = block.nodes[nodeIndex];
      if (at + token.text.length > nodeStart + node.data.length) continue; // spans two nodes: left as it is
      const list = perNode.get(nodeIndex) ?? [];
      list.push({ from: at - nodeStart, to: at - nodeStart + token.text.length, item });
      perNode.set(nodeIndex, list);
    }
    for (const [ni, ranges] of perNode) {
      const original = block.nodes[ni];
      const parent = original.parentNode;
      if (!parent || !original.isConnected) continue;
      const nodes: Node[] = [];
      let cursor = 0;
      for (const r of ranges) {
        if (r.from > cursor) nodes.push(this.text(original.data.slice(cursor, r.from)));
        const token = ab.words.get(r.item)!;
        const el = document.createElement(WORD_TAG);
        this.ours.add(el);
        el.appendChild(this.text(original.data.slice(r.from, r.to)));
        this.paint(el, token);
        token.el = el;
        this.tokenOf.set(el, { block: ab, item: r.item });
        let set = this.byHex.get(token.hex);
        if (!set) this.byHex.set(token.hex, (set = new Set()));
        set.add(el);
        if (token.multi) {
          let mset = this.byHex.get(token.multi.hex);
          if (!mset) this.byHex.set(token.multi.hex, (mset = new Set()));
          mset.add(el);
        }
        nodes.push(el);
        cursor = r.to;
      }
      if (cursor < original.data.length) nodes.push(this.text(original.data.slice(cursor)));
      const frag = document.createDocumentFragment();
      for (const n of nodes) frag.appendChild(n);
      parent.replaceChild(frag, original);
      this.restores.push({ original, nodes });
    }
  }

  private text(s: string): Text {
    const t = document.createTextNode(s);
    this.ours.add(t);
    return t;
  }

  private paint(el: HTMLElement, token: Token): void {
    el.setAttribute('data-s', String(token.status));
    if (token.multi) el.setAttribute('data-m', String(token.multi.status));
    else el.removeAttribute('data-m');
  }

  /** A term was saved: every element of its data_hex takes the new status (single words and multi-word groups). */
  recolour(hex: string, status: number, termId: number): number {
    const els = this.byHex.get(hex);
    if (!els) return 0;
    for (const el of els) {
      const ref = this.tokenOf.get(el);
      const token = ref && ref.block.words.get(ref.item);
      if (!token) continue;
      if (token.hex === hex) {
        token.status = status;
        token.termId = termId;
      }
      if (token.multi?.hex === hex) token.multi = { ...token.multi, status, termId };
      this.paint(el, token);
    }
    return els.size;
  }

  /** The sentence of item `item` of a block, as the server cut it. */
  sentenceOf(ab: AnnotatedBlock, item: number): string {
    const s = ab.itemSentence[item];
    let text = '';
    for (let i = 0; i < ab.itemText.length; i++) if (ab.itemSentence[i] === s) text += ab.itemText[i];
    return text.trim();
  }

  /** Words on the page, distinct unknown words, known share of the running words (the library's counts). */
  counts(): { words: number; unknown: number; known_pct: number } {
    let words = 0;
    let known = 0;
    const unknown = new Set<string>();
    for (const b of this.blocks)
      for (const t of b.words.values()) {
        words++;
        if (KNOWN.has(t.status)) known++;
        if (t.status === 0) unknown.add(t.hex);
      }
    return { words, unknown: unknown.size, known_pct: words === 0 ? 0 : Math.round((known / words) * 1000) / 10 };
  }

  /** Undoes everything: the original text nodes go back where they were, the style goes. */
  restore(): void {
    this.stopped = true;
    for (let i = this.restores.length - 1; i >= 0; i--) {
      const { original, nodes } = this.restores[i];
      const first = nodes.find((n) => n.parentNode);
      if (first) first.parentNode!.insertBefore(original, first);
      for (const n of nodes) n.parentNode?.removeChild(n);
    }
    this.restores = [];
    this.style?.remove();
    this.style = null;
    this.blocks.length = 0;
    this.byHex.clear();
    this.seen = new WeakSet();
  }
}

/** A block over the per-block cap is sent as several blocks of whole text nodes (a longer single node is skipped). */
function splitLong(b: Block): Block[] {
  if (b.text.length <= ANNOTATE_MAX_BLOCK_CHARS) return [b];
  const out: Block[] = [];
  let cur: Text[] = [];
  let len = 0;
  for (const n of b.nodes) {
    if (n.data.length > ANNOTATE_MAX_BLOCK_CHARS) continue;
    if (len + n.data.length > ANNOTATE_MAX_BLOCK_CHARS) {
      out.push({ ...b, nodes: cur, text: cur.map((t) => t.data).join('') });
      cur = [];
      len = 0;
    }
    cur.push(n);
    len += n.data.length;
  }
  if (cur.length) out.push({ ...b, nodes: cur, text: cur.map((t) => t.data).join('') });
  return out;
}

/** Requests within the total and count caps (a 2 MB page goes in parts; never refused as a whole). */
function* parts(blocks: Block[]): Generator<Block[]> {
  let cur: Block[] = [];
  let len = 0;
  for (const b of blocks) {
    if (cur.length && (len + b.text.length > ANNOTATE_MAX_TOTAL_CHARS || cur.length >= ANNOTATE_MAX_BLOCKS)) {
      yield cur;
      cur = [];
      len = 0;
    }
    cur.push(b);
    len += b.text.length;
  }
  if (cur.length) yield cur;
}
