// Runs in: main. A JSON text with marked slots (a term id or a status of one reading item), rendered again
// with new values for some keys without rebuilding the rest: GET /words after a term change touches the
// occurrences of one form, not the 20,000 items around them.

/** How a slot's value is written: a term id as `null`/n (full view), as `0`/n (compact view), or a status. */
export const SLOT_ID_OR_NULL = 0;
export const SLOT_ID_OR_ZERO = 1;
export const SLOT_STATUS = 2;
export type SlotKind = typeof SLOT_ID_OR_NULL | typeof SLOT_ID_OR_ZERO | typeof SLOT_STATUS;

/** Statuses as text (0-5, 98, 99 and whatever else a row holds). */
const STATUS_TEXT = Array.from({ length: 100 }, (_, i) => String(i));

export const slotValue = (kind: SlotKind, termId: number, status: number): string =>
  kind === SLOT_STATUS ? (STATUS_TEXT[status] ?? String(status)) : termId ? String(termId) : kind === SLOT_ID_OR_NULL ? 'null' : '0';

export interface PatchableJson {
  json: string;
  /** `json` as UTF-8, made when first sent and dropped by a patch (payloadBytes). */
  bytes?: Buffer;
  /** Per slot (in text order): where its value starts and ends in `json`, and how it is written. */
  start: Int32Array;
  end: Int32Array;
  kind: Uint8Array;
  key: Int32Array;
  /** The slots of key k are bySlot[keyFirst[k] .. keyFirst[k + 1]). */
  keyFirst: Int32Array;
  bySlot: Int32Array;
}

/** Builds a JSON text piece by piece (one join at the end: concatenating as it goes would leave a deep string tree to flatten). */
export class PatchableJsonBuilder {
  private parts: string[] = [];
  private length = 0;
  private count = 0;
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private keys = new Int32Array(1024);
  private kinds = new Uint8Array(1024);

  text(s: string): void {
    this.parts.push(s);
    this.length += s.length;
  }

  slot(key: number, kind: SlotKind, termId: number, status: number): void {
    const value = slotValue(kind, termId, status);
    if (this.count === this.starts.length) this.grow();
    const n = this.count++;
    this.starts[n] = this.length;
    this.parts.push(value);
    this.length += value.length;
    this.ends[n] = this.length;
    this.keys[n] = key;
    this.kinds[n] = kind;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const bigger = <A extends Int32Array | Uint8Array>(a: A, make: (n: number) => A): A => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.starts = bigger(this.starts, (n) => new Int32Array(n));
    this.ends = bigger(this.ends, (n) => new Int32Array(n));
    this.keys = bigger(this.keys, (n) => new Int32Array(n));
    this.kinds = bigger(this.kinds, (n) => new Uint8Array(n));
  }

  finish(keyCount: number): PatchableJson {
    const n = this.count;
    const key = this.keys.slice(0, n);
    const keyFirst = new Int32Array(keyCount + 1);
    for (let i = 0; i < n; i++) keyFirst[key[i] + 1]++;
    for (let k = 0; k < keyCount; k++) keyFirst[k + 1] += keyFirst[k];
    const fill = keyFirst.slice(0, keyCount);
    const bySlot = new Int32Array(n);
    for (let i = 0; i < n; i++) bySlot[fill[key[i]]++] = i;
    return {
      json: this.parts.join(''),
      start: this.starts.slice(0, n),
      end: this.ends.slice(0, n),
      kind: this.kinds.slice(0, n),
      key,
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
  p.bytes = undefined;
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

/** Payloads whose bytes are kept: the few texts being read now (a 20k-word chapter's full view is 3 MB). */
const withBytes: PatchableJson[] = [];
const PAYLOADS_WITH_BYTES = 3;

/** The JSON text as UTF-8, encoded once per version of the text for the recently sent payloads. */
export function payloadBytes(p: PatchableJson): Buffer {
  if (p.bytes) return p.bytes;
  p.bytes = Buffer.from(p.json);
  withBytes.push(p);
  if (withBytes.length > PAYLOADS_WITH_BYTES) withBytes.shift()!.bytes = undefined;
  return p.bytes;
}
