// The Hunspell analyser of a language, built in-process (scripts and measuring only; the app builds it in a worker).
import fs from 'node:fs';
import path from 'node:path';
import { hunspellPackages } from '../src-main/modules/lemmas/sources';
import { buildTable } from '../src-shared/lemmas/headword-table';
import { createLemmatizer, type Lemmatizer } from '../src-shared/lemmas/lemmatizer';

export function analyserFor(lang: string): Pick<Lemmatizer, 'lemma' | 'isHeadword'> {
  const pkgs = hunspellPackages(lang);
  if (!pkgs?.length) return { lemma: () => null, isHeadword: () => false };
  const aff = fs.readFileSync(path.join(pkgs[0].dir, 'index.aff'), 'utf8');
  const dics = pkgs.map((p) => fs.readFileSync(path.join(p.dir, 'index.dic'), 'utf8'));
  return createLemmatizer(buildTable({ aff, dics }), lang);
}
