// Runs in: any process. The Korean stemmer (issue 46): a word → its stem without particles and endings
// (학교에서 → 학교, 앞둔 → 앞두다, 했다 → 하다). Learned from Universal Dependencies treebanks
// (scripts/korean-stems.ts, model in resources/korean-stems/): the words seen there are looked up whole; any
// other word is cut by suffix rules over its letters (jamo, so that 가까운 → 가깝다 is the rule "운 → ㅂ다"
// for every ㅂ-irregular adjective): each ending of the word seen in training votes for the results of its
// rules by how often each was right, longer endings far more, and a result that is a stem seen in training
// (학교, 앞두다; longer than one syllable) counts more than one never seen. Words without a particle or ending
// are trained on too (stem = the word), so that an unseen 사람 is left alone rather than read as 사라 + ㅁ.

import type { KoreanGoldPair } from './ud-gold';

/** A trained model, as stored (JSON). */
export interface KoreanStemModel {
  /** Trained on (a line for the README and the language settings). */
  source: string;
  /** Word → stem for the words seen in training (the most frequent stem when it was seen with several). */
  words: Record<string, string>;
  /** Ending (jamo, NFD) → its rules, "strip:add:count" joined by spaces, most frequent first. */
  endings: Record<string, string>;
  /** Stems seen in training. */
  stems: string[];
}

export interface KoreanStemmer {
  /** The word's stem, or null when the word is not Hangul. */
  stem(word: string): string | null;
  readonly words: number;
}

/** The longest ending, in jamo, that rules are learned for (7 ≈ two or three syllables). */
export const MAX_ENDING = 7;
/**
 * How much more a one letter longer ending counts, and a result that is a stem seen in training: chosen on the
 * cross-validation folds of scripts/korean-stems.ts (2-20 and 3-10 move the figure by less than a point).
 */
const LENGTH_WEIGHT = 4;
const KNOWN_STEM_WEIGHT = 10;
// A one-syllable stem (배, 원, 검) is no evidence: so many are known that 배달도 would read as 배 + 달도.

interface Rule {
  strip: number;
  add: string;
  count: number;
}

const HANGUL = /^[\uAC00-\uD7A3]+$/;

function parseRules(text: string): Rule[] {
  return text.split(' ').map((r) => {
    const [strip, add, count] = r.split(':');
    return { strip: Number(strip), add, count: Number(count) };
  });
}

/** Words stemmed by rules are remembered (a reader payload asks for every form of a text again); cleared when full. */
const REMEMBERED = 50_000;

export function createKoreanStemmer(model: KoreanStemModel): KoreanStemmer {
  const words = new Map(Object.entries(model.words));
  // Compared in jamo (NFD), as the rules build them: one normalisation per answer instead of one per candidate.
  const knownStems = new Set(model.stems.filter((s) => s.length > 1).map((s) => s.normalize('NFD')));
  const endings = new Map<string, Rule[]>();
  const remembered = new Map<string, string>();
  const rulesOf = (ending: string): Rule[] | undefined => {
    let rules = endings.get(ending);
    if (!rules && model.endings[ending] !== undefined) endings.set(ending, (rules = parseRules(model.endings[ending])));
    return rules;
  };
  const byRules = (w: string): string => {
    const letters = w.normalize('NFD');
    // Every ending seen votes for its rules' results, a longer (more telling) ending far more.
    const votes = new Map<string, number>();
    for (let k = Math.min(MAX_ENDING, letters.length); k >= 1; k--) {
      const rules = rulesOf(letters.slice(-k));
      if (!rules) continue;
      const total = rules.reduce((n, r) => n + r.count, 0);
      for (const r of rules) {
        if (r.strip >= letters.length) continue;
        const out = letters.slice(0, letters.length - r.strip) + r.add;
        votes.set(out, (votes.get(out) ?? 0) + ((LENGTH_WEIGHT ** k * r.count) / total) * (knownStems.has(out) ? KNOWN_STEM_WEIGHT : 1));
      }
    }
    // The best-voted result that is whole syllables (a rule may leave a lone letter on a word it does not fit).
    for (const [out] of [...votes].sort((x, y) => y[1] - x[1])) {
      const composed = out.normalize('NFC');
      if (HANGUL.test(composed)) return composed;
    }
    return w;
  };
  const stem = (word: string): string | null => {
    const w = word.trim().normalize('NFC');
    if (!HANGUL.test(w)) return null;
    const known = words.get(w) ?? remembered.get(w);
    if (known) return known;
    const out = byRules(w);
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(w, out);
    return out;
  };
  return { stem, words: words.size };
}

/** Trains a model on word → stem pairs (scripts/korean-stems.ts; tests). */
export function trainKoreanStems(pairs: readonly KoreanGoldPair[], source: string): KoreanStemModel {
  const byWord = new Map<string, Map<string, number>>();
  const byEnding = new Map<string, Map<string, number>>();
  const stems = new Set<string>();
  const bump = <K>(m: Map<K, Map<string, number>>, k: K, v: string) => {
    let inner = m.get(k);
    if (!inner) m.set(k, (inner = new Map()));
    inner.set(v, (inner.get(v) ?? 0) + 1);
  };
  for (const { form, stem } of pairs) {
    bump(byWord, form, stem);
    stems.add(stem);
    const f = form.normalize('NFD');
    const s = stem.normalize('NFD');
    let p = 0;
    while (p < f.length && p < s.length && f[p] === s[p]) p++;
    const rule = `${f.length - p}:${s.slice(p)}`;
    for (let k = 1; k <= Math.min(MAX_ENDING, f.length); k++) bump(byEnding, f.slice(-k), rule);
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const words: Record<string, string> = {};
  for (const [w, m] of [...byWord].sort((a, b) => a[0].localeCompare(b[0]))) words[w] = top(m)[0][0];
  const endings: Record<string, string> = {};
  for (const [e, m] of [...byEnding].sort((a, b) => a[0].localeCompare(b[0])))
    endings[e] = top(m)
      .map(([r, n]) => `${r}:${n}`)
      .join(' ');
  return { source, words, endings, stems: [...stems].sort() };
}
