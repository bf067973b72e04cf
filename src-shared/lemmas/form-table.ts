// Runs in: any process. A language's form → lemma table built from running text (Universal Dependencies
// treebanks' train and dev files) plus a small hand-written table of the commonest irregular forms
// (resources/lemma-tables/, scripts/build-form-tables.ts, docs/vocabulary.md "Lemmas a learner can trust").
// It answers before the Hunspell analyser: a table entry is what annotators gave that form most often in
// running text, where the analyser guesses among readings ("casa" → casar, "fue" → fue).
//
// The shipped file: UTF-8 lines `form<TAB>lemma`, forms lowercase, one line per form (the lemma chosen by
// frequency, see chooseLemma), `#` comments; gzip-compressed.

import { ANALYSER_THROUGH_TABLE, COMPOUND_TAILS, HEADWORD_BEFORE_RULES, NOUNS_CAPITALISED } from './lookup-choices';
import { czechPositive } from './czech';
import { russianParticipleVerb } from './russian';
import { CONTENT_UPOS } from './conllu';

/** Lemma counts of one form: lemma → UPOS → occurrences. */
export type FormCounts = Map<string, Map<string, number>>;

/** Folding every table and lookup shares: NFC, lowercase. */
export const foldForm = (s: string): string => s.normalize('NFC').toLowerCase();

/** Counts form → lemma → UPOS over sentences (every part of speech: a learner may save any word). */
export function countForms(words: Iterable<{ form: string; lemma: string; upos: string }>, into = new Map<string, FormCounts>()): Map<string, FormCounts> {
  for (const w of words) {
    if (!w.form || !w.lemma || w.lemma === '_' || w.upos === 'PUNCT' || w.upos === 'SYM' || w.upos === 'NUM' || w.upos === 'X') continue;
    const form = foldForm(w.form);
    if (/\s/.test(form)) continue;
    let lemmas = into.get(form);
    if (!lemmas) into.set(form, (lemmas = new Map()));
    let byPos = lemmas.get(w.lemma);
    if (!byPos) lemmas.set(w.lemma, (byPos = new Map()));
    byPos.set(w.upos, (byPos.get(w.upos) ?? 0) + 1);
  }
  return into;
}

const total = (byPos: Map<string, number>) => [...byPos.values()].reduce((a, b) => a + b, 0);

/** Content-word readings count fully (those are what a learner saves), others and names half. */
function weight(byPos: Map<string, number>): number {
  let w = 0;
  for (const [upos, n] of byPos) w += CONTENT_UPOS.has(upos) ? n : n / 2;
  return w;
}

/**
 * The lemma a form gets without its sentence: the one annotators gave it most often, content-word readings
 * counting twice as much as others (a learner saves "esta" as the verb, not the determiner; "Casa" in a name
 * must not make "casa" a name); ties: the shorter, then alphabetical, so builds are reproducible.
 */
export function chooseLemma(lemmas: FormCounts, upos?: string): string {
  let best = '';
  let bestScore = -1;
  for (const [lemma, byPos] of lemmas) {
    const score = upos ? (byPos.get(upos) ?? 0) * 1000 + total(byPos) : weight(byPos);
    if (score > bestScore || (score === bestScore && (lemma.length < best.length || (lemma.length === best.length && lemma < best)))) {
      best = lemma;
      bestScore = score;
    }
  }
  return best;
}

/**
 * An ending rule learnt from the table (the file's `*ending<TAB>strip<TAB>add` lines): a form the table does not
 * know that ends in `ending` loses its last `strip` characters and gains `add` ("-aciones" → strip 5, add "ón").
 */
export interface EndingRule {
  strip: number;
  add: string;
}

/** Longest ending a rule is learnt for, and fewest different forms that must agree on it. */
const MAX_ENDING = 7;
const MIN_SUPPORT = 2;

/**
 * Ending rules from form → lemma rows: for every ending of 1..7 letters, the change most forms with it share
 * (counted over different forms, not tokens: a rule is for words the table has not seen), kept when at least
 * two forms agree and it is the majority.
 */
export function learnEndingRules(rows: ReadonlyMap<string, string>): Map<string, EndingRule> {
  const byEnding = new Map<string, Map<string, number>>();
  for (const [form, lemma] of rows) {
    const low = foldForm(lemma);
    if (form.length < 4 || /[\d\s]/.test(form)) continue;
    let cp = 0;
    while (cp < form.length && cp < low.length && form[cp] === low[cp]) cp++;
    if (cp < 2) continue;
    const change = `${form.length - cp}\t${low.slice(cp)}`;
    for (let n = 1; n <= Math.min(MAX_ENDING, form.length - 2); n++) {
      const ending = form.slice(-n);
      let changes = byEnding.get(ending);
      if (!changes) byEnding.set(ending, (changes = new Map()));
      changes.set(change, (changes.get(change) ?? 0) + 1);
    }
  }
  const rules = new Map<string, EndingRule>();
  for (const [ending, changes] of byEnding) {
    let best = '';
    let n = 0;
    let all = 0;
    for (const [change, c] of changes) {
      all += c;
      if (c > n || (c === n && change < best)) [best, n] = [change, c];
    }
    if (n < MIN_SUPPORT || n * 2 <= all) continue;
    const [strip, add] = best.split('\t');
    rules.set(ending, { strip: Number(strip), add });
  }
  return rules;
}

/** One language's table, ready to look up. */
export interface FormTable {
  /** The form's row: the lemma annotators gave it most often (null: running text never showed it). */
  lemma(word: string): string | null;
  /**
   * A form the table does not know: the longest ending rule whose result is a known lemma, in the table's
   * lemmas or a word that `isLemma` (the analyser) says is its own lemma; that spelling is returned.
   */
  guess(word: string, isLemma: (candidate: string) => string | null): string | null;
  size: number;
}

const FNV_OFFSET = 0x811c9dc5 & 0x3fffffff;

/**
 * The hash of a word's last n letters, carried on from that of its last n - 1 (FNV-1a read from the end, kept to 30
 * bits so a map holds it as a small integer).
 */
const endingHash = (h: number, word: string, n: number): number => Math.imul(h ^ word.charCodeAt(word.length - n), 0x01000193) & 0x3fffffff;

export function formTableFrom(rows: ReadonlyMap<string, string>, rules: ReadonlyMap<string, EndingRule>): FormTable {
  const lemmas = new Map<string, string>();
  for (const lemma of rows.values()) lemmas.set(foldForm(lemma), lemma);
  // The rules' endings by endingHash: a lookup hashes the word's last letters as it reads them from its end, where
  // cutting one string per length and hashing it cost seven strings on every word no row knows (lemma_lookup_p99_us).
  // A number map, not a trie: a map per trie node made reading Italian's 52,000 rules 13 % slower.
  const byEnding = new Map<number, string | null>();
  for (const ending of rules.keys()) {
    let h = FNV_OFFSET;
    for (let n = 1; n <= ending.length; n++) h = endingHash(h, ending, n);
    // Two endings with one hash (null): that length is looked up by its string.
    byEnding.set(h, byEnding.has(h) ? null : ending);
  }
  const ruleAt: (EndingRule | undefined)[] = [];
  return {
    lemma: (word) => {
      const written = word.trim().normalize('NFC');
      const folded = written.toLowerCase();
      // A row written with a capital answers that spelling only (German: Stimmen → Stimme, where stimmen → stimmen).
      return (written !== folded ? rows.get(written) : undefined) ?? rows.get(folded) ?? null;
    },
    guess: (word, isLemma) => {
      const form = foldForm(word.trim());
      if (form.length < 4) return null;
      // The table's lemmas first (map look-ups), then the analyser once, on the longest rule's result: a lookup
      // stays within microseconds (lemma_lookup_p99_us).
      let longest: string | null = null;
      // ruleAt[n]: the rule of the word's last n letters (n up to MAX_ENDING and two letters short of the word).
      const most = Math.min(MAX_ENDING, form.length - 2);
      for (let n = 1, h = FNV_OFFSET; n <= most; n++) {
        h = endingHash(h, form, n);
        const ending = byEnding.get(h);
        ruleAt[n] =
          ending === undefined
            ? undefined
            : ending === null
              ? rules.get(form.slice(-n))
              : ending.length === n && form.endsWith(ending)
                ? rules.get(ending)
                : undefined;
      }
      for (let n = most; n >= 1; n--) {
        const rule = ruleAt[n];
        if (!rule) continue;
        const candidate = form.slice(0, form.length - rule.strip) + rule.add;
        const known = lemmas.get(candidate);
        if (known) return known;
        longest ??= candidate;
      }
      if (longest === null) return null;
      const own = isLemma(longest);
      return own !== null && foldForm(own) === longest ? own : null;
    },
    size: rows.size,
  };
}

/** Reads the shipped text. Later form lines win (the hand-written rows come last). */
export function parseFormTable(text: string): FormTable {
  const parser = formTableParser();
  for (const line of text.split('\n')) parser.add(line);
  return parser.done();
}

/**
 * A table read line by line (`parseFormTable` in one go; the app's loader in slices, so the largest tables, 300,000
 * rows and ~0.4 s of parsing, never hold the event loop).
 */
export function formTableParser(): { add(line: string): void; done(): FormTable } {
  const rows = new Map<string, string>();
  const rules = new Map<string, EndingRule>();
  return {
    add(line) {
      if (!line || line.startsWith('#')) return;
      const cols = line.split('\t');
      if (line.startsWith('*')) {
        if (cols.length === 3 && /^\d+$/.test(cols[1])) rules.set(cols[0].slice(1), { strip: Number(cols[1]), add: cols[2] });
        return;
      }
      const lemma = cols[1]?.trim();
      // Rows are written folded, but for a spelling that answers only as written (a German noun's capital).
      if (cols[0] && lemma) rows.set(cols[0].normalize('NFC'), lemma);
    },
    done: () => formTableFrom(rows, rules),
  };
}

/** Writes a table as the shipped text, sorted so a rebuild diffs cleanly: header, rows, then ending rules. */
export function serializeFormTable(
  rows: ReadonlyMap<string, string>,
  header: readonly string[] = [],
  rules: ReadonlyMap<string, EndingRule> = new Map(),
): string {
  const lines = header.map((h) => `# ${h}`);
  for (const form of [...rows.keys()].sort()) lines.push(`${form}\t${rows.get(form)}`);
  for (const ending of [...rules.keys()].sort()) lines.push(`*${ending}\t${rules.get(ending)!.strip}\t${rules.get(ending)!.add}`);
  return lines.join('\n') + '\n';
}

/** The ending rules a language's table carries: none where the lookup never tries them (ANALYSER_THROUGH_TABLE). */
export const endingRulesFor = (lang: string, rows: ReadonlyMap<string, string>): Map<string, EndingRule> =>
  ANALYSER_THROUGH_TABLE.has(lang) ? new Map() : learnEndingRules(rows);

/**
 * The lookup the app uses: the table's row, else an ending rule the analyser confirms, else the analyser's
 * reading; a number or an abbreviation in capitals (ownLemma) is its own lemma. In HEADWORD_BEFORE_RULES
 * languages (`lang`), a word the analyser reads as its own lemma is answered so before the ending rules; in
 * ANALYSER_THROUGH_TABLE languages, a word the table does not know gets the table's row of the analyser's answer.
 * `foldedInput`: the caller passes words folded to lowercase (the reader's family marks, book coverage), so their
 * case is no sign of a noun (NOUNS_CAPITALISED is not applied).
 */
export function withFormTable(
  table: FormTable | null,
  analyser: (word: string) => string | null,
  lang?: string,
  isHeadword: (word: string) => boolean = (w) => {
    const read = analyser(w);
    return read !== null && foldForm(read) === foldForm(w);
  },
  foldedInput = false,
): (word: string) => string | null {
  const lookup = tableThenAnalyser(table, analyser, lang, foldedInput);
  const convention = lang ? TREEBANK_HEADWORDS[lang] : undefined;
  if (!convention) return lookup;
  return (word) => {
    const found = lookup(word);
    return found === null ? null : convention(found, isHeadword);
  };
}

/**
 * Where a language's treebanks file a word under another headword than the dictionary lists it as (Czech: a
 * comparative under its positive, lepší → dobrý; Russian: a participle under its verb, назначенный → назначить), the
 * answer is led there last, when the dictionary has that headword.
 */
const TREEBANK_HEADWORDS: Readonly<Record<string, (lemma: string, isHeadword: (word: string) => boolean) => string>> = {
  cs: czechPositive,
  ru: russianParticipleVerb,
};

const tableThenAnalyser =
  (table: FormTable | null, analyser: (word: string) => string | null, lang: string | undefined, foldedInput: boolean) =>
  (word: string): string | null => {
    const row = table?.lemma(word);
    if (row) {
      // A word its caller folded (the reader's family marks) says nothing by its case: the row, the commonest reading.
      if (foldedInput || !(lang && NOUNS_CAPITALISED.has(lang) && /^\p{Ll}/u.test(word) && /^\p{Lu}/u.test(row))) return row;
      const other = analyser(word);
      return other !== null && !/^\p{Lu}/u.test(other) ? other : row;
    }
    return tableMiss(table, analyserOnce(analyser), lang, word);
  };

/**
 * The analyser for one lookup, which may ask it the same word twice (in HEADWORD_BEFORE_RULES languages a word is
 * read first, then again when no ending rule fits; a rule may give the word back unchanged): the second answer is
 * the first's. A full analyser run is the costliest part of a lookup (a compound's most of all: lemma_lookup_p99_us),
 * and the analyser is pure, so only the time changes. Made anew for every lookup (it asks two or three words):
 * nothing is kept between calls.
 */
function analyserOnce(analyser: (word: string) => string | null): (word: string) => string | null {
  const asked: string[] = [];
  const answers: (string | null)[] = [];
  return (word) => {
    const at = asked.indexOf(word);
    if (at !== -1) return answers[at];
    const answer = analyser(word);
    asked.push(word);
    answers.push(answer);
    return answer;
  };
}

/** tableThenAnalyser for a word the table has no row of. */
function tableMiss(table: FormTable | null, analyser: (word: string) => string | null, lang: string | undefined, word: string): string | null {
  if (lang && ANALYSER_THROUGH_TABLE.has(lang)) {
    const base = analyser(word);
    return base === null ? null : (table?.lemma(base) ?? base);
  }
  // A hyphenated word the table never saw inflects at its end: its first parts before the table's lemma of the
  // last part (segunda-feiras → segunda-feira), never an ending rule on the whole (→ segunda-feiro).
  const cut = word.trim().lastIndexOf('-');
  if (table && cut > 0) {
    const head = word.trim().slice(0, cut + 1);
    const last = table.lemma(word.trim().slice(cut + 1));
    // A capitalised lemma (German nouns: EU-Kommissionen → EU-Kommission) keeps the first parts as written.
    if (last) return (/^\p{Lu}/u.test(last) ? head : foldForm(head)) + last;
  }
  // A capitalised word the table never saw, in a language that capitalises nouns, is most often a compound noun:
  // its longest tail the table knows as a noun decides before the analyser, whose compound rules read the tail as
  // a verb's form (Zentralstelle → Zentralstelle, not zentralstellen; Rückfahrt, not Rückfahren): de +0.4.
  if (table && lang && COMPOUND_TAILS.has(lang) && NOUNS_CAPITALISED.has(lang) && /^\p{Lu}\p{Ll}/u.test(word.trim())) {
    const noun = compoundTail(table, word.trim(), true);
    if (noun !== null && /^\p{Lu}/u.test(noun)) return noun;
  }
  if (table && lang && HEADWORD_BEFORE_RULES.has(lang)) {
    const read = analyser(word);
    if (read !== null && foldForm(read) !== foldForm(word.trim())) return table.guess(word, analyser) ?? read;
    if (read !== null) return read;
  }
  return (
    table?.guess(word, analyser) ??
    analyser(word) ??
    (table && lang && COMPOUND_TAILS.has(lang) ? compoundTail(table, word.trim()) : null) ??
    ownLemma(word.trim())
  );
}

/** Shortest head and tail a compound is cut into (shorter tails are endings: -en, -ung). */
const MIN_HEAD = 3;
const MIN_TAIL = 4;

/** `nounTail`: each tail is looked up with a capital, so a noun's row written with one answers (Stelle, not stellen). */
function compoundTail(table: FormTable, word: string, nounTail = false): string | null {
  if (/[^\p{L}]/u.test(word)) return null;
  for (let cut = MIN_HEAD; cut <= word.length - MIN_TAIL; cut++) {
    const tail = word.slice(cut);
    const last = table.lemma(nounTail ? tail[0].toUpperCase() + tail.slice(1) : tail);
    if (!last) continue;
    const head = word.slice(0, cut);
    // A noun's lemma keeps the compound's capital (German nouns); another keeps it lowercase (baumbestanden).
    return /^\p{Lu}/u.test(last) ? head[0].toUpperCase() + foldForm(head.slice(1)) + foldForm(last) : foldForm(head) + last;
  }
  return null;
}

/**
 * A token nothing else answers that is its own lemma: one that starts with a digit (2010, 19h, 1960-х), an
 * abbreviation written in capitals (JZD, RVT, EU: two letters or more, every letter a capital) or a sign (%, №).
 */
const ownLemma = (word: string): string | null => (/^\d/.test(word) || /^\p{Lu}{2,}$/u.test(word) || /^[^\p{L}\p{N}\s]+$/u.test(word) ? word : null);

/** Answers a remembering lookup keeps before it starts again (a few MB at most). */
export const REMEMBERED_LEMMAS = 50_000;

/**
 * A lookup that remembers its answers (null included), up to `limit` words, then forgets them all and starts again:
 * a reader payload asks for every form of a text, a save or the similar-terms panel asks again for the same word,
 * and a word no table knows costs the analyser tens of µs (lemma_lookup_p99_us) where a remembered one costs a map
 * read. The lookup is a pure function of the word for the life of the table it wraps.
 */
export function rememberLemmas(lookup: (word: string) => string | null, limit = REMEMBERED_LEMMAS): (word: string) => string | null {
  const remembered = new Map<string, string | null>();
  return (word) => {
    const known = remembered.get(word);
    if (known !== undefined) return known;
    const answer = lookup(word);
    if (remembered.size >= limit) remembered.clear();
    remembered.set(word, answer);
    return answer;
  };
}
