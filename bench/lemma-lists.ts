// The independent form→lemma lists every language's automatic lemmas are measured on (issue 30), shared by
// bench/lemmas.bench.ts (prints the figures) and scripts/lemma-quality.ts (writes them into
// src-shared/lemmas/quality.json, the table the app gates auto-fill on). See tests/fixtures/lemmas/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HUNSPELL_PACKAGES } from '../src-main/modules/lemmas/sources';
import { parseLemmaList, type LemmaPair } from '../src-shared/lemmas/quality';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every language with a Hunspell source ("no" reads the nb dictionary and shares its figures). */
export const HUNSPELL_LANGS = Object.keys(HUNSPELL_PACKAGES).filter((l) => l !== 'no');

export interface LemmaList {
  pairs: LemmaPair[];
  source: string;
  license: string;
}

/** The language's list: michmech's for English (when ../shared is there), else the Apertium-made fixture. */
export function lemmaList(lang: string): LemmaList | null {
  const michmech = path.join(root, '..', 'shared', 'fixtures', 'lemmas', `michmech_lemmatization-${lang}.txt`);
  if (fs.existsSync(michmech))
    return { pairs: parseLemmaList(fs.readFileSync(michmech, 'utf8'), true), source: 'michmech/lemmatization-lists', license: 'ODbL' };
  const file = path.join(root, 'tests', 'fixtures', 'lemmas', `${lang}.tsv`);
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const made = /Apertium (\S+) (\S+) \(([^)]+)\)/.exec(text.split('\n')[0] ?? '');
  if (!made) return null;
  return {
    pairs: parseLemmaList(text),
    source: `Apertium ${made[1]} ${made[2]} (${made[3]}) on a seeded sample of Hunspell forms`,
    license: 'GPL',
  };
}
