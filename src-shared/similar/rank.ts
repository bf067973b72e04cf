// Runs in: any process. Similar-terms suggestions for the term editor (SPEC "Similar-terms suggestions").
//
// 1. Terms sharing the searched term's lemma come first, whatever their spelling (skipped when the caller
//    says the language does not use lemmas, SPEC rule 3).
// 2. The rest are ranked on shared letter pairs and picked one at a time. The first pick is the best
//    whole-term match (Dice coefficient of the letter-pair multisets). After each pick, the letter pairs it
//    explains are taken out of the searched term, and the next pick is scored on what is left, so a
//    candidate that only repeats an earlier pick scores near nothing.
// 3. Known terms (status 5 and 99) are preferred: a tie-break on the first pick, a score bonus after it.
//
// Our scoring formula (the spec leaves it open): score = 2·|pairs(c) ∩ remaining| / (|pairs(term)| + |pairs(c)|)
// + 0.01·Dice(c, term), times KNOWN_BONUS for known terms after the first pick. The small Dice term orders
// candidates that explain nothing new, without lifting them above any that do.

export interface SimilarCandidate {
  id: number;
  /** Lowercased text. */
  text: string;
  /** Lowercased lemma, or null. */
  lemma: string | null;
  status: number;
}

export interface SimilarHit {
  id: number;
  reason: 'lemma' | 'spelling';
  score: number;
}

export const KNOWN_STATUSES: readonly number[] = [5, 99];
export const KNOWN_BONUS = 1.2;
/** Candidates whose whole-term Dice score is below this are not suggested at all. */
export const MIN_SIMILARITY = 0.2;
/** Rough (distinct-pair) similarity below which a candidate is not even scored exactly. */
const ROUGH_CUT = MIN_SIMILARITY * 0.75;
/** How many of the best whole-term matches enter the one-at-a-time picking. */
const SHORTLIST = 100;

/**
 * Letter pairs of each word (letters and digits only, lowercased); a one-letter word counts as one unit.
 * "Ice cream" → ic, ce, cr, re, ea, am.
 */
export function letterPairs(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u)) {
    const chars = [...word];
    if (chars.length === 1) out.push(chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

function multiset(pairs: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const p of pairs) m.set(p, (m.get(p) ?? 0) + 1);
  return m;
}

function overlap(pairs: readonly string[], pool: Map<string, number>, repeats = true): number {
  if (!repeats) {
    let n = 0;
    for (const p of pairs) if ((pool.get(p) ?? 0) > 0) n++;
    return n;
  }
  const used = new Map<string, number>();
  let n = 0;
  for (const p of pairs) {
    const u = used.get(p) ?? 0;
    if (u < (pool.get(p) ?? 0)) {
      used.set(p, u + 1);
      n++;
    }
  }
  return n;
}

interface Entry extends SimilarCandidate {
  pairs: string[];
  distinctPairs: number;
  /** Whether a letter pair occurs twice ("banana"): overlap then needs multiset counting. */
  repeats: boolean;
  alive: boolean;
}

/** An inverted index from letter pairs (and lemmas) to candidates, so a query touches only likely terms. */
export class SimilarIndex {
  private entries: Entry[] = [];
  private byId = new Map<number, number>();
  private postings = new Map<string, number[]>();
  private byLemma = new Map<string, number[]>();
  private dead = 0;
  /** Scratch counters for the prefilter, one per entry, always left at zero between queries. */
  private counts = new Uint16Array(0);

  constructor(candidates: Iterable<SimilarCandidate> = []) {
    for (const c of candidates) this.add(c);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Adds a candidate, replacing any earlier one with the same id. */
  add(c: SimilarCandidate): void {
    this.remove(c.id);
    const idx = this.entries.length;
    const pairs = letterPairs(c.text);
    const distinct = new Set(pairs);
    this.entries.push({ ...c, pairs, distinctPairs: distinct.size, repeats: distinct.size !== pairs.length, alive: true });
    this.byId.set(c.id, idx);
    for (const p of distinct) {
      const list = this.postings.get(p);
      if (list) list.push(idx);
      else this.postings.set(p, [idx]);
    }
    if (c.lemma) {
      const list = this.byLemma.get(c.lemma);
      if (list) list.push(idx);
      else this.byLemma.set(c.lemma, [idx]);
    }
  }

  remove(id: number): void {
    const idx = this.byId.get(id);
    if (idx === undefined) return;
    this.entries[idx].alive = false;
    this.byId.delete(id);
    this.dead++;
  }

  /** Share of removed entries still taking space; callers rebuild when it grows large. */
  get wasted(): number {
    return this.entries.length ? this.dead / this.entries.length : 0;
  }

  /**
   * Suggestions for a term. `lemma` is the searched term's lemma (lowercased), or null; `useLemma` is false
   * for languages whose lemmatizer is none. `excludeId` leaves the edited term out.
   */
  query(q: { text: string; lemma: string | null; useLemma: boolean; excludeId?: number; limit?: number }): SimilarHit[] {
    const limit = q.limit ?? 10;
    const text = q.text.trim().toLowerCase();
    const termPairs = letterPairs(text);
    const whole = multiset(termPairs);
    const isSelf = (e: Entry) => e.id === q.excludeId || e.text === text;
    const dice = (e: Entry) => (termPairs.length + e.pairs.length ? (2 * overlap(e.pairs, whole, e.repeats)) / (termPairs.length + e.pairs.length) : 0);
    const known = (e: Entry) => KNOWN_STATUSES.includes(e.status);

    // Rule 1: same lemma first, known ones first, then by spelling.
    const hits: SimilarHit[] = [];
    const taken = new Set<number>();
    if (q.useLemma && q.lemma) {
      const family = (this.byLemma.get(q.lemma) ?? []).map((i) => this.entries[i]).filter((e) => e.alive && !isSelf(e));
      family
        .map((e) => ({ e, d: dice(e) }))
        .sort((a, b) => Number(known(b.e)) - Number(known(a.e)) || b.d - a.d || a.e.text.localeCompare(b.e.text))
        .slice(0, limit)
        .forEach(({ e, d }) => {
          hits.push({ id: e.id, reason: 'lemma', score: 1 + d });
          taken.add(e.id);
        });
    }
    if (hits.length >= limit || termPairs.length === 0) return hits;

    // Prefilter through the postings: count distinct shared pairs per candidate (typed scratch, no maps).
    if (this.counts.length < this.entries.length) this.counts = new Uint16Array(Math.max(1024, this.entries.length * 2));
    const counts = this.counts;
    const touched: number[] = [];
    for (const p of whole.keys()) {
      const list = this.postings.get(p);
      if (!list) continue;
      for (let k = 0; k < list.length; k++) {
        const idx = list[k];
        if (counts[idx]++ === 0) touched.push(idx);
      }
    }
    // Only the candidates sharing the most pairs go on: the smallest shared count that still leaves about
    // twice the shortlist, so common pairs ("in", "er") do not drag thousands of weak candidates along.
    const distinct = whole.size;
    const histogram = new Uint32Array(distinct + 1);
    for (const idx of touched) histogram[counts[idx]]++;
    let minShared = distinct;
    for (let n = distinct, seen = 0; n >= 1; n--) {
      seen += histogram[n];
      minShared = n;
      if (seen >= 2 * SHORTLIST) break;
    }
    // A rough Dice on distinct pairs orders the shortlist; the loose cut-off keeps anything likely to pass MIN_SIMILARITY.
    const rough: { idx: number; r: number }[] = [];
    for (const idx of touched) {
      const n = counts[idx];
      counts[idx] = 0;
      if (n < minShared) continue;
      const r = (2 * n) / (distinct + this.entries[idx].distinctPairs);
      if (r >= ROUGH_CUT) rough.push({ idx, r });
    }
    rough.sort((a, b) => b.r - a.r);
    const shortlist: { e: Entry; d: number }[] = [];
    for (const { idx } of rough) {
      if (shortlist.length >= SHORTLIST) break;
      const e = this.entries[idx];
      if (!e.alive || isSelf(e) || taken.has(e.id)) continue;
      const d = dice(e);
      if (d >= MIN_SIMILARITY) shortlist.push({ e, d });
    }

    // One at a time, on what is not yet explained.
    const remaining = new Map(whole);
    const pool = shortlist;
    const total = termPairs.length;
    for (let pick = 0; hits.length < limit && pool.length > 0; pick++) {
      let best = -1;
      let bestScore = -1;
      for (let i = 0; i < pool.length; i++) {
        const { e, d } = pool[i];
        let score = (2 * overlap(e.pairs, remaining, e.repeats)) / (total + e.pairs.length) + 0.01 * d;
        if (pick > 0 && known(e)) score *= KNOWN_BONUS;
        const better =
          score > bestScore + 1e-12 ||
          (Math.abs(score - bestScore) <= 1e-12 &&
            best >= 0 &&
            ((known(e) && !known(pool[best].e)) || (known(e) === known(pool[best].e) && e.text < pool[best].e.text)));
        if (better) {
          best = i;
          bestScore = score;
        }
      }
      const { e } = pool[best];
      pool.splice(best, 1);
      hits.push({ id: e.id, reason: 'spelling', score: Math.round(bestScore * 1000) / 1000 });
      for (const p of e.pairs) {
        const n = remaining.get(p);
        if (n) remaining.set(p, n - 1);
      }
    }
    return hits;
  }
}
