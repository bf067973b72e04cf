// The Universal Dependencies files behind the form tables (scripts/build-form-tables.ts) and the running-text
// figures (bench/lemmas-running.ts, lemma_running_accuracy_{lang}). Test files are never read: the
// acceptance check measures on them. Per language, `measure` is the dev file the figure comes from and
// `build` the train and dev files of OTHER treebanks the shipped table is made of; when no other shippable
// treebank of the language is on this machine, `folds` says the table is built from the measuring file
// itself and the figure is measured on held-out folds (5, by sentence) instead.
// Only treebanks an MIT app may redistribute are built from (CC BY-SA, CC BY, LGPL-LR); NC-licensed (and
// GPL) treebanks are used to measure only. The files are read from `fetch`'s mirrors (git dirs without a
// work tree) under LEMMA_UD_DIR (default /work/.mirror); a language whose files are absent is skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseConllu, type UdWord } from '../src-shared/lemmas/conllu';

export interface UdFile {
  /** UniversalDependencies repository, e.g. UD_Spanish-GSD. */
  repo: string;
  file: string;
  license: string;
}

export interface UdLanguage {
  measure: UdFile;
  build: UdFile[];
  /** The table is built from the measuring file: measured on held-out folds. */
  folds?: boolean;
  /** A michmech/lemmatization-lists file (lemma<TAB>form, ODbL) for forms no treebank shows. */
  list?: string;
}

const f = (repo: string, file: string, license: string): UdFile => ({ repo, file, license });
const BY_SA = 'CC BY-SA 4.0';

export const UD_LANGUAGES: Record<string, UdLanguage> = {
  es: { measure: f('UD_Spanish-GSD', 'es_gsd-ud-dev.conllu', BY_SA), build: [f('UD_Spanish-GSD', 'es_gsd-ud-dev.conllu', BY_SA)], folds: true },
  fr: {
    measure: f('UD_French-GSD', 'fr_gsd-ud-dev.conllu', BY_SA),
    build: [
      f('UD_French-Rhapsodie', 'fr_rhapsodie-ud-train.conllu', BY_SA),
      f('UD_French-Rhapsodie', 'fr_rhapsodie-ud-dev.conllu', BY_SA),
      f('UD_French-Sequoia', 'fr_sequoia-ud-train.conllu', 'LGPL-LR'),
      f('UD_French-Sequoia', 'fr_sequoia-ud-dev.conllu', 'LGPL-LR'),
    ],
  },
  de: { measure: f('UD_German-GSD', 'de_gsd-ud-dev.conllu', BY_SA), build: [f('UD_German-GSD', 'de_gsd-ud-dev.conllu', BY_SA)], folds: true },
  it: { measure: f('UD_Italian-ISDT', 'it_isdt-ud-dev.conllu', 'CC BY-NC-SA 3.0 (measured only)'), build: [] },
  pt: {
    measure: f('UD_Portuguese-Bosque', 'pt_bosque-ud-dev.conllu', BY_SA),
    build: [f('UD_Portuguese-GSD', 'pt_gsd-ud-dev.conllu', BY_SA), f('UD_Portuguese-PetroGold', 'pt_petrogold-ud-dev.conllu', BY_SA)],
  },
  ru: { measure: f('UD_Russian-GSD', 'ru_gsd-ud-dev.conllu', BY_SA), build: [f('UD_Russian-Taiga', 'ru_taiga-ud-dev.conllu', BY_SA)] },
  nl: { measure: f('UD_Dutch-Alpino', 'nl_alpino-ud-dev.conllu', BY_SA), build: [f('UD_Dutch-LassySmall', 'nl_lassysmall-ud-dev.conllu', BY_SA)] },
  pl: { measure: f('UD_Polish-LFG', 'pl_lfg-ud-dev.conllu', 'GPL 3.0 (measured only)'), build: [] },
  sv: {
    measure: f('UD_Swedish-Talbanken', 'sv_talbanken-ud-dev.conllu', BY_SA),
    build: [f('UD_Swedish-Talbanken', 'sv_talbanken-ud-dev.conllu', BY_SA)],
    folds: true,
  },
  cs: {
    measure: f('UD_Czech-CAC', 'cs_cac-ud-dev.conllu', BY_SA),
    build: [f('UD_Czech-CLTT', 'cs_cltt-ud-train.conllu', BY_SA), f('UD_Czech-CLTT', 'cs_cltt-ud-dev.conllu', BY_SA)],
    list: 'lemmatization-cs.txt',
  },
  uk: { measure: f('UD_Ukrainian-IU', 'uk_iu-ud-dev.conllu', 'CC BY-NC-SA 4.0 (measured only)'), build: [] },
  tr: { measure: f('UD_Turkish-BOUN', 'tr_boun-ud-dev.conllu', BY_SA), build: [f('UD_Turkish-Kenet', 'tr_kenet-ud-dev.conllu', BY_SA)] },
  el: { measure: f('UD_Greek-GDT', 'el_gdt-ud-dev.conllu', 'CC BY-NC-SA 3.0 (measured only)'), build: [] },
  ja: { measure: f('UD_Japanese-GSD', 'ja_gsd-ud-dev.conllu', BY_SA), build: [] },
};

export const udDir = (): string => process.env.LEMMA_UD_DIR ?? '/work/.mirror';

const cache = new Map<string, UdWord[][] | null>();

/** A file's sentences, or null when its mirror or the file is absent (fetch leaves out files of 4 MiB or more). */
export function readUd(file: UdFile): UdWord[][] | null {
  if (/test/.test(file.file)) throw new Error(`never read a test file: ${file.file}`);
  const key = `${file.repo}/${file.file}`;
  if (cache.has(key)) return cache.get(key)!;
  const gitDir = path.join(udDir(), `UniversalDependencies+${file.repo}`, 'repo');
  let out: UdWord[][] | null = null;
  if (fs.existsSync(gitDir)) {
    try {
      const text = execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${file.file}`], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      out = parseConllu(text).map((sentence) => sentence.map((w) => ({ ...w, lemma: lemmaConvention(file.repo, w) })));
    } catch {
      out = null;
    }
  }
  cache.set(key, out);
  return out;
}

/**
 * A treebank's lemma spelling brought to the dictionary's. The Dutch treebanks (Alpino, LassySmall: the Alpino
 * parser's conventions) mark compound and particle boundaries inside lemmas, dropping linking sounds:
 * vrouwenwijding → vrouw_wijding, paardensport → paard_sport, afgelopen → af_lopen. A dictionary and a learner write
 * vrouwenwijding, paardensport, aflopen: a verb's parts are joined (its particle leads the infinitive), any other
 * word keeps its own first parts, as written in the form, before its last part's lemma (farc-rebellen → farc-rebel).
 * Applied to what the tables are built from and to what they are measured against alike.
 */
export function lemmaConvention(repo: string, w: UdWord): string {
  if (!repo.startsWith('UD_Dutch-') || w.lemma.length < 2 || !w.lemma.includes('_')) return w.lemma;
  const joined = w.lemma.replace(/_/g, '');
  if (w.upos === 'VERB' || w.upos === 'AUX') return joined;
  const last = w.lemma.slice(w.lemma.lastIndexOf('_') + 1);
  const form = w.form;
  // Where the last part starts in the form: the last place its first letters (up to 3) are found, past the start.
  const head = last.slice(0, Math.min(3, last.length)).toLowerCase();
  const at = form.toLowerCase().lastIndexOf(head);
  return at > 0 ? form.slice(0, at) + last : joined;
}

export const sourceLine = (file: UdFile): string => `UniversalDependencies/${file.repo} ${file.file} (${file.license})`;

/** A michmech list's form → lemma pairs (the first lemma a form is listed with), or null when absent here. */
export function readList(file: string): Map<string, string> | null {
  const gitDir = path.join(udDir(), 'michmech+lemmatization-lists', 'repo');
  let text: string;
  try {
    text = execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
  const out = new Map<string, string>();
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const [lemma, form] = line.split('\t');
    if (!lemma || !form) continue;
    const key = form.trim().normalize('NFC').toLowerCase();
    if (!out.has(key)) out.set(key, lemma.trim());
  }
  return out;
}
