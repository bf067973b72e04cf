// Runs in: the extension's content script. Cutting a page's blocks into requests within POST /api/v1/annotate's caps.
import { ANNOTATE_MAX_BLOCK_CHARS, ANNOTATE_MAX_BLOCKS, ANNOTATE_MAX_TOTAL_CHARS } from '../../src-shared/contract/extension-limits';
import type { Block } from './collect';

/** A block over the per-block cap is sent as several blocks of whole text nodes (a longer single node is skipped). */
export function splitLong(b: Block): Block[] {
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
export function* parts(blocks: Block[]): Generator<Block[]> {
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
