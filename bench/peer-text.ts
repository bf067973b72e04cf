// A stand-in for the peer comparison's text: 9,849 words of English-shaped prose in 438 sentences (~60 KB),
// with a Zipf-distributed vocabulary of about 2,100 distinct forms, made deterministically. The measured
// LWT 3.4.2 figures were taken on a public-domain speech collection of the same size and shape.

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUNCTION_WORDS = (
  'the of and to a in that is it for as was with be by on not he this are or his from at which but have an they ' +
  'you were their one all we can her has there been if more when will would who so no our us may these them its shall upon'
).split(' ');
const SYLLABLES =
  'ab ac ad al am an ar as at ba be bi bo ca ce ci co cu da de di do du el em en er es fa fe fi fo ga ge go ha he hi ho in ir is ja ka la le li lo lu ma me mi mo mu na ne ni no nu or pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu un ur va ve vi vo wa we wi yo za'.split(
    ' ',
  );

export interface PeerText {
  text: string;
  words: number;
  sentences: number;
}

/** The peer text; other sizes (e.g. a 20,000-word chapter) come from the same generator. */
export function peerText(opts: { words?: number; sentences?: number; vocabulary?: number; seed?: number } = {}): PeerText {
  const rand = prng(opts.seed ?? 42);
  const vocab: string[] = [...FUNCTION_WORDS];
  const seen = new Set(vocab);
  while (vocab.length < (opts.vocabulary ?? 4000)) {
    const n = 2 + Math.floor(rand() * 3.6);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (rand() < 0.2) w += ['s', 'ed', 'ing', 'ly', 'tion'][Math.floor(rand() * 5)];
    if (!seen.has(w)) {
      seen.add(w);
      vocab.push(w);
    }
  }
  // Zipf weights (s = 1.05) over the vocabulary.
  const weights = vocab.map((_, i) => 1 / Math.pow(i + 1, 1.0));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const pick = () => {
    const r = rand();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo];
  };
  const WORDS = opts.words ?? 9849;
  const SENTENCES = opts.sentences ?? 438;
  const paragraphs: string[] = [];
  let sentences: string[] = [];
  let written = 0;
  for (let s = 0; s < SENTENCES; s++) {
    const left = SENTENCES - s;
    const len = s === SENTENCES - 1 ? WORDS - written : Math.max(4, Math.round(((WORDS - written) / left) * (0.5 + rand())));
    const ws: string[] = [];
    for (let i = 0; i < len; i++) ws.push(pick());
    written += len;
    for (let i = 2; i < ws.length - 2; i += 7 + Math.floor(rand() * 6)) ws[i] += ',';
    ws[0] = ws[0][0].toUpperCase() + ws[0].slice(1);
    sentences.push(ws.join(' ') + (rand() < 0.1 ? '?' : '.'));
    if (sentences.length >= 4 + Math.floor(rand() * 4)) {
      paragraphs.push(sentences.join(' '));
      sentences = [];
    }
  }
  if (sentences.length) paragraphs.push(sentences.join(' '));
  return { text: paragraphs.join('\n\n'), words: WORDS, sentences: SENTENCES };
}
