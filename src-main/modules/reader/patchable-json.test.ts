// A patched JSON text reads exactly like one built from scratch with the same values, patch after patch
// (values whose length changes move the slots after them).
import { describe, expect, it } from 'vitest';
import { patch, payloadBytes, PatchableJsonBuilder, SLOT_ID_OR_NULL, SLOT_ID_OR_ZERO, SLOT_STATUS, type PatchableJson } from './patchable-json';

/** Items: each names a key; the text holds both id forms and the status of every item. */
function build(items: number[], term: Int32Array, status: Int32Array): PatchableJson {
  const b = new PatchableJsonBuilder();
  b.text('{"items":[');
  items.forEach((k, i) => {
    b.text(`${i ? ',' : ''}{"n":${i},"id":`);
    b.slot(k, SLOT_ID_OR_NULL, term[k], status[k]);
    b.text(',"id0":');
    b.slot(k, SLOT_ID_OR_ZERO, term[k], status[k]);
    b.text(',"status":');
    b.slot(k, SLOT_STATUS, term[k], status[k]);
    b.text('}');
  });
  b.text(']}');
  return b.finish(term.length);
}

/** Deterministic PRNG so a failure repeats. */
function rng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 0x100000000;
  };
}

describe('patchable JSON', () => {
  it('writes null/0 for no term and the status as a number', () => {
    const p = build([0, 1], Int32Array.from([0, 7]), Int32Array.from([0, 3]));
    expect(JSON.parse(p.json)).toEqual({
      items: [
        { n: 0, id: null, id0: 0, status: 0 },
        { n: 1, id: 7, id0: 7, status: 3 },
      ],
    });
  });

  it('reads like a fresh build after many patches of changing lengths', () => {
    const random = rng(7);
    const keys = 40;
    const items = Array.from({ length: 500 }, () => Math.floor(random() * keys));
    const term = new Int32Array(keys);
    const status = new Int32Array(keys);
    const p = build(items, term, status);
    for (let round = 0; round < 60; round++) {
      const dirty = new Set<number>();
      const changes = 1 + Math.floor(random() * 5);
      for (let c = 0; c < changes; c++) {
        const k = Math.floor(random() * keys);
        // Ids from none to six digits and statuses 1-5, 98, 99: lengths grow and shrink.
        term[k] = random() < 0.3 ? 0 : Math.floor(random() * 10 ** (1 + Math.floor(random() * 6)));
        status[k] = [0, 1, 2, 3, 4, 5, 98, 99][Math.floor(random() * 8)];
        dirty.add(k);
      }
      patch(p, dirty, term, status);
      expect(p.json).toBe(build(items, term, status).json);
    }
  });

  it('leaves the text alone when no key has slots', () => {
    const p = build([0], Int32Array.from([5, 0]), Int32Array.from([1, 0]));
    const before = p.json;
    patch(p, [1], Int32Array.from([5, 9]), Int32Array.from([1, 2]));
    expect(p.json).toBe(before);
  });

  it('sends UTF-8 bytes that follow each patch, and keeps bytes for a few payloads only', () => {
    const term = Int32Array.from([0, 0]);
    const status = Int32Array.from([0, 0]);
    const p = build([0, 1, 0], term, status);
    // A text with characters outside Latin-1 (a two-byte string) whose UTF-8 is longer than its length.
    const title = '"title":"Ça — «naïve»",';
    p.json = p.json.replace('{"items"', `{${title}"items"`);
    p.start.forEach((_, s) => ((p.start[s] += title.length), (p.end[s] += title.length)));
    expect(payloadBytes(p).toString('utf8')).toBe(p.json);
    expect(payloadBytes(p)).toBe(payloadBytes(p));
    term[0] = 123;
    status[0] = 4;
    patch(p, [0], term, status);
    expect(payloadBytes(p).toString('utf8')).toBe(p.json);
    expect(JSON.parse(payloadBytes(p).toString('utf8')).items[2]).toEqual({ n: 2, id: 123, id0: 123, status: 4 });
    const others = [1, 2, 3].map(() => build([0], term, status));
    others.forEach(payloadBytes);
    expect(p.bytes).toBeUndefined();
    expect(others.every((o) => o.bytes !== undefined)).toBe(true);
  });
});
