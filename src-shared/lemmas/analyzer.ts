// Runs in: any process. Surface form → lemma with a Hunspell dictionary, by affix stripping (what Hunspell
// itself does to check a word) rather than by listing every form: Italian or Portuguese dictionaries expand
// to tens of millions of forms (verb + enclitic pronouns), while stripping needs only the headwords and the
// affix rules in memory and answers in microseconds. The same rules as expandWord (hunspell.ts) apply, so a
// form is recognised exactly when the expansion would produce it (tested both ways in hunspell.test.ts).
import { conditionHolds, parseAff, parseDic, type AffData, type AffixClass, type AffixRule } from './hunspell';

/** Plain, structured-cloneable table: what the worker builds and the cache file stores. */
export interface HunspellTable {
  aff: AffData;
  /** Headwords as written (case kept) and their flags, same order. */
  words: string[];
  flags: string[][];
}

interface Entry {
  word: string;
  flags: readonly string[];
}

interface IndexedRule {
  cls: AffixClass;
  rule: AffixRule;
}

export interface HunspellIndex {
  aff: AffData;
  /** Lowercased headword → entries (homographs keep separate flags). */
  words: Map<string, Entry[]>;
  suffixByAdd: Map<string, IndexedRule[]>;
  prefixByAdd: Map<string, IndexedRule[]>;
  maxSuffix: number;
  maxPrefix: number;
  /** Number of headwords. */
  size: number;
}

export interface Candidate {
  lemma: string;
  /** Affixes stripped: 0 = the form is a headword. */
  depth: number;
  /** Characters changed between form and lemma (removed + added). */
  edit: number;
  /** The suffix class of a one-suffix reading. */
  via?: string;
  /** The prefix of a prefixed reading. */
  prefix?: AffixRule;
}

/** Caps for a hostile or oversized dictionary (the shipped ones are far below). */
export const TABLE_LIMITS = { maxAffBytes: 8 * 1024 * 1024, maxDicBytes: 64 * 1024 * 1024, maxHeadwords: 2_000_000 };

/**
 * The worker's job: .aff + one or more .dic texts (sharing that .aff, e.g. en_US + en_GB) → plain table.
 * `progress(done)` gets 0..1 as the headwords are read.
 */
export function buildTable(input: { aff: string; dics: readonly string[] }, progress?: (done: number) => void): HunspellTable {
  if (input.aff.length > TABLE_LIMITS.maxAffBytes) throw new Error('The .aff file is too large');
  const total = input.dics.reduce((n, d) => n + d.length, 0);
  if (total > TABLE_LIMITS.maxDicBytes) throw new Error('The .dic file is too large');
  const aff = parseAff(input.aff);
  const words: string[] = [];
  const flags: string[][] = [];
  let done = 0;
  for (const dic of input.dics) {
    for (const e of parseDic(dic, aff)) {
      if (words.length >= TABLE_LIMITS.maxHeadwords) throw new Error('The dictionary has too many headwords');
      words.push(e.word);
      flags.push(e.flags);
    }
    done += dic.length;
    progress?.(done / Math.max(1, total));
  }
  return { aff, words, flags };
}

/** buildTable as a worker task (src-main/workers/tasks.ts). */
export const buildTableTask = (input: { aff: string; dics: string[] }, ctx: { progress(done: number, stage?: string): void }): HunspellTable =>
  buildTable(input, (done) => ctx.progress(done, 'reading'));

export function indexTable(table: HunspellTable): HunspellIndex {
  const words = new Map<string, Entry[]>();
  for (let i = 0; i < table.words.length; i++) {
    const word = table.words[i];
    const key = word.toLowerCase();
    const list = words.get(key);
    const entry = { word, flags: table.flags[i] };
    if (list) list.push(entry);
    else words.set(key, [entry]);
  }
  const byAdd = (classes: Map<string, AffixClass>) => {
    const map = new Map<string, IndexedRule[]>();
    let max = 0;
    for (const cls of classes.values()) {
      for (const rule of cls.rules) {
        const add = rule.add.toLowerCase();
        max = Math.max(max, add.length);
        const list = map.get(add);
        if (list) list.push({ cls, rule });
        else map.set(add, [{ cls, rule }]);
      }
    }
    return { map, max };
  };
  const s = byAdd(table.aff.suffixes);
  const p = byAdd(table.aff.prefixes);
  return { aff: table.aff, words, suffixByAdd: s.map, prefixByAdd: p.map, maxSuffix: s.max, maxPrefix: p.max, size: table.words.length };
}

const has = (flags: readonly string[], f: string | null) => f !== null && flags.includes(f);

function editCost(form: string, lemma: string): number {
  const l = lemma.toLowerCase();
  let i = 0;
  while (i < form.length && i < l.length && form[i] === l[i]) i++;
  let j = 0;
  while (j < form.length - i && j < l.length - i && form[form.length - 1 - j] === l[l.length - 1 - j]) j++;
  return form.length - i - j + (l.length - i - j);
}

/**
 * Every headword the (lowercase) form can come from. Follows the same paths as expandWord: headword,
 * suffix, twofold suffix, prefix, prefix + suffix (cross-product).
 */
export function candidates(index: HunspellIndex, form: string): Candidate[] {
  const { aff } = index;
  const out: Candidate[] = [];
  const push = (lemma: string, depth: number, via?: string, prefix?: AffixRule) => out.push({ lemma, depth, edit: editCost(form, lemma), via, prefix });
  const blocked = (cont: readonly string[]) => has(cont, aff.needAffix) || has(cont, aff.onlyInCompound);
  const circ = (cont: readonly string[]) => has(cont, aff.circumfix);

  for (const e of index.words.get(form) ?? []) {
    if (!has(e.flags, aff.forbidden) && !has(e.flags, aff.needAffix) && !has(e.flags, aff.onlyInCompound)) push(e.word, 0);
  }

  /**
   * Strips one suffix from `word`; `accept(entry-or-inner, rule, cls)` decides. Calls back with the stem
   * (lowercase) for every rule whose add ends the word and whose strip + condition fit.
   */
  const stripSuffixes = (word: string, visit: (stem: string, ir: IndexedRule) => void) => {
    const max = Math.min(index.maxSuffix, word.length);
    for (let k = 0; k <= max; k++) {
      const rules = index.suffixByAdd.get(word.slice(word.length - k));
      if (!rules) continue;
      const base = word.slice(0, word.length - k);
      for (const ir of rules) {
        const stem = base + ir.rule.strip.toLowerCase();
        if (!stem) continue;
        visit(stem, ir);
      }
    }
  };
  const stripPrefixes = (word: string, visit: (stem: string, ir: IndexedRule) => void) => {
    const max = Math.min(index.maxPrefix, word.length);
    for (let k = 0; k <= max; k++) {
      const rules = index.prefixByAdd.get(word.slice(0, k));
      if (!rules) continue;
      const rest = word.slice(k);
      for (const ir of rules) {
        const stem = ir.rule.strip.toLowerCase() + rest;
        if (!stem) continue;
        visit(stem, ir);
      }
    }
  };
  const entriesWith = (stem: string, flag: string, rule: AffixRule, kind: 'P' | 'S') =>
    (index.words.get(stem) ?? []).filter((e) => e.flags.includes(flag) && !has(e.flags, aff.forbidden) && conditionHolds(rule, e.word.toLowerCase(), kind));

  // Suffixes (and twofold suffixes: the outer one must be a continuation class of the inner one).
  stripSuffixes(form, (stem, outer) => {
    if (!blocked(outer.rule.cont) && !circ(outer.rule.cont)) for (const e of entriesWith(stem, outer.cls.flag, outer.rule, 'S')) push(e.word, 1, outer.cls.flag);
    if (blocked(outer.rule.cont)) return;
    stripSuffixes(stem, (stem2, inner) => {
      if (!inner.rule.cont.includes(outer.cls.flag)) return;
      if (!conditionHolds(outer.rule, stem, 'S')) return;
      for (const e of entriesWith(stem2, inner.cls.flag, inner.rule, 'S')) push(e.word, 2);
    });
  });
  // Prefixes, alone or with a suffix (cross-product, or a continuation class on either side).
  stripPrefixes(form, (stem, pre) => {
    const pcirc = circ(pre.rule.cont);
    if (!blocked(pre.rule.cont) && !pcirc) for (const e of entriesWith(stem, pre.cls.flag, pre.rule, 'P')) push(e.word, 1, undefined, pre.rule);
    stripSuffixes(stem, (stem2, suf) => {
      if (pcirc !== circ(suf.rule.cont)) return;
      const viaCross = pre.cls.cross && suf.cls.cross;
      const viaSuffixCont = suf.rule.cont.includes(pre.cls.flag);
      const viaPrefixCont = pre.rule.cont.includes(suf.cls.flag);
      if (!viaCross && !viaSuffixCont && !viaPrefixCont) return;
      if (!conditionHolds(pre.rule, stem, 'P')) return;
      for (const e of index.words.get(stem2) ?? []) {
        if (has(e.flags, aff.forbidden) || !conditionHolds(suf.rule, e.word.toLowerCase(), 'S')) continue;
        const hasSuf = e.flags.includes(suf.cls.flag);
        const hasPre = e.flags.includes(pre.cls.flag);
        if ((viaCross && hasSuf && hasPre) || (viaSuffixCont && hasSuf) || (viaPrefixCont && hasPre && !hasSuf)) push(e.word, 2, undefined, pre.rule);
      }
    });
  });
  return out;
}

export type Ranking = 'headword-first' | 'derived-first';

export interface RankOptions {
  ranking?: Ranking;
  /** Prefix readings cost this much extra (prefixes mostly make new words: "unhappy" is not "happy"). */
  prefixPenalty?: number;
}

/**
 * The best candidate. headword-first: a form that is itself a headword is its own lemma ("building" stays
 * "building"); derived-first: a form that can also be read as an inflection of another headword goes to
 * that one ("building" → "build"). Then: fewest affixes, smallest edit, lowercase lemma, shorter lemma.
 */
export function rankCandidates(list: readonly Candidate[], opts: RankOptions = {}): Candidate | null {
  const ranking = opts.ranking ?? 'derived-first';
  let best: Candidate | null = null;
  let bestScore = Infinity;
  for (const c of list) {
    const identity = c.depth === 0 ? (ranking === 'headword-first' ? -1000 : 1000) : 0;
    const lowerPenalty = c.lemma === c.lemma.toLowerCase() ? 0 : 0.5;
    const prefix = c.prefix ? (opts.prefixPenalty ?? 0) : 0;
    const score = identity + c.depth * 2 + c.edit + lowerPenalty + prefix;
    if (!best || score < bestScore || (score === bestScore && (c.lemma.length < best.lemma.length || (c.lemma.length === best.lemma.length && c.lemma < best.lemma)))) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

export function lemmatizeWith(index: HunspellIndex, word: string, opts: RankOptions = {}): string | null {
  const form = word.trim().toLowerCase();
  if (!form) return null;
  return rankCandidates(candidates(index, form), opts)?.lemma ?? null;
}

/** The form a headword takes with one suffix class (the first rule that fits), e.g. abbreviate + N → abbreviation. */
export function applyClass(index: HunspellIndex, word: string, flag: string): string | null {
  const cls = index.aff.suffixes.get(flag);
  if (!cls) return null;
  for (const rule of cls.rules) {
    if (rule.strip && !word.endsWith(rule.strip)) continue;
    if (!conditionHolds(rule, word, 'S')) continue;
    return (rule.strip ? word.slice(0, word.length - rule.strip.length) : word) + rule.add;
  }
  return null;
}
