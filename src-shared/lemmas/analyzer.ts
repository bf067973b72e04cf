// Runs in: any process. Surface form → lemma with a Hunspell dictionary, by affix stripping (what Hunspell
// itself does to check a word) rather than by listing every form: Italian or Portuguese dictionaries expand
// to tens of millions of forms (verb + enclitic pronouns), while stripping needs only the headwords and the
// affix rules in memory and answers in microseconds. The same rules as expandWord (hunspell.ts) apply, so a
// form is recognised exactly when the expansion would produce it (tested both ways in hunspell.test.ts).
import { addTrie, type AddTrie } from './add-trie';
import {
  entryOf,
  fillHashStates,
  firstEntry,
  flagsAt,
  hasFlag,
  packTable,
  wordAt,
  type Headwords,
  type HunspellTable,
  type PackedTable,
} from './headword-table';
import { conditionHolds, type AffData, type AffixClass, type AffixRule } from './hunspell';

interface IndexedRule {
  cls: AffixClass;
  rule: AffixRule;
  /** The rule's strip, lowercased. */
  strip: string;
  /** Its continuation classes keep it from standing alone (NEEDAFFIX, ONLYINCOMPOUND), or make it half a circumfix. */
  blocked: boolean;
  circumfix: boolean;
  /** The inner suffix rules that name this rule's class (twofold suffixes), on the outer suffix table's rules. */
  inner?: AddTable;
}

/**
 * The rules of one add string, grouped by strip: one stem (and one headword lookup) per group. `alone`: the group's
 * rules that make a form by themselves (not blocked, not half a circumfix); `twofold`: those a second suffix may stand
 * under (not blocked, with inner rules). A lookup's first suffix reads only these, and skips a group with neither
 * (Portuguese verb endings group hundreds of rules: reading every rule object of every group of an unknown word was
 * most of its time when they were not in the CPU's cache).
 */
type RuleGroups = { strip: string; rules: IndexedRule[]; alone: IndexedRule[]; twofold: IndexedRule[] }[];

export interface HunspellIndex extends Headwords {
  aff: AffData;
  suffixByAdd: AddTable;
  prefixByAdd: AddTable;
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

export function indexTable(table: HunspellTable): HunspellIndex {
  return finishIndex(table, table.packed ?? packTable(table));
}

/**
 * indexTable for the main thread: the table comes packed from the worker, so only the affix rules are indexed
 * here (a few thousand); an unpacked table (an old cache) is packed first, off the request path's turn.
 */
export async function indexTableAsync(table: HunspellTable): Promise<HunspellIndex> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return finishIndex(table, table.packed ?? packTable(table));
}

/**
 * Affix rules grouped by what they add (lowercased), in a trie read from a word's end (suffix tables) or start
 * (prefix tables): a word is cut only where some rule's add ends or begins, found letter by letter (add-trie.ts).
 */
export type AddTable = AddTrie<RuleGroups>;

function finishIndex(table: HunspellTable, packed: PackedTable): HunspellIndex {
  const byAdd = (
    classes: Map<string, AffixClass>,
    fromEnd: boolean,
    keep: (r: AffixRule) => boolean = () => true,
    inners?: ReadonlyMap<string, AddTable>,
  ): AddTable => {
    const map = new Map<string, RuleGroups>();
    for (const cls of classes.values()) {
      for (const rule of cls.rules) {
        if (!keep(rule)) continue;
        const add = rule.add.toLowerCase();
        const ir: IndexedRule = {
          cls,
          rule,
          strip: rule.strip.toLowerCase(),
          blocked: blockedBy(table.aff, rule.cont),
          circumfix: has(rule.cont, table.aff.circumfix),
          inner: inners?.get(cls.flag),
        };
        let groups = map.get(add);
        if (!groups) map.set(add, (groups = []));
        const group = groups.find((g) => g.strip === ir.strip);
        if (group) group.rules.push(ir);
        else groups.push({ strip: ir.strip, rules: [ir], alone: [], twofold: [] });
        const into = group ?? groups[groups.length - 1];
        if (!ir.blocked && !ir.circumfix) into.alone.push(ir);
        if (!ir.blocked && ir.inner) into.twofold.push(ir);
      }
    }
    return addTrie(map, fromEnd);
  };
  // The inner tables first: a rule of the outer table carries its class's (IndexedRule.inner).
  const innerByOuter = new Map<string, AddTable>();
  const targets = new Set<string>();
  for (const cls of table.aff.suffixes.values()) for (const rule of cls.rules) for (const c of rule.cont) if (table.aff.suffixes.has(c)) targets.add(c);
  for (const outer of targets)
    innerByOuter.set(
      outer,
      byAdd(table.aff.suffixes, true, (r) => r.cont.includes(outer)),
    );
  const s = byAdd(table.aff.suffixes, true, undefined, innerByOuter);
  const p = byAdd(table.aff.prefixes, false);
  return {
    aff: table.aff,
    words: table.words,
    flags: table.flags,
    packed,
    next: packed.next,
    suffixByAdd: s,
    prefixByAdd: p,
    size: table.count,
  };
}

const has = (flags: string, f: string | null) => f !== null && flags.includes(f);

/** Characters changed between the form and a lemma, given in lowercase. */
function editCost(form: string, l: string): number {
  let i = 0;
  while (i < form.length && i < l.length && form.charCodeAt(i) === l.charCodeAt(i)) i++;
  let j = 0;
  while (j < form.length - i && j < l.length - i && form.charCodeAt(form.length - 1 - j) === l.charCodeAt(l.length - 1 - j)) j++;
  return form.length - i - j + (l.length - i - j);
}

/**
 * A reading of `form` as `lemma`, with the cost figures the ranking reads. `lower`: the lemma in lowercase, which the
 * caller has (the key its entry was found by: packTable chains entries by it), not made again per reading.
 */
function candidate(form: string, lemma: string, lower: string, depth: number, via?: string, prefix?: AffixRule): Candidate {
  return { lemma, depth, edit: editCost(form, lower), via, prefix };
}

/** A continuation class that keeps the affix from standing alone (NEEDAFFIX, ONLYINCOMPOUND). */
const blockedBy = (aff: HunspellIndex['aff'], cont: string): boolean => has(cont, aff.needAffix) || has(cont, aff.onlyInCompound);

/**
 * Entries of a stem (from its first entry) that carry `flag`, are not forbidden and meet the rule's condition,
 * pushed as readings of `form`. A plain loop, not a callback: this runs for every rule group of every lookup.
 * `key`: the stem in lowercase, which every entry of its chain is spelled as (packTable chains entries by it), so
 * the condition is read once, on it, not on each entry's headword lowercased (two strings per entry and rule).
 */
function pushEntries(
  index: HunspellIndex,
  out: Candidate[],
  form: string,
  first: number,
  key: string,
  flag: string,
  rule: AffixRule,
  kind: 'P' | 'S',
  depth: number,
  via?: string,
  prefix?: AffixRule,
): void {
  let holds: boolean | undefined;
  for (let i = first; i !== -1; i = index.next[i]) {
    if (!hasFlag(index, i, flag) || hasFlag(index, i, index.aff.forbidden)) continue;
    holds ??= conditionHolds(rule, key, kind);
    if (holds) out.push(candidate(form, wordAt(index, i), key, depth, via, prefix));
  }
}

/**
 * A stem a group of suffix rules (same add, same strip) leads a word to: the word's first `cut` letters + `strip`, the
 * stem's first entry (or -1) and the rules. The stem's string is made only where a caller needs it (stemOf).
 */
interface StemHit {
  cut: number;
  strip: string;
  first: number;
  rules: readonly IndexedRule[];
  alone: readonly IndexedRule[];
  twofold: readonly IndexedRule[];
  /** The flags of the stem's entries in chain order, null for a forbidden one (entryFlags, made when first read). */
  flags?: (string | null)[];
}

const stemOf = (word: string, hit: StemHit): string => word.slice(0, hit.cut) + hit.strip;

function entryFlags(index: HunspellIndex, first: number): (string | null)[] {
  const flags: (string | null)[] = [];
  for (let i = first; i !== -1; i = index.next[i]) {
    const f = flagsAt(index, i);
    flags.push(has(f, index.aff.forbidden) ? null : f);
  }
  return flags;
}

/** hashState after each prefix of the word suffixStems cuts: one buffer reused by every lookup (read before it returns). */
let prefixStates: Int32Array = new Int32Array(64);

/**
 * Stems a suffix table's rule groups lead `word` to: one hit per group, not per rule (this runs on every lookup).
 * `headwordsOnly` leaves out stems that are no headword (what a reading needs). Else (a form's first suffix) a group is
 * tried only when it has rules that make a form alone or stand under a second suffix, and a stem that is no headword
 * is kept only for the second (it may stand on any stem).
 */
function suffixStems(index: HunspellIndex, word: string, table: AddTable, headwordsOnly: boolean): StemHit[] {
  const out: StemHit[] = [];
  const states = (prefixStates = fillHashStates(prefixStates, word, 0));
  // Ends of the word some add spells, shortest first: the word's letters from its end, down the table's trie.
  let node: AddTable | undefined = table;
  for (let cut = word.length; node; node = cut > 0 ? node.next.get(word.charCodeAt(--cut)) : undefined) {
    if (!node.value) continue;
    for (const g of node.value) {
      if (cut + g.strip.length === 0 || (!headwordsOnly && g.alone.length === 0 && g.twofold.length === 0)) continue;
      const first = entryOf(index, word, 0, cut, g.strip, states[cut]);
      if (first !== -1 || (!headwordsOnly && g.twofold.length > 0))
        out.push({ cut, strip: g.strip, first, rules: g.rules, alone: g.alone, twofold: g.twofold });
    }
  }
  return out;
}

/**
 * Every headword the (lowercase) form can come from. Follows the same paths as expandWord: headword,
 * suffix, twofold suffix, prefix, prefix + suffix (cross-product).
 */
export function candidates(index: HunspellIndex, form: string): Candidate[] {
  const { aff, next } = index;
  const out: Candidate[] = [];
  for (let i = firstEntry(index, form); i !== -1; i = next[i]) {
    if (!hasFlag(index, i, aff.forbidden) && !hasFlag(index, i, aff.needAffix) && !hasFlag(index, i, aff.onlyInCompound))
      out.push(candidate(form, wordAt(index, i), form, 0));
  }

  // One affix: suffixes, then prefixes. Two affixes (twofold suffixes, prefix + suffix) only when no reading
  // with fewer was found: the ranking prefers fewer affixes anyway, and this keeps lookups of known forms fast.
  const suffixHits = suffixStems(index, form, index.suffixByAdd, false);
  for (const hit of suffixHits) {
    if (hit.first === -1 || hit.alone.length === 0) continue;
    const key = stemOf(form, hit);
    for (const outer of hit.alone) pushEntries(index, out, form, hit.first, key, outer.cls.flag, outer.rule, 'S', 1, outer.cls.flag);
  }
  // Each prefix group's stem, with its rules: the stem's suffix readings are gathered once for all of them.
  const prefixed: [string, readonly IndexedRule[]][] = [];
  let node: AddTable | undefined = index.prefixByAdd;
  for (let k = 0; node; node = k < form.length ? node.next.get(form.charCodeAt(k++)) : undefined) {
    if (!node.value) continue;
    const rest = form.slice(k);
    for (const g of node.value) {
      const stem = g.strip + rest;
      if (!stem) continue;
      const first = g.alone.length > 0 ? firstEntry(index, stem) : -1;
      if (first !== -1) for (const pre of g.alone) pushEntries(index, out, form, first, stem, pre.cls.flag, pre.rule, 'P', 1, undefined, pre.rule);
      prefixed.push([stem, g.rules]);
    }
  }
  if (out.length > 0) return out;
  // Stems and outer classes read so far (made when a first one is: most words have no twofold suffix to try).
  let inner: Set<string> | null = null;
  for (const hit of suffixHits) {
    let stem: string | null = null;
    for (const outer of hit.twofold) {
      stem ??= stemOf(form, hit);
      // The same stem and outer class through another rule: the same inner readings again.
      const seen = `${outer.cls.flag}\u0000${stem}`;
      if (inner?.has(seen) || !conditionHolds(outer.rule, stem, 'S')) continue;
      (inner ??= new Set()).add(seen);
      for (const hit2 of suffixStems(index, stem, outer.inner!, true)) {
        const key = stemOf(stem, hit2);
        for (const ir of hit2.rules) pushEntries(index, out, form, hit2.first, key, ir.cls.flag, ir.rule, 'S', 2);
      }
    }
  }
  for (const [stem, rules] of prefixed) {
    let suffixed: StemHit[] | null = null;
    for (const pre of rules) {
      if (!conditionHolds(pre.rule, stem, 'P')) continue;
      for (const hit of (suffixed ??= suffixStems(index, stem, index.suffixByAdd, true))) {
        // The stem's entries (a homograph or two; null: forbidden) and which carry the prefix's class, once for every
        // suffix rule of the group (Portuguese verbs carry long flag strings and share an ending with dozens of rules).
        const flags = (hit.flags ??= entryFlags(index, hit.first));
        const withPre = flags.map((f) => f !== null && f.includes(pre.cls.flag));
        // The stem in lowercase, which every entry of the chain is spelled as (pushEntries): made when first read.
        let key: string | null = null;
        for (const suf of hit.rules) {
          if (pre.circumfix !== suf.circumfix) continue;
          const viaCross = pre.cls.cross && suf.cls.cross;
          const viaSuffixCont = suf.rule.cont.includes(pre.cls.flag);
          const viaPrefixCont = pre.rule.cont.includes(suf.cls.flag);
          if (!viaCross && !viaSuffixCont && !viaPrefixCont) continue;
          for (let i = hit.first, j = 0; i !== -1; i = next[i], j++) {
            const f = flags[j];
            if (f === null) continue;
            const hasSuf = f.includes(suf.cls.flag);
            const hasPre = withPre[j];
            if (!((viaCross && hasSuf && hasPre) || (viaSuffixCont && hasSuf) || (viaPrefixCont && hasPre && !hasSuf))) continue;
            if (conditionHolds(suf.rule, (key ??= stemOf(stem, hit)), 'S')) out.push(candidate(form, wordAt(index, i), key, 2, undefined, pre.rule));
          }
        }
      }
    }
  }
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
    if (
      !best ||
      score < bestScore ||
      (score === bestScore && (c.lemma.length < best.lemma.length || (c.lemma.length === best.lemma.length && c.lemma < best.lemma)))
    ) {
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
