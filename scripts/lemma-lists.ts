// Makes the independent form→lemma test lists in tests/fixtures/lemmas/{lang}.tsv (see the README there).
// Needs lttoolbox and the Apertium packages named in APERTIUM below (Debian); the app and its tests never do:
// the lists this writes are committed, and only this script reads Apertium.
//
// Forms: headwords drawn at random (seeded, so a rerun gives the same list) from the shipped Hunspell
// dictionary, each replaced by one of its forms (the headword itself a third of the time, else a random
// inflection). Lemmas: what Apertium's analyser, a dictionary made independently of Hunspell, gives for the
// form; a form Apertium does not know is dropped, and one it reads several ways keeps every lemma ("a|b").
//
//   npx tsx scripts/lemma-lists.ts [lang …]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandWord, parseAff, parseDic, type AffData, type DicEntry } from '../src-shared/lemmas/hunspell';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'tests', 'fixtures', 'lemmas');

/** Lectio's ISO code → [Debian package, analyser file]. */
export const APERTIUM: Record<string, [string, string]> = {
  es: ['apertium-eng-spa', 'spa-eng.automorf.bin'],
  ca: ['apertium-fra-cat', 'cat-fra.automorf.bin'],
  fr: ['apertium-fra-cat', 'fra-cat.automorf.bin'],
  it: ['apertium-spa-ita', 'ita-spa.automorf.bin'],
  pt: ['apertium-es-pt', 'pt-es.automorf.bin'],
  ro: ['apertium-es-ro', 'ro-es.automorf.bin'],
  nl: ['apertium-afr-nld', 'nld-afr.automorf.bin'],
  da: ['apertium-dan-nor', 'dan-nob.automorf.bin'],
  nb: ['apertium-dan-nor', 'nob-dan.automorf.bin'],
  sv: ['apertium-swe-dan', 'swe-dan.automorf.bin'],
  ru: ['apertium-rus-ukr', 'rus-ukr.automorf.bin'],
  uk: ['apertium-rus-ukr', 'ukr-rus.automorf.bin'],
  bg: ['apertium-mkd-bul', 'bul-mkd.automorf.bin'],
  hr: ['apertium-hbs-eng', 'hbs-eng.automorf.bin'],
  sl: ['apertium-hbs-slv', 'slv-hbs.automorf.bin'],
  pl: ['apertium-pol-szl', 'pol-szl.automorf.bin'],
};

const PAIRS = 2500;
/** Forms drawn per round; rounds go on until PAIRS forms Apertium knows are found (or MAX_CANDIDATES drawn). */
const CANDIDATES = 9000;
const MAX_CANDIDATES = 150_000;

/** mulberry32: a small seeded generator, so the lists are reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function formSampler(lang: string, random: () => number): () => string[] {
  const dir = path.join(root, 'node_modules', `dictionary-${lang}`);
  const aff = parseAff(fs.readFileSync(path.join(dir, 'index.aff'), 'utf8'));
  // Lowercase, letters only: names and abbreviations are not what a learner's lemma list is about.
  const entries = parseDic(fs.readFileSync(path.join(dir, 'index.dic'), 'utf8'), aff).filter((e) => /^\p{Ll}[\p{Ll}\p{M}]+$/u.test(e.word));
  const seen = new Set<string>();
  return () => sampleForms(aff, entries, seen, random);
}

function sampleForms(aff: AffData, entries: readonly DicEntry[], seen: Set<string>, random: () => number): string[] {
  const out: string[] = [];
  for (let tries = 0; out.length < CANDIDATES && tries < CANDIDATES * 4; tries++) {
    const e = entries[Math.floor(random() * entries.length)];
    const forms: string[] = [];
    expandWord(aff, e.word, e.flags, (form) => {
      if (forms.length < 5000) forms.push(form);
    });
    const inflected = forms.filter((f) => f !== e.word && /^[\p{Ll}\p{M}]+$/u.test(f));
    const form = random() < 1 / 3 || inflected.length === 0 ? e.word : inflected[Math.floor(random() * inflected.length)];
    if (!seen.has(form)) {
      seen.add(form);
      out.push(form);
    }
  }
  return out;
}

/** Apertium's lemmas of each form (none: unknown to Apertium). */
function analyse(bin: string, forms: readonly string[]): Map<string, string[]> {
  const text = execFileSync('lt-proc', [bin], { input: forms.join('\n') + '\n', maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    // One token per line: a line Apertium split into several tokens is not one form.
    const m = /^\^([^/$^]+)\/([^$]*)\$$/.exec(line.trim());
    if (!m || m[2].startsWith('*')) continue;
    const lemmas = new Set<string>();
    for (const reading of m[2].split('/')) {
      // "dar<vblex><imp>+lo<prn>": the first part's lemma; multiwords ("take# up", "a fin de") are left out, and
      // so are pronouns, whose Apertium lemmas are tags ("me" → "prpers"), not words.
      const first = reading.split('+')[0];
      // Homograph numbers ("писать¹", "знать²") are Apertium's, not part of the word.
      const lemma = first.split('<')[0].replace(/[\u00b9\u00b2\u00b3\u2070-\u2079]+$/u, '');
      if (lemma && !/[#\s]/.test(lemma) && !first.includes('<prn>')) lemmas.add(lemma.toLowerCase());
    }
    if (lemmas.size) out.set(m[1], [...lemmas]);
  }
  return out;
}

function makeList(lang: string): void {
  const [pkg, file] = APERTIUM[lang];
  const bin = path.join('/usr/share/apertium', pkg, file);
  const random = rng(0x1ec7 + lang.charCodeAt(0) * 31 + lang.charCodeAt(1));
  const draw = formSampler(lang, random);
  const forms: string[] = [];
  const lemmas = new Map<string, string[]>();
  let known = 0;
  while (known < PAIRS && forms.length < MAX_CANDIDATES) {
    const batch = draw();
    if (batch.length === 0) break;
    forms.push(...batch);
    for (const [form, list] of analyse(bin, batch)) lemmas.set(form, list);
    known = forms.filter((f) => lemmas.has(f)).length;
  }
  const rows = forms.filter((f) => lemmas.has(f)).slice(0, PAIRS);
  const version = execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg]).toString();
  const header = [
    `# ${lang}: ${rows.length} forms of the shipped Hunspell dictionary (seeded sample), lemmas by Apertium ${pkg} ${version} (${file}), GPL.`,
    '# form<TAB>lemma (several lemmas: the form reads several ways, each is right). Made by scripts/lemma-lists.ts.',
  ];
  fs.writeFileSync(path.join(OUT, `${lang}.tsv`), [...header, ...rows.map((f) => `${f}\t${lemmas.get(f)!.join('|')}`)].join('\n') + '\n');
  console.log(`${lang}: ${rows.length} pairs of ${forms.length} forms sampled`);
}

const langs = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(APERTIUM);
for (const lang of langs) makeList(lang);
