// Trains the Chinese segmenter's averaged perceptron (src-shared/text/zh/segment-model.ts) on gold-segmented
// sentences. Used by scripts/zh-segmenter.ts (the shipped model) and bench/segment.bench.ts (cross-validation).
import { B, E, M, S, TAGS, Weights, allowed, decode, featureKeys, FEATURES, type WordSet } from '../src-shared/text/zh/segment-model';
import type { GoldSentence } from '../bench/segment-eval';

const SPACE = /\s+/g;

/** A sentence's code points (whitespace out, traditional made simplified) and gold tags. */
export function tagged(s: GoldSentence, toSimplified: ReadonlyMap<number, number>): { cps: number[]; tags: Uint8Array } {
  const cps: number[] = [];
  const tags: number[] = [];
  for (const w of s.words) {
    const chars = [...w.replace(SPACE, '')].map((c) => toSimplified.get(c.codePointAt(0)!) ?? c.codePointAt(0)!);
    chars.forEach((c, i) => {
      cps.push(c);
      tags.push(chars.length === 1 ? S : i === 0 ? B : i === chars.length - 1 ? E : M);
    });
  }
  return { cps, tags: Uint8Array.from(tags) };
}

/** A deterministic shuffle (the same model from the same data). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** An averaged perceptron over the sentences (Collins 2002), `epochs` passes. */
export function train(sentences: readonly GoldSentence[], words: WordSet, toSimplified: ReadonlyMap<number, number>, epochs = 12): Weights {
  const data = sentences.map((s) => {
    const t = tagged(s, toSimplified);
    return { ...t, features: featureKeys(t.cps, words) };
  });
  const w = new Weights();
  // Averaging: totals[key] holds Σ step × update, the average is w − totals / step.
  const totals = new Map<number, Float64Array>();
  const transitionTotals = new Float64Array(TAGS * TAGS);
  let step = 1;
  const update = (key: number, tag: number, d: number) => {
    const slot = w.slot(key);
    w.add(slot, tag, d);
    let t = totals.get(key);
    if (!t) totals.set(key, (t = new Float64Array(TAGS)));
    t[tag] += step * d;
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const s of shuffled(data, epoch + 1)) {
      const n = s.cps.length;
      const predicted = decode(w, s.features, n);
      for (let i = 0; i < n; i++) {
        const g = s.tags[i];
        const p = predicted[i];
        if (g !== p) {
          for (let f = 0; f < FEATURES; f++) {
            update(s.features[i * FEATURES + f], g, 1);
            update(s.features[i * FEATURES + f], p, -1);
          }
        }
        if (i > 0) {
          const gt = s.tags[i - 1] * TAGS + g;
          const pt = predicted[i - 1] * TAGS + p;
          if (gt !== pt) {
            w.transitions[gt] += 1;
            transitionTotals[gt] += step;
            w.transitions[pt] -= 1;
            transitionTotals[pt] -= step;
          }
        }
      }
      step++;
    }
  }
  for (const [key, t] of totals) {
    const slot = w.find(key);
    for (let tag = 0; tag < TAGS; tag++) w.add(slot, tag, -t[tag] / step);
  }
  for (let k = 0; k < TAGS * TAGS; k++) w.transitions[k] -= transitionTotals[k] / step;
  // Transitions the decoder never takes keep their weight out of the serialised model's scale.
  for (let p = 0; p < TAGS; p++) for (let t = 0; t < TAGS; t++) if (!allowed(p, t)) w.transitions[p * TAGS + t] = 0;
  return w;
}

export { B, E, M, S };
