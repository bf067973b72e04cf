// Long-lived state is the core's (docs/architecture.md "Long-lived state"): a module keeps a cache in a named,
// typed slot of `ctx.services` (`cacheSlot`/`cacheSlots`), never under a raw string key of `services.cache` and
// never in a module-level map or `let`, so two cores in one process never share it and a restore clears it. This
// test reads every module file; what stays module-level is listed below, each with why it may.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleFiles, modulesDir } from '../helpers/module-files';

const rel = (file: string) => path.relative(modulesDir, file).split(path.sep).join('/');

/** `file: name` → why this module-level state is not the core's. */
const PROCESS_WIDE: Record<string, string> = {
  'analysis/kuromoji.ts: loading': 'the Japanese dictionary: read-only, 50 MB, the same for every core',
  'analysis/kuromoji.ts: ready': 'the Japanese dictionary, once loaded',
  'analysis/kuromoji.ts: readyTokenizer': 'the Japanese dictionary, once loaded',
  'analysis/chinese.ts: loading': "the Chinese segmenter's model and word list: read-only resources, the same for every core",
  'analysis/chinese.ts: ready': 'the Chinese segmenter, once loaded',
  'lemmas/japanese.ts: table': 'the shipped Japanese running-text lemma table: read once, the same for every core',
  'lemmas/japanese.ts: lookup': 'a memo of a pure function of that table and the Japanese dictionary, nothing of a database',
  'lemmas/korean.ts: states': 'the Korean stem model: a read-only shipped resource, the same for every core',
  'analysis/chinese.ts: toSimplified': 'the traditional → simplified table of the loaded segmenter data',
  'analysis/vietnamese.ts: loading': 'the Vietnamese word list: a read-only resource, the same for every core',
  'analysis/vietnamese.ts: ready': 'the Vietnamese syllable joiner, once loaded',
  'analysis/word-count.ts: shortcuts': 'a memo of a pure function of parser settings, nothing of a database',
  'reader/view.ts: hexCache': 'a memo of a pure colour conversion',
  'lemmas/sources.ts: packageInfos': 'installed npm packages, the same for every core in the process',
  'lemmas/sources.ts: autos': 'Hunspell tables built from installed packages: the same for every core, costly to build',
  'lemmas/form-tables.ts: loaded': 'shipped running-text lemma tables, read once: the same for every core',
  'lemmas/form-tables.ts: sourcesRead': 'a shipped resource file, read once',
  'languages/presets.ts: cached': 'a shipped resource file, read once',
  'feeds/service.ts: curatedCache': 'a shipped resource file, read once',
  'dictionaries/sanitize.ts: purifier': 'a stateless sanitizer instance',
  'dictionaries/import-job.ts: lastToken': 'import tokens must be unique in the process, across cores',
  'accounts/password.ts: dummy': 'a throwaway hash for timing, the same for every core',
  'texts/repo/forms.ts: caches': 'keyed by the connection (WeakMap): each core and each reopened file has its own',
  'texts/coverage-cache.ts: figures': 'keyed by the connection (WeakMap): each core and each reopened file has its own',
  'books/reading.ts: countsCache': 'keyed by the connection (WeakMap): each core and each reopened file has its own',
};

/** Files still reaching `services.cache` by raw key, with why they are not converted yet. */
const RAW_KEYS: Record<string, string> = {};

describe('long-lived state lives in the core', () => {
  const files = moduleFiles();

  it('no module-level mutable state beyond the listed process-wide ones', () => {
    const found: string[] = [];
    for (const file of files) {
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/^(?:export )?(?:let (\w+)|const (\w+)(?:: [^=]+)? = new (?:Map|Set|WeakMap)(?:<.*>)?\(\))/gm))
        found.push(`${rel(file)}: ${m[1] ?? m[2]}`);
    }
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((f) => !(f in PROCESS_WIDE))).toEqual([]);
    // A listed entry that went away is taken off the list.
    expect(Object.keys(PROCESS_WIDE).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('no raw services.cache keys: caches are named, typed slots', () => {
    const raw = files
      .filter((file) => /services\.cache\.(?:get|set|has|delete)\(/.test(fs.readFileSync(file, 'utf8')))
      .map(rel)
      .sort();
    expect(raw.filter((f) => !(f in RAW_KEYS))).toEqual([]);
    expect(Object.keys(RAW_KEYS).filter((k) => !raw.includes(k))).toEqual([]);
  });
});
