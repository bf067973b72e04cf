// Runs in: main. A JSON text with marked slots (a term id or a status of one reading item), rendered again
// with new values for some keys without rebuilding the rest: GET /words after a term change touches the
// occurrences of one form, not the 20,000 items around them.

/** How a slot's value is written: a term id as `null`/n (full view), as `0`/n (compact view), or a status. */
export const SLOT_ID_OR_NULL = 0;
export const SLOT_ID_OR_ZERO = 1;
export const SLOT_STATUS = 2;
export type SlotKind = typeof SLOT_ID_OR_NULL | typeof SLOT_ID_OR_ZERO | typeof SLOT_STATUS;

export const slotValue = (kind: SlotKind, termId: number, status: number): string =>
  kind === SLOT_STATUS ? String(status) : termId ? String(termId) : kind === SLOT_ID_OR_NULL ? 'null' : '0';

export interface PatchableJson {
  json: string;
  /** Per slot (in text order): where its value starts and ends in `json`, and how it is written. */
  start: Int32Array;
  end: Int32Array;
  kind: Uint8Array;
  key: Int32Array;
  /** The slots of key k are bySlot[keyFirst[k] .. keyFirst[k + 1]). */
  keyFirst: Int32Array;
  bySlot: Int32Array;
}

/** Builds a JSON text piece by piece; runs of fixed text are joined before they reach the parts list. */
export class PatchableJsonBuilder {
  private parts: string[] = [];
  private pending = '';
  private length = 0;
  private starts: number[] = [];
  private ends: number[] = [];
  private keys: number[] = [];
  private kinds: number[] = [];

  text(s: string): void {
    this.pending += s;
  }

  slot(key: number, kind: SlotKind, termId: number, status: number): void {
    const value = slotValue(kind, termId, status);
    this.parts.push(this.pending);
    this.length += this.pending.length;
    this.pending = '';
    this.starts.push(this.length);
    this.parts.push(value);
    this.length += value.length;
    this.ends.push(this.length);
    this.keys.push(key);
    this.kinds.push(kind);
  }

  finish(keyCount: number): PatchableJson {
    this.parts.push(this.pending);
    const n = this.keys.length;
    const keyFirst = new Int32Array(keyCount + 1);
    for (let i = 0; i < n; i++) keyFirst[this.keys[i] + 1]++;
    for (let k = 0; k < keyCount; k++) keyFirst[k + 1] += keyFirst[k];
    const fill = keyFirst.slice(0, keyCount);
    const bySlot = new Int32Array(n);
    for (let i = 0; i < n; i++) bySlot[fill[this.keys[i]]++] = i;
    return {
      json: this.parts.join(''),
      start: Int32Array.from(this.starts),
      end: Int32Array.from(this.ends),
      kind: Uint8Array.from(this.kinds),
      key: Int32Array.from(this.keys),
      keyFirst,
      bySlot,
    };
  }
}

/** The slots of these keys, in text order. */
export function slotsOf(p: PatchableJson, keys: Iterable<number>): Int32Array {
  let count = 0;
  for (const k of keys) count += p.keyFirst[k + 1] - p.keyFirst[k];
  const slots = new Int32Array(count);
  let n = 0;
  for (const k of keys) for (let s = p.keyFirst[k]; s < p.keyFirst[k + 1]; s++) slots[n++] = p.bySlot[s];
  return slots.sort();
}

/**
 * Writes the slots of `keys` from `termId` / `status` (both indexed by key): `p.json` becomes the new text and
 * the slots after a value whose length changed move with it, so the next patch starts from this one.
 */
export function patch(p: PatchableJson, keys: Iterable<number>, termId: Int32Array, status: Int32Array): void {
  const slots = slotsOf(p, keys);
  if (slots.length === 0) return;
  const parts: string[] = new Array(slots.length * 2 + 1);
  const values: string[] = new Array(slots.length);
  let last = 0;
  let n = 0;
  slots.forEach((s, i) => {
    const k = p.key[s];
    values[i] = slotValue(p.kind[s] as SlotKind, termId[k], status[k]);
    parts[n++] = p.json.slice(last, p.start[s]);
    parts[n++] = values[i];
    last = p.end[s];
  });
  parts[n] = p.json.slice(last);
  p.json = parts.join('');
  let delta = 0;
  let next = 0;
  for (let s = slots[0]; s < p.start.length; s++) {
    if (next === slots.length && delta === 0) break;
    const length = p.end[s] - p.start[s];
    p.start[s] += delta;
    if (next < slots.length && slots[next] === s) {
      delta += values[next].length - length;
      next++;
      p.end[s] = p.start[s] + values[next - 1].length;
    } else p.end[s] = p.start[s] + length;
  }
}
