// Runs in: main. The Chinese word segmenter (src-shared/text/zh/segmenter.ts) with the data that ships in
// resources/zh/ (README.md there: sources, licences, how it was built). Loaded once per process on first use
// (a few hundred milliseconds: the files are read off the main thread, the word list's trie built on it) and shared.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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
  return chineseAnalyzer(zhSegmenterData(model, words.toString('utf8'), table.toString('utf8')));
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
