// Runs in: main. The Chinese word segmenter (src-shared/text/zh/segmenter.ts) with the data that ships in
// resources/zh/ (README.md there: sources, licences, how it was built). Loaded once per process on first use
// (a few hundred milliseconds: the files are read off the main thread, the word list's trie built on it) and shared.
// Also the words' readings (pinyin, jyutping) the reader shows above them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pinyin } from 'pinyin-pro';
import toJyutping from 'to-jyutping';
import type { MorphAnalyzer } from '../../../src-shared/text/tokenize';
import { chineseAnalyzer, zhSegmenterData } from '../../../src-shared/text/zh/segmenter';
import { resourcesDir } from '../../core/paths';

const gunzip = promisify(zlib.gunzip);

let loading: Promise<MorphAnalyzer> | null = null;
let ready: MorphAnalyzer | null = null;

async function load(): Promise<MorphAnalyzer> {
  const dir = path.join(resourcesDir(), 'zh');
  const read = async (name: string) => gunzip(await fs.readFile(path.join(dir, name)));
  const [model, words, table] = await Promise.all([read('segmenter.bin.gz'), read('words.txt.gz'), read('traditional-simplified.txt.gz')]);
  const data = zhSegmenterData(model, words.toString('utf8'), table.toString('utf8'));
  toSimplified = data.toSimplified;
  return chineseAnalyzer(data);
}

/** The segmenter as a tokenizer analyzer, loading it on first call. */
export function loadChineseAnalyzer(): Promise<MorphAnalyzer> {
  if (ready) return Promise.resolve(ready);
  loading ??= load().then(
    (analyzer) => (ready = analyzer),
    (err: unknown) => {
      loading = null;
      throw new Error(`The Chinese word segmenter could not load its data: ${err instanceof Error ? err.message : String(err)}`);
    },
  );
  return loading;
}

/** The analyzer if it has loaded, for synchronous code (event listeners inside transactions). */
export const chineseAnalyzerIfLoaded = (): MorphAnalyzer | null => ready;

/** The loaded data's traditional → simplified table, for readings (pinyin-pro knows simplified best). */
let toSimplified: ReadonlyMap<number, number> | null = null;

const HAN = /\p{Script=Han}/u;

/**
 * A Chinese word's reading: pinyin with tone marks, a space between syllables (pinyin-pro, on the word's
 * simplified form: 銀行 is read as 银行, yín háng), or jyutping for Cantonese (to-jyutping). Empty for a word
 * without a Han character.
 */
export function chineseReading(word: string, cantonese: boolean): string {
  if (!HAN.test(word)) return '';
  if (cantonese) return toJyutping.getJyutpingText(word);
  // Alone, 了 is nearly always the particle (le); pinyin-pro reads it as the verb (liǎo).
  if (word === '了') return 'le';
  const simplified = toSimplified ? String.fromCodePoint(...Array.from(word, (c) => toSimplified!.get(c.codePointAt(0)!) ?? c.codePointAt(0)!)) : word;
  return pinyin(simplified, { toneType: 'symbol' });
}

/** Readings of a parse's word tokens ('' elsewhere), each distinct word read once. */
export function chineseReadings(texts: readonly string[], kinds: string, cantonese: boolean): string[] {
  const seen = new Map<string, string>();
  return texts.map((text, i) => {
    if (kinds[i] !== 'w') return '';
    let r = seen.get(text);
    if (r === undefined) seen.set(text, (r = chineseReading(text, cantonese)));
    return r;
  });
}
