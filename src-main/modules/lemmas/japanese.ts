// Runs in: main. Japanese lemmas: the running-text table (resources/lemma-tables/ja.tsv.gz, UD_Japanese-GSD's
// UniDic lemmas: し, する → 為る; で → だ) first, then kuromoji's base form (through the texts module that loads
// the analyzer), itself looked up in the table (しよう → する → 為る: ANALYSER_THROUGH_TABLE). The table is small
// (3,448 rows, 21 KB: 5–11 ms to read and parse on the loaded 2-core machine, about one of the slices the large
// tables are parsed in), so it is read at once on first use, once per process, as the Korean model is (korean.ts).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parseFormTable, rememberLemmas, withFormTable, type FormTable } from '../../../src-shared/lemmas/form-table';
import { japaneseAnalyzerIfLoaded, japaneseBaseForm } from '../analysis';
import { formTableFile } from './form-tables';

/** The shipped table, or null when it cannot be read (kuromoji's base forms then answer alone). */
export function readJapaneseTable(file = formTableFile('ja')): FormTable | null {
  try {
    return parseFormTable(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
  } catch {
    return null;
  }
}

let table: FormTable | null | undefined;
/** The shipped table, read on the first call. */
export const japaneseTable = (): FormTable | null => (table === undefined ? (table = readJapaneseTable()) : table);

let lookup: ((word: string) => string | null) | null = null;

export function japaneseLemma(word: string): string | null {
  if (!lookup) {
    // No answer until kuromoji has loaded (japaneseBaseForm starts the load), and none remembered meanwhile.
    if (!japaneseAnalyzerIfLoaded()) return japaneseBaseForm(word);
    lookup = rememberLemmas(withFormTable(japaneseTable(), japaneseBaseForm, 'ja'));
  }
  return lookup(word);
}
