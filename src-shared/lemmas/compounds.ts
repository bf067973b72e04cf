// Runs in: any process. Compounds the dictionary does not list (issue 30): German, Dutch, Swedish, Estonian and
// a few others write them as one word ("Haustüren", "huisdeuren", "majauksed"), so most never appear in the
// .dic. A compound inflects at its end, so its lemma is its first parts plus its last part's lemma
// ("Haustüren" → "Haustür", in the family of the compound, which the last part decides). That reading is given
// only when the dictionary itself marks every part for its place — COMPOUNDFLAG anywhere, COMPOUNDBEGIN first,
// COMPOUNDMIDDLE between, COMPOUNDEND last — on the headword or on an affix applied to it (igerman98 marks
// "Haus" as a first part through a suffix that adds nothing); never by guessing from a known last word. When
// two splits give two lemmas ("Staubecken": Stau + Becken or Staub + Ecken), the word gets none.
// Hunspell's finer compound checks (COMPOUNDRULE, CHECKCOMPOUNDPATTERN, CHECKCOMPOUNDCASE) are not applied.
import { addTrie, type AddTrie } from './add-trie';
import { type HunspellIndex } from './analyzer';
import { entryOf, fillHashStates, firstEntry, hasFlag } from './headword-table';
import { conditionHolds, type AffixClass, type AffixRule } from './hunspell';

type Role = 'begin' | 'middle' | 'end';

/** At most this many parts: enough for "Haustürschlüssel", and it bounds the work on a long unknown word. */
const MAX_PARTS = 4;

/**
 * A last part's lemmas: the headwords it can come from, and the lemmatizer's answer for it as a word of its own
 * (asked only when one of those headwords is a marked last part: it costs a second pass of the analyser).
 */
export interface PartLemmas {
  readings: readonly string[];
  best: () => string | null;
  /** The headword a derived answer of `best` is made from (German Untersuchung ← untersuchen), else null. */
  derivedFrom?: (answer: string) => string | null;
}

/** The lemma of a word the dictionary has no reading of, through its compound marks; null when it has none. */
export type CompoundLemma = (form: string, lemmasOfPart: (part: string) => PartLemmas) => string | null;

/**
 * The compound reader of a dictionary, or null when its .aff marks no compound parts (then nothing is split).
 * `form` is lowercase. The last part's lemma is the lemmatizer's answer when the dictionary marks it as a last
 * part; else the one other headword it can come from that is so marked (lowercase "zimmer" alone reads as the
 * verb "zimmern", in "Arbeitszimmer" it is the noun "Zimmer"); none when several are.
 */
export function compoundReader(index: HunspellIndex): CompoundLemma | null {
  const { any, begin, middle, end, min } = index.aff.compound;
  if (any === null && begin === null && end === null) return null;
  const marks: Record<Role, string[]> = {
    begin: [any, begin].filter((f): f is string => f !== null),
    middle: [any, middle].filter((f): f is string => f !== null),
    end: [any, end].filter((f): f is string => f !== null),
  };
  const forbidden = index.aff.forbidden;
  /** Does headword i carry a mark of the role (its flags read in place: hasFlag)? */
  const marked = (i: number, role: Role) => {
    for (const f of marks[role]) if (hasFlag(index, i, f)) return true;
    return false;
  };
  // Affixes whose continuation classes carry a role's mark (Danish has 1,700), by their lowercased add string, in a
  // trie read from a part's end (suffixes) or start (prefixes): a part is cut only where some affix ends or begins.
  type Marked = { cls: AffixClass; rule: AffixRule; strip: string };
  const affixes = (classes: Map<string, AffixClass>, role: Role, fromEnd: boolean) => {
    const byAdd = new Map<string, Marked[]>();
    for (const cls of classes.values()) {
      for (const rule of cls.rules) {
        if (!marks[role].some((f) => rule.cont.includes(f))) continue;
        const add = rule.add.toLowerCase();
        const list = byAdd.get(add) ?? [];
        list.push({ cls, rule, strip: rule.strip.toLowerCase() });
        byAdd.set(add, list);
      }
    }
    return addTrie(byAdd, fromEnd);
  };
  const byRole = Object.fromEntries(
    (['begin', 'middle', 'end'] as const).map((role) => [
      role,
      { suffixes: affixes(index.aff.suffixes, role, true), prefixes: affixes(index.aff.prefixes, role, false) },
    ]),
  ) as Record<Role, { suffixes: AddTrie<Marked[]>; prefixes: AddTrie<Marked[]> }>;

  /**
   * Does entry `first` (or a homograph after it) carry `flag`, and the rule's condition hold on it? Every entry of the
   * chain is spelled `text[from, to) + strip` in lowercase (packTable chains entries by it): the condition is
   * read on that, made once and only when an entry carries the flag.
   */
  const entryWith = (first: number, flag: string, rule: AffixRule, kind: 'P' | 'S', text: string, from: number, to: number, strip: string) => {
    for (let i = first; i !== -1; i = index.next[i])
      if (hasFlag(index, i, flag) && !hasFlag(index, i, forbidden)) return conditionHolds(rule, text.slice(from, to) + strip, kind);
    return false;
  };

  /**
   * Is the lowercase part text[from, to) marked for `role`: a headword with the mark, or an affixed form whose affix
   * adds it? `states` is hashState over text from `from` (fillHashStates): the part and its suffix stems are hashed
   * from there, not cut out as strings (a compound lookup asks this a few hundred times).
   */
  const isPart = (text: string, from: number, to: number, role: Role, states: Int32Array): boolean => {
    if (to - from < min) return false;
    for (let i = entryOf(index, text, from, to, '', states[to]); i !== -1; i = index.next[i]) {
      if (marked(i, role) && !hasFlag(index, i, forbidden)) return true;
    }
    const { suffixes, prefixes } = byRole[role];
    let node: AddTrie<Marked[]> | undefined = suffixes;
    for (let cut = to; node; node = cut > from ? node.next.get(text.charCodeAt(--cut)) : undefined) {
      if (!node.value) continue;
      for (const { cls, rule, strip } of node.value) {
        if (cut === from && !strip) continue;
        const first = entryOf(index, text, from, cut, strip, states[cut]);
        if (first !== -1 && entryWith(first, cls.flag, rule, 'S', text, from, cut, strip)) return true;
      }
    }
    node = prefixes;
    for (let k = from; node; node = k < to ? node.next.get(text.charCodeAt(k++)) : undefined) {
      if (!node.value) continue;
      for (const { cls, rule, strip } of node.value) {
        const stem = strip + text.slice(k, to);
        if (!stem) continue;
        const first = firstEntry(index, stem);
        if (first !== -1 && entryWith(first, cls.flag, rule, 'P', stem, 0, stem.length, '')) return true;
      }
    }
    return false;
  };
  /** isPart of a whole word (a last part's lemma). */
  const isWordPart = (word: string, role: Role): boolean => isPart(word, 0, word.length, role, fillHashStates(new Int32Array(word.length + 1), word, 0));

  /**
   * Is the form's first `length` letters a first part followed by up to `room - 1` middle parts? Every head is a
   * prefix of the form, so the answers so far are kept by (length, room) in `seen` (0 not asked, 1 yes, 2 no): no
   * key strings are built on a lookup that may ask a few hundred times. `states[from]`: hashState over the form from
   * `from` (filled when first asked), which its parts starting there are hashed from.
   */
  const isHead = (form: string, length: number, room: number, seen: Uint8Array, states: Int32Array[]): boolean => {
    const slot = length * MAX_PARTS + room;
    if (seen[slot] !== 0) return seen[slot] === 1;
    let ok = isFirstPart(form, length, seen, states);
    // The shorter head first: it is remembered, and few of them are heads, so the middle part (an affix search of
    // its own, a different substring at every cut) is looked at only behind one.
    for (let cut = length - min; !ok && room > 1 && cut >= min; cut--)
      ok =
        isHead(form, cut, room - 1, seen, states) &&
        isPart(form, cut, length, 'middle', (states[cut] ??= fillHashStates(new Int32Array(form.length + 1), form, cut)));
    seen[slot] = ok ? 1 : 2;
    return ok;
  };

  /**
   * Is the form's first `length` letters a first part? Kept in `seen` at room 0 (rooms run from 1): every room's head
   * of that length asks it, and it is an affix search of its own.
   */
  const isFirstPart = (form: string, length: number, seen: Uint8Array, states: Int32Array[]): boolean => {
    const slot = length * MAX_PARTS;
    if (seen[slot] !== 0) return seen[slot] === 1;
    const ok = isPart(form, 0, length, 'begin', (states[0] ??= fillHashStates(new Int32Array(form.length + 1), form, 0)));
    seen[slot] = ok ? 1 : 2;
    return ok;
  };

  const lastLemma = ({ readings, best, derivedFrom }: PartLemmas): string | null => {
    // Lowercased lemma → its spelling, capitalised when any reading is (German: the noun "Tür", not its
    // lowercase twin that the dictionary keeps for compounding).
    const ends = new Map<string, string>();
    for (const l of readings) {
      const low = l.toLowerCase();
      const had = ends.get(low);
      if (had === undefined ? isWordPart(low, 'end') : had === low) ends.set(low, l);
    }
    if (ends.size === 0) return null;
    const spelled = best();
    const answer = spelled?.toLowerCase();
    if (answer && ends.has(answer)) return ends.get(answer)!;
    if (answer && isWordPart(answer, 'end')) return answer;
    // A word the last part's headword makes (Grund + Untersuchung, not Grund + untersuchen): the compound ends in it.
    const base = answer && derivedFrom?.(answer);
    if (base && ends.has(base)) return spelled!;
    return ends.size === 1 ? [...ends.values()][0] : null;
  };

  // Which first letters of a form are heads depends on those letters alone, so the answers for the last form asked are
  // kept for the letters the next one shares with it: a lookup asks for a word and for the table's ending-rule guess
  // at it, or for the same word twice ("jordbrukar" after "jordbruka", "fettsyre" after "fettsyre").
  let lastForm = '';
  let lastSeen = new Uint8Array(0);
  return (form, lemmasOfPart) => {
    let found: string | null = null;
    const seen = new Uint8Array(MAX_PARTS * (form.length + 1));
    let shared = 0;
    while (shared < form.length && shared < lastForm.length && form[shared] === lastForm[shared]) shared++;
    // Copied by hand: a subarray view is an object of its own, made on every compound lookup.
    for (let k = 0, kept = Math.min(MAX_PARTS * (shared + 1), lastSeen.length); k < kept; k++) seen[k] = lastSeen[k];
    lastForm = form;
    lastSeen = seen;
    const states: Int32Array[] = [];
    for (let cut = min; cut <= form.length - min; cut++) {
      // The first parts first: a few hash lookups, where the last part's lemma runs the whole analyser.
      if (!isHead(form, cut, MAX_PARTS - 1, seen, states)) continue;
      const head = form.slice(0, cut);
      const last = lastLemma(lemmasOfPart(form.slice(cut)));
      if (!last) continue;
      // German nouns: the compound is written with the capital its last part has ("Haus" + "Tür" → "Haustür").
      const capital = last[0] !== last[0].toLowerCase();
      const lemma = capital ? head[0].toUpperCase() + head.slice(1) + last.toLowerCase() : head + last;
      if (found !== null && found !== lemma) return null;
      found = lemma;
    }
    return found;
  };
}
