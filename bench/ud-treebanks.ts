// The Universal Dependencies files behind the form tables (scripts/build-form-tables.ts) and the running-text
// figures (bench/lemmas-running.ts, lemma_running_accuracy_{lang}). Test files are never read: the
// acceptance check measures on them. Per language, `measure` is the dev file the figure comes from and
// `build` the files the shipped table is made of: train and dev files of other treebanks, or the measured
// treebank's own train split (Portuguese: Bosque train, assembled from its documents); when no other shippable
// treebank of the language is on this machine, `folds` says the table is built from the measuring file
// itself and the figure is measured on held-out folds (5, by sentence) instead.
// Only treebanks an MIT app may redistribute are built from (CC BY-SA, CC BY, LGPL-LR); NC-licensed (and
// GPL) treebanks are used to measure only. The files are read from `fetch`'s mirrors (git dirs without a
// work tree) under LEMMA_UD_DIR (default /work/.mirror); a language whose files are absent is skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseConllu, type UdWord } from '../src-shared/lemmas/conllu';
import { GERMAN_POS_DICT, MORPH_IT, type Lexicon } from './lexicons';

export interface UdFile {
  /** UniversalDependencies repository, e.g. UD_Spanish-GSD. */
  repo: string;
  /** A .conllu file, or (with `documents`) the list of a split's sentence ids. */
  file: string;
  license: string;
  /**
   * The split is assembled from the treebank's documents: `file` lists its sentence ids (one a line, e.g. CF1-3)
   * and `dir` holds one .conllu file per document (CF0001.conllu). Used where the released train file is absent
   * here (4 MiB or more) but its documents are not (UD_Portuguese-Bosque's not-to-release/). `heldOut` are the
   * released files of that treebank the figures are measured on (its dev file): an assembled sentence with one of
   * their sent_ids stops the build, one with one of their texts (a byline repeated in two documents) is left out. The test split's list (`file` with test for train) is read for its ids only, to
   * refuse any of its documents; its documents are never opened.
   */
  documents?: { dir: string; heldOut: string[] };
}

export interface UdLanguage {
  measure: UdFile;
  build: UdFile[];
  /** The table is built from the measuring file: measured on held-out folds. */
  folds?: boolean;
  /** A michmech/lemmatization-lists file (lemma<TAB>form, ODbL) for forms no treebank shows. */
  list?: string;
  /** The list's pairs taken (others are a convention of its own the treebanks do not share); all when absent. */
  listKeeps?: (form: string, lemma: string) => boolean;
  /** A full-form lexicon from an npm package (bench/lexicons.ts), likewise for forms no treebank shows. */
  lexicon?: Lexicon;
}

const f = (repo: string, file: string, license: string): UdFile => ({ repo, file, license });
/** A split assembled from a treebank's documents (UdFile.documents). */
const docs = (repo: string, list: string, dir: string, heldOut: string[], license: string): UdFile => ({
  repo,
  file: list,
  license,
  documents: { dir, heldOut },
});
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
  de: {
    measure: f('UD_German-GSD', 'de_gsd-ud-dev.conllu', BY_SA),
    build: [f('UD_German-GSD', 'de_gsd-ud-dev.conllu', BY_SA)],
    folds: true,
    lexicon: GERMAN_POS_DICT,
  },
  it: { measure: f('UD_Italian-ISDT', 'it_isdt-ud-dev.conllu', 'CC BY-NC-SA 3.0 (measured only)'), build: [], lexicon: MORPH_IT },
  pt: {
    measure: f('UD_Portuguese-Bosque', 'pt_bosque-ud-dev.conllu', BY_SA),
    build: [
      docs('UD_Portuguese-Bosque', 'not-to-release/pt_bosque-ud-train.txt', 'not-to-release/documents', ['pt_bosque-ud-dev.conllu'], BY_SA),
      f('UD_Portuguese-GSD', 'pt_gsd-ud-dev.conllu', BY_SA),
      f('UD_Portuguese-PetroGold', 'pt_petrogold-ud-dev.conllu', BY_SA),
    ],
  },
  ru: {
    measure: f('UD_Russian-GSD', 'ru_gsd-ud-dev.conllu', BY_SA),
    build: [f('UD_Russian-Taiga', 'ru_taiga-ud-dev.conllu', BY_SA), f('UD_Russian-Poetry', 'ru_poetry-ud-dev.conllu', BY_SA)],
  },
  nl: { measure: f('UD_Dutch-Alpino', 'nl_alpino-ud-dev.conllu', BY_SA), build: [f('UD_Dutch-LassySmall', 'nl_lassysmall-ud-dev.conllu', BY_SA)] },
  pl: {
    measure: f('UD_Polish-LFG', 'pl_lfg-ud-dev.conllu', 'GPL 3.0 (measured only)'),
    build: [f('UD_Polish-MPDT', 'pl_mpdt-ud-train.conllu', BY_SA), f('UD_Polish-MPDT', 'pl_mpdt-ud-dev.conllu', BY_SA)],
  },
  sv: {
    measure: f('UD_Swedish-Talbanken', 'sv_talbanken-ud-dev.conllu', BY_SA),
    build: [f('UD_Swedish-Talbanken', 'sv_talbanken-ud-dev.conllu', BY_SA)],
    folds: true,
  },
  cs: {
    measure: f('UD_Czech-CAC', 'cs_cac-ud-dev.conllu', BY_SA),
    build: [f('UD_Czech-CLTT', 'cs_cltt-ud-train.conllu', BY_SA), f('UD_Czech-CLTT', 'cs_cltt-ud-dev.conllu', BY_SA)],
    list: 'lemmatization-cs.txt',
    // The list files a verbal noun under its participle (vyřešení → vyřešený, myšlení → myšlený), an adverb under a
    // verb (rychle → rychlit) and a short passive participle under its verb (věnována → věnovat); the treebanks give
    // the first two their own lemma and the third its long participle (věnovaný), and so does the analyser.
    listKeeps: (form, lemma) =>
      !(form.endsWith('í') && lemma === `${form.slice(0, -1)}ý`) &&
      !(/[eě]$/.test(form) && lemma === `${form.slice(0, -1)}it`) &&
      !(/[aáeě]n[aoiyu]?$/.test(form) && /[aeěi]t$/.test(lemma)),
  },
  uk: { measure: f('UD_Ukrainian-IU', 'uk_iu-ud-dev.conllu', 'CC BY-NC-SA 4.0 (measured only)'), build: [] },
  tr: {
    measure: f('UD_Turkish-BOUN', 'tr_boun-ud-dev.conllu', BY_SA),
    build: [
      f('UD_Turkish-Kenet', 'tr_kenet-ud-dev.conllu', BY_SA),
      f('UD_Turkish-Penn', 'tr_penn-ud-dev.conllu', BY_SA),
      f('UD_Turkish-Tourism', 'tr_tourism-ud-dev.conllu', BY_SA),
      f('UD_Turkish-FrameNet', 'tr_framenet-ud-train.conllu', BY_SA),
      f('UD_Turkish-FrameNet', 'tr_framenet-ud-dev.conllu', BY_SA),
      f('UD_Turkish-Atis', 'tr_atis-ud-train.conllu', BY_SA),
      f('UD_Turkish-Atis', 'tr_atis-ud-dev.conllu', BY_SA),
    ],
  },
  el: { measure: f('UD_Greek-GDT', 'el_gdt-ud-dev.conllu', 'CC BY-NC-SA 3.0 (measured only)'), build: [f('UD_Greek-GUD', 'el_gud-ud-train.conllu', BY_SA)] },
  // Japanese: GSD's train file is 4 MiB or more (absent here); GSDLUW's dev file is the same sentences (long units),
  // KTC and BCCWJ carry no text, Modern and PUD have a test file only: the table is GSD dev's, measured on folds.
  ja: { measure: f('UD_Japanese-GSD', 'ja_gsd-ud-dev.conllu', BY_SA), build: [f('UD_Japanese-GSD', 'ja_gsd-ud-dev.conllu', BY_SA)], folds: true },
};

export const udDir = (): string => process.env.LEMMA_UD_DIR ?? '/work/.mirror';

const cache = new Map<string, UdWord[][] | null>();

const gitDirOf = (repo: string) => path.join(udDir(), `UniversalDependencies+${repo}`, 'repo');

function gitShow(gitDir: string, file: string): string {
  return execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Several blobs in one git process (a split's documents are ~1,500 small files). */
function gitShowMany(gitDir: string, files: readonly string[]): string[] {
  const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: files.map((file) => `HEAD:${file}\n`).join(''),
    maxBuffer: 256 << 20,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const texts: string[] = [];
  let at = 0;
  for (const file of files) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString('utf8');
    const size = Number(/^\S+ blob (\d+)$/.exec(header)?.[1] ?? NaN);
    if (!Number.isFinite(size)) throw new Error(`${file}: ${header}`);
    texts.push(out.subarray(eol + 1, eol + 1 + size).toString('utf8'));
    at = eol + 1 + size + 1;
  }
  return texts;
}

/** A sentence block's `# name = value` comment. */
const comment = (block: string, name: string) => new RegExp(`^# ${name} = (.*)$`, 'm').exec(block)?.[1]?.trim();

const sentenceBlocks = (text: string) => text.split(/\n\s*\n/).filter((b) => /^\d/m.test(b));

/** The document a sentence id belongs to, as the documents are named: CF1-3 → CF0001. */
export const documentOf = (sentId: string): string =>
  sentId.replace(/-\d+$/, '').replace(/^([A-Za-z]+)(\d+)$/, (_, p: string, n: string) => p + n.padStart(4, '0'));

const idList = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * A split assembled from its documents (UdFile.documents), as CoNLL-U text. Throws when a listed document belongs
 * to the test split or an assembled sentence is one of the held-out files' (same sent_id or same text).
 */
export function assembleSplit(file: UdFile, show: (file: string) => string, showMany: (files: readonly string[]) => string[]): string {
  const spec = file.documents!;
  const ids = new Set(idList(show(file.file)));
  const testList = file.file.replace(/train|dev/, 'test');
  const testDocs = new Set(testList === file.file ? [] : idList(show(testList)).map(documentOf));
  const names = [...new Set([...ids].map(documentOf))].sort();
  for (const name of names) if (testDocs.has(name)) throw new Error(`${file.repo}: document ${name} is in the test split`);
  const heldIds = new Set<string>();
  const heldTexts = new Set<string>();
  for (const held of spec.heldOut)
    for (const block of sentenceBlocks(show(held))) {
      const id = comment(block, 'sent_id');
      const text = comment(block, 'text');
      if (id) heldIds.add(id);
      if (text) heldTexts.add(text);
    }
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const text of showMany(names.map((n) => `${spec.dir}/${n}.conllu`)))
    for (const block of sentenceBlocks(text)) {
      const id = comment(block, 'sent_id');
      if (!id || !ids.has(id)) continue;
      const said = comment(block, 'text');
      if (heldIds.has(id)) throw new Error(`${file.repo}: ${id} is also in a held-out file`);
      // The same text in another document (a repeated byline or headline): left out, so no measured sentence is
      // in the table.
      if (said && heldTexts.has(said)) {
        dropped.push(id);
        continue;
      }
      kept.push(block);
    }
  if (dropped.length) console.log(`${file.repo}: ${dropped.length} sentences left out, their text is a held-out file's (${dropped.slice(0, 5).join(', ')}…)`);
  return kept.join('\n\n') + '\n';
}

/** A file's sentences, or null when its mirror or the file is absent (fetch leaves out files of 4 MiB or more). */
export function readUd(file: UdFile): UdWord[][] | null {
  if (/test/.test(file.file)) throw new Error(`never read a test file: ${file.file}`);
  const key = `${file.repo}/${file.file}`;
  if (cache.has(key)) return cache.get(key)!;
  const gitDir = gitDirOf(file.repo);
  let out: UdWord[][] | null = null;
  if (fs.existsSync(gitDir)) {
    let text: string | null = null;
    try {
      text = file.documents
        ? assembleSplit(
            file,
            (name) => gitShow(gitDir, name),
            (names) => gitShowMany(gitDir, names),
          )
        : gitShow(gitDir, file.file);
    } catch (err) {
      // An absent file is skipped; a leak (a test document, a held-out sentence) stops the build.
      if (err instanceof Error && / is (in the test split|also in a held-out file)/.test(err.message)) throw err;
      text = null;
    }
    if (text !== null) out = parseConllu(text).map((sentence) => sentence.map((w) => ({ ...w, lemma: lemmaConvention(file.repo, w) })));
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

export const sourceLine = (file: UdFile): string =>
  file.documents
    ? `UniversalDependencies/${file.repo} ${file.documents.dir}/*.conllu, the documents listed in ${file.file} (${file.license})`
    : `UniversalDependencies/${file.repo} ${file.file} (${file.license})`;

/** The pairs a language's table takes for forms no treebank shows: its michmech list, then its lexicon. */
export function extraPairs(lang: UdLanguage): Map<string, string> | null {
  const list = lang.list ? readList(lang.list, lang.listKeeps) : null;
  const lexicon = lang.lexicon?.read() ?? null;
  if (!list || !lexicon) return list ?? lexicon;
  for (const [form, lemma] of lexicon) if (!list.has(form)) list.set(form, lemma);
  return list;
}

/** A michmech list's form → lemma pairs (the first lemma a form is listed with), or null when absent here. */
export function readList(file: string, keeps: (form: string, lemma: string) => boolean = () => true): Map<string, string> | null {
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
    if (!out.has(key) && keeps(key, lemma.trim())) out.set(key, lemma.trim());
  }
  return out;
}
