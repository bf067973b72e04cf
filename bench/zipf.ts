// Made-up texts for the coverage benches: a distinct word per frequency rank, and running text drawn from a Zipf
// law (s = 1), as a novel's vocabulary is.
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'si', 'pe', 'da', 'gu', 'fi', 'zo', 'be', 'ha', 'ju'];

/** A made-up word per rank: distinct, two to four syllables. */
export const wordOf = (rank: number) => {
  let n = rank + 16;
  let out = '';
  while (n > 0) {
    out += SYLLABLES[n % 16];
    n = Math.floor(n / 16);
  }
  return out;
};

/** A text of `words` words (100,000 for a novel) in sentences of 12 words, ranks drawn from a Zipf law (s = 1) over `vocabulary` words. */
export function zipfBook(words: number, vocabulary: number, seed = 42): string {
  const weights = Array.from({ length: vocabulary }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => {
    const r = random();
    let lo = 0;
    let hi = vocabulary - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return wordOf(lo);
  };
  const sentences: string[] = [];
  for (let i = 0; i < words; i += 12) {
    const s = Array.from({ length: 12 }, pick).join(' ');
    sentences.push(s[0].toUpperCase() + s.slice(1) + '.');
  }
  // Paragraphs of 10 sentences.
  const paras: string[] = [];
  for (let i = 0; i < sentences.length; i += 10) paras.push(sentences.slice(i, i + 10).join(' '));
  return paras.join('\n\n');
}
