// Runs in: main. Lemma dictionary files on disk: {data dir}/lemma-dictionaries/{iso}_lemmas.tsv, parsed once and
// cached by path + mtime + size, so a new or changed file is picked up on the next lookup without a restart.
import fs from 'node:fs';
import path from 'node:path';
import { parseLemmaTsv, type LemmaDictionary } from '../../../src-shared/import/lemma-tsv';
import { lemmaDictionaryDir } from '../../core/data-dir';
import { resourcesDir } from '../../core/paths';
import { cacheSlot, cacheSlots, type Services } from '../../core/services';

interface CachedDictionary {
  mtimeMs: number;
  size: number;
  dict: LemmaDictionary;
}

/** ISO 639-1 part of a language code ("pt-BR" → "pt"); empty when the code cannot name a file. */
export function isoForFile(isoCode: string): string {
  const base = isoCode.trim().toLowerCase().split('-')[0];
  return /^[a-z]{2,3}$/.test(base) ? base : '';
}

/**
 * The lemma file of a language: the shared one (owner null: single-user mode, or written by an administrator), or
 * a learner's own list in multi-user mode, {data dir}/lemma-dictionaries/users/{id}/{iso}_lemmas.tsv.
 */
export function lemmaFilePath(services: Services, isoCode: string, owner: number | null = null): string | null {
  const iso = isoForFile(isoCode);
  if (!iso) return null;
  const dir = lemmaDictionaryDir(services.dataDir);
  return owner === null ? path.join(dir, `${iso}_lemmas.tsv`) : path.join(dir, 'users', String(owner), `${iso}_lemmas.tsv`);
}

/** The file a lookup reads for `owner`: their own list when they imported one, else the shared one (or null). */
export function activeLemmaFile(services: Services, isoCode: string, owner: number | null = null): string | null {
  const own = owner === null ? null : lemmaFilePath(services, isoCode, owner);
  if (own && fs.statSync(own, { throwIfNoEntry: false })) return own;
  return lemmaFilePath(services, isoCode);
}

/** Set once the shipped files were copied into this core's data dir (a restore clears it: copied again). */
const installedSlot = cacheSlot<true>('lemmas.shippedInstalled');
/** A lemma file's parsed dictionary, by path, with the stat it was parsed at (hot reload on change). */
const parsedSlot = cacheSlots<CachedDictionary>('lemmas.file');

/**
 * The parsed dictionary for a language code, or null when there is no file. One stat per call: cheap next
 * to parsing, and it is what makes hot reload work. Bulk callers fetch the dictionary once and reuse it.
 */
export function loadLemmaDictionary(services: Services, isoCode: string, owner: number | null = null): LemmaDictionary | null {
  if (!installedSlot.get(services)) {
    installShippedLemmaFiles(services.dataDir);
    installedSlot.set(services, true);
  }
  const file = activeLemmaFile(services, isoCode, owner);
  if (!file) return null;
  // No file is the usual case (automatic lemmas only): asked without throwing (the exception cost 10-30 µs a term saved).
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) {
    parsedSlot(file).delete(services);
    return null;
  }
  const cached = parsedSlot(file).get(services);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.dict;
  const dict = parseLemmaTsv(fs.readFileSync(file, 'utf8'));
  parsedSlot(file).set(services, { mtimeMs: stat.mtimeMs, size: stat.size, dict });
  return dict;
}

/** Writes a dictionary file atomically (temp file + rename), so a reader never sees half a file. */
export function writeLemmaFile(services: Services, isoCode: string, text: string, owner: number | null = null): string {
  const file = lemmaFilePath(services, isoCode, owner);
  if (!file) throw new Error('no ISO code');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, 'utf8');
  fs.renameSync(tmp, file);
  parsedSlot(file).delete(services);
  return file;
}

/**
 * Copies the lemma files Lectio ships (resources/lemma-dictionaries/*_lemmas.tsv) into the data dir, only
 * where the user has no file of that name: a user's own or edited file is never overwritten.
 */
export function installShippedLemmaFiles(dataDir: string, from = path.join(resourcesDir(), 'lemma-dictionaries')): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(from).filter((n) => /^[a-z]{2,3}_lemmas\.tsv$/.test(n));
  } catch {
    return [];
  }
  const target = lemmaDictionaryDir(dataDir);
  fs.mkdirSync(target, { recursive: true });
  const copied: string[] = [];
  for (const name of names) {
    const dest = path.join(target, name);
    if (fs.existsSync(dest)) continue;
    fs.copyFileSync(from + path.sep + name, dest, fs.constants.COPYFILE_EXCL);
    copied.push(name);
  }
  return copied;
}

/** A path inside the data directory as API answers show it: relative, with / separators (never absolute; issue 21). */
export const dataRelative = (dataDir: string, file: string): string => path.relative(dataDir, file).split(path.sep).join('/');
