// Runs in: any process. Rewrites of a text that remember where each position came from, so the parser's
// positions (after line-ending normalisation, substitutions, space removal, trimming) map back to offsets
// into the text as stored: a sentence is then stored as a span of TxText instead of a second copy.

/** A piecewise map from positions of a rewritten string to positions of its source: one segment per edit. */
export class OffsetMap {
  private readonly outAt: number[] = [0];
  private readonly inAt: number[] = [0];
  private readonly replaced: boolean[] = [false];

  /** Adds a segment starting at `out` in the rewritten string and `from` in the source. */
  push(out: number, from: number, replaced: boolean): void {
    this.outAt.push(out);
    this.inAt.push(from);
    this.replaced.push(replaced);
  }

  /** The source position of rewritten position `p`; a position inside a replacement maps to its start. */
  toSource(p: number): number {
    let lo = 0;
    let hi = this.outAt.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.outAt[mid] <= p) lo = mid;
      else hi = mid - 1;
    }
    return this.replaced[lo] ? this.inAt[lo] : this.inAt[lo] + (p - this.outAt[lo]);
  }
}

/** `text.replace(pattern, replace)` (pattern global) that also returns the offset map, or null when nothing changed. */
export function replaceTracked(text: string, pattern: RegExp, replace: (match: string) => string): { text: string; map: OffsetMap | null } {
  const parts: string[] = [];
  const map = new OffsetMap();
  let outLength = 0;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const replacement = replace(m[0]);
    if (replacement === m[0]) continue;
    parts.push(text.slice(last, m.index));
    outLength += m.index - last;
    map.push(outLength, m.index, true);
    parts.push(replacement);
    outLength += replacement.length;
    last = m.index + m[0].length;
    map.push(outLength, last, false);
  }
  if (last === 0 && parts.length === 0) return { text, map: null };
  parts.push(text.slice(last));
  return { text: parts.join(''), map };
}

/** A chain of rewrites: maps a position of the last result back to the original. */
export class OffsetChain {
  private readonly maps: OffsetMap[] = [];
  /** Characters removed from the start by the final trim. */
  lead = 0;

  add(map: OffsetMap | null): void {
    if (map) this.maps.push(map);
  }

  toSource(p: number): number {
    let at = p + this.lead;
    for (let i = this.maps.length - 1; i >= 0; i--) at = this.maps[i].toSource(at);
    return at;
  }
}
