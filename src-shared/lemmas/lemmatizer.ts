// Runs in: any process. One language's automatic lemmatizer from a Hunspell table plus optional irregular
// forms (English: WordNet exception lists via wink-lexicon), with per-language settings (language-settings.ts) measured
// in bench/lemmas.bench.ts (see docs/vocabulary.md for the figures).
import { applyClass, candidates, indexTable, indexTableAsync, rankCandidates, type Candidate, type HunspellIndex } from './analyzer';
import { firstEntry, flagsAt, headwordOf, headwordsOf, type HunspellTable, wordAt } from './headword-table';
import { nounOfVerbForm, olderSpelling } from './respellings';
import { compoundReader } from './compounds';
import { RESHAPES } from './reshapes';
import { DEFAULT_LEMMA_CONFIG, LANGUAGE_LEMMA_CONFIG, type LanguageLemmaConfig } from './language-settings';

export interface Lemmatizer {
  /** The lemma of a word, or null when the word is unknown. A headword maps to itself. */
  lemma(word: string): string | null;
  /**
   * The same for a word its caller folded to lowercase (the reader's family marks, book coverage), where the case
   * says nothing (German nouns: withFormTable's `foldedInput`). Absent: `lemma` serves both.
   */
  lemmaOfFolded?(word: string): string | null;
  /** Headwords known (the table's size) plus irregular forms. */
  forms: number;
  /** Is the word a headword of the dictionary (as written, or lowercase)? A hash lookup, no analysis. */
  isHeadword(word: string): boolean;
}

export function createLemmatizer(table: HunspellTable, iso: string, irregular?: ReadonlyMap<string, string>): Lemmatizer {
  return lemmatizerFromIndex(indexTable(table), iso, irregular);
}

/** createLemmatizer without blocking the event loop for long (the index is built in slices). */
export async function createLemmatizerAsync(table: HunspellTable, iso: string, irregular?: ReadonlyMap<string, string>): Promise<Lemmatizer> {
  return lemmatizerFromIndex(await indexTableAsync(table), iso, irregular);
}

export function lemmatizerFromIndex(index: HunspellIndex, iso: string, irregular?: ReadonlyMap<string, string>): Lemmatizer {
  const config: LanguageLemmaConfig = { ...DEFAULT_LEMMA_CONFIG, ...LANGUAGE_LEMMA_CONFIG[iso] };
  // Config names flags as the .aff writes them; the index holds them encoded.
  const code = (flag: string) => index.aff.codes.get(flag) ?? `\u0000${flag}`;
  const derivational = new Set((config.derivational ?? []).map(code));
  const derivedPlurals = new Map(Object.entries(config.derivedPlurals ?? {}).map(([plural, singular]) => [code(plural), code(singular)]));
  const headwordAs = (stem: string, spelling: 'lower' | 'capital' | undefined): string | null => {
    if (!spelling) return headwordOf(index, stem);
    for (const w of headwordsOf(index, stem)) {
      const capital = w[0] !== w[0].toLowerCase();
      if (spelling === 'capital' ? capital : !capital) return w;
    }
    return null;
  };
  // A form that is a lowercase headword of its own (German "laufen", "einstellen") is never led to a capital one by
  // an ending ("Lauf", "Einstell"): an infinitive is no noun's plural (issue 47: de running text 87.9 → 88.3 %).
  const fallback = (form: string, lowerHeadword: boolean): string | null => {
    for (const [ending, replacement, opts] of config.fallback ?? []) {
      if (!form.endsWith(ending) || (lowerHeadword && opts?.headword === 'capital')) continue;
      let core = form.slice(0, form.length - ending.length);
      if (opts?.prefix) {
        if (!core.startsWith(opts.prefix)) continue;
        core = core.slice(opts.prefix.length);
      }
      if (core.length < 2) continue;
      if (opts?.umlaut) {
        const at = Math.max(core.lastIndexOf('ä'), core.lastIndexOf('ö'), core.lastIndexOf('ü'));
        if (at === -1) continue;
        core = core.slice(0, at) + ({ ä: 'a', ö: 'o', ü: 'u' } as Record<string, string>)[core[at]] + core.slice(at + 1);
      }
      const stem = core + replacement;
      const entry = headwordAs(stem, opts?.headword);
      if (entry) return entry;
      // Doubled final consonant: "stopped" → "stop".
      if (replacement === '' && !opts && stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2]) {
        const single = headwordOf(index, stem.slice(0, -1));
        if (single) return single;
      }
    }
    return null;
  };
  const citations = new Map(Object.entries(config.derivedCitations ?? {}).map(([flag, endings]) => [code(flag), new Map(Object.entries(endings))]));
  // A one-suffix reading through a class that makes new words: the rule that made the form, and the new word's
  // citation ending on the same stem (Swedish T: sociolog + iska → sociologisk; Czech K: soběstačn|ý → soběstačn|osti
  // → soběstačnost). A rule is named by its add, or "strip>add" where one class makes words of several kinds.
  const derivedCitation = (form: string, c: Candidate): string | undefined => {
    const endings = c.depth === 1 && c.via !== undefined ? citations.get(c.via) : undefined;
    if (!endings) return undefined;
    for (const rule of index.aff.suffixes.get(c.via!)?.rules ?? []) {
      if (!form.endsWith(rule.add) || !c.lemma.endsWith(rule.strip)) continue;
      const stem = c.lemma.slice(0, c.lemma.length - rule.strip.length);
      if (stem + rule.add !== form) continue;
      const citation = endings.get(`${rule.strip}>${rule.add}`) ?? endings.get(rule.add) ?? endings.get('*');
      if (citation !== undefined) return citation.startsWith('=') ? (RESHAPES[citation]?.(form) ?? form) : stem + citation;
    }
    return undefined;
  };
  const ownEndings = config.ownHeadwordEndings ?? [];
  const ownHeadword = (form: string, list: readonly Candidate[]) => ownEndings.some((e) => form.endsWith(e)) && list.some((c) => c.depth === 0 && !c.prefix);
  // `list`: the form's candidates when the caller has them already (a compound's last part reads them too).
  const single = (form: string, list?: readonly Candidate[]): string | null => {
    const fixed = irregular?.get(form);
    if (fixed) return fixed;
    list ??= candidates(index, form);
    let found: string | null = null;
    if (list.length) {
      // A derivation is a word of its own: "adapter" is not "adapt" (but "adapters" is "adapter").
      const usable = derivational.size ? list.filter((c) => !(c.depth === 1 && c.via !== undefined && derivational.has(c.via))) : list;
      // Its own word (Swedish levande): neither another headword's form nor led elsewhere by the fallback endings.
      if (ownHeadword(form, list)) return form;
      const best = rankCandidates(usable.length ? usable : list, config);
      if (best && usable.length === 0) found = form;
      else if (best) {
        const singularClass = best.via !== undefined ? derivedPlurals.get(best.via) : undefined;
        const derived = singularClass && best.depth === 1 ? applyClass(index, best.lemma, singularClass) : (derivedCitation(form, best) ?? null);
        found = derived && config.capitalDerived ? derived[0].toUpperCase() + derived.slice(1) : (derived ?? best.lemma);
        if (best.prefix && config.keepPrefixes) {
          const { strip, add } = best.prefix;
          const low = found.toLowerCase();
          found = add + (strip && low.startsWith(strip) ? low.slice(strip.length) : low);
        }
      }
    }
    if (found === null || found.toLowerCase() === form) found = fallback(form, found === form) ?? found;
    return found;
  };
  const stems = config.stemHeadwords;
  const citationOf = (headword: string): string | null => {
    const low = headword.toLowerCase();
    for (const [ending, replacement, flag] of stems?.citation ?? []) {
      if (!low.endsWith(ending) || low.length - ending.length < 2) continue;
      const target = low.slice(0, low.length - ending.length) + replacement;
      for (let i = firstEntry(index, target); i !== -1; i = index.next[i]) if (!flag || flagsAt(index, i).includes(code(flag))) return wordAt(index, i);
    }
    return null;
  };
  const known = (raw: string | null): string | null =>
    stems && raw !== null && stems.endings.some((e) => raw.toLowerCase().endsWith(e)) ? citationOf(raw) : raw;
  const compound = compoundReader(index);
  // A compound's last part: the headwords it inflects from without a prefix (a prefixed reading would drop part of
  // the word) or a derivation, each led to its citation form (Estonian "-ga" headwords), and its lemma as a word.
  // The part's candidates are read once for all three (a compound lookup asks for a dozen parts: lemma_lookup_p99_us).
  const lemmasOfPart = (part: string) => {
    const list = candidates(index, part);
    return {
      readings: list
        .filter((c) => !c.prefix && !(c.via !== undefined && derivational.has(c.via)))
        .map((c) => known(c.lemma))
        .filter((l): l is string => l !== null),
      best: () => known(single(part, list)),
      // Only where the language's settings make derived words (a second analysis of the part, for compounds alone).
      derivedFrom:
        !derivedPlurals.size && !citations.size
          ? undefined
          : (answer: string) => {
              for (const c of list) {
                if (c.depth !== 1 || c.via === undefined) continue;
                const singular = derivedPlurals.get(c.via);
                const made = singular ? applyClass(index, c.lemma, singular) : derivedCitation(part, c);
                if (made?.toLowerCase() === answer) return c.lemma.toLowerCase();
              }
              return null;
            },
    };
  };
  const verbNoun = nounOfVerbForm(config.nounsOfVerbForms);
  const lemma = (word: string): string | null => {
    const form = word.trim().toLowerCase();
    if (!form) return null;
    const raw = verbNoun(form, single(form));
    // A word the dictionary has no reading of may be a compound whose parts it marks (compounds.ts).
    if (raw === null && compound && !form.includes('-')) return compound(form, lemmasOfPart);
    const found = known(raw);
    if ((found === null || found.toLowerCase() === form) && form.includes('-')) {
      // A hyphenated compound inflects at its end: "ant-hills" → "ant-hill".
      const cut = form.lastIndexOf('-');
      const head = form.slice(0, cut + 1);
      const last = verbNoun(form.slice(cut + 1), single(form.slice(cut + 1)));
      if (last && head.length > 1) return head + last.toLowerCase();
    }
    return found;
  };
  const forms = index.size + (irregular?.size ?? 0);
  const isHeadword = (word: string) => headwordOf(index, word) !== null || headwordOf(index, word.toLowerCase()) !== null;
  if (config.olderSpellings) return { lemma: olderSpelling(lemma, config.olderSpellings), forms, isHeadword };
  if (config.apostrophe) return { lemma: withApostrophe(lemma, config.apostrophe), forms, isHeadword };
  if (!config.ijLigature) return { lemma, forms, isHeadword };
  const typed = (s: string) => s.replace(/ĳ/g, 'ij').replace(/Ĳ/g, 'IJ');
  const ligatured = (word: string): string | null => {
    const spelled = word.replace(/ij/g, 'ĳ').replace(/IJ/g, 'Ĳ');
    const found = (spelled !== word ? lemma(spelled) : null) ?? lemma(word);
    return found === null ? null : typed(found);
  };
  return { lemma: ligatured, forms, isHeadword };
}

/** A lookup that reads any apostrophe as the dictionary's, and gives the lemma back with the word's own. */
function withApostrophe(lemma: (word: string) => string | null, apostrophe: string): (word: string) => string | null {
  const other = /['’ʼ]/g;
  return (word) => {
    const written = /['’ʼ]/.exec(word)?.[0];
    if (!written || written === apostrophe) return lemma(word);
    const found = lemma(word.replace(other, apostrophe));
    return found === null ? null : found.split(apostrophe).join(written);
  };
}
