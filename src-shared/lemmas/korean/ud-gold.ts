// Runs in: any process (scripts, bench, tests). Gold Korean stems from a Universal Dependencies CoNLL-U file
// (UD Korean GSD: Sejong tags; UD Korean Kaist: KAIST tags). The LEMMA column splits a word into its morphemes
// in base form (학교에서 → 학교+에서, 가까운 → 가깝+ㄴ, 했다 → 하+였+다) and XPOS tags each one (NNG+JKB,
// VA+ETM, VV+EP+EF). A word's stem is its morphemes before the first particle, ending or copula, joined; a
// stem ending in a verb, adjective or verb/adjective-making suffix is a predicate and gets 다 (가깝다, 하다,
// 주관하다); anything else (a noun, a noun + copula: 서울입니다 → 서울) stays as it is.
// Tags of the two schemes: GSD's README (Sejong) and Kaist's (KAIST tag set).

export interface KoreanGoldPair {
  form: string;
  stem: string;
  /** A word with no particle or ending (학교, 함께): its stem is itself. Trained on, not measured. */
  bare?: boolean;
}

/**
 * Particles (J… / j…, Kaist's copula jp among them), endings (E… / e…), GSD's copula VCP and the plural suffix
 * 들 (사람들 → 사람: a learner saves the noun, not its plural) end the stem.
 */
const endsStem = (tag: string, morpheme: string): boolean => /^[JjEe]/.test(tag) || tag === 'VCP' || (/^xsn$/i.test(tag) && morpheme === '들');
/** Verbs, adjectives, auxiliaries, 아니다 and the suffixes that make them (GSD XSV/XSA, Kaist xsv/xsm). */
const isPredicate = (tag: string): boolean => /^(V[VAX]|VCN|XSV|XSA|p[va][gd]|paa|px|xsv|xsm)$/.test(tag);

/** Words written in Hangul only: what the reader's Korean word pattern makes one word of. */
export const HANGUL_WORD = /^[\uAC00-\uD7A3]+$/;

/**
 * Every word of the file written in Hangul, with its gold stem, in running-text order (a word counts as often as
 * it occurs). The words that carry a particle or an ending are what the stemmer is measured on; the others
 * (`bare`) teach it to leave such words alone (without them 사람 looks like 사라 + ㅁ).
 */
export function koreanGoldPairs(conllu: string): KoreanGoldPair[] {
  const out: KoreanGoldPair[] = [];
  for (const line of conllu.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cols = line.split('\t');
    if (cols.length < 10 || !/^\d+$/.test(cols[0])) continue;
    const [, form, lemma, , xpos] = cols;
    if (!HANGUL_WORD.test(form)) continue;
    const parts = lemma.split('+');
    const tags = xpos.split('+');
    if (parts.length !== tags.length) continue;
    const cut = tags.findIndex((t, i) => endsStem(t, parts[i]));
    if (cut < 0) {
      if (!tags.some(isPredicate)) out.push({ form, stem: form, bare: true });
      continue;
    }
    if (cut === 0) continue; // a bare particle or ending written apart: no stem to find
    const stem = parts.slice(0, cut).join('') + (isPredicate(tags[cut - 1]) ? '다' : '');
    if (!HANGUL_WORD.test(stem)) continue;
    out.push({ form, stem });
  }
  return out;
}
