// Runs in: main. The Vietnamese syllable joiner (src-shared/text/vi/segmenter.ts) with its word list from
// resources/vi/ (README.md there: source, licence). Loaded once per process on first use and shared.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MorphAnalyzer } from '../../../src-shared/text/tokenize';
import { vietnameseAnalyzer } from '../../../src-shared/text/vi/segmenter';
import { resourcesDir } from '../../core/paths';

const gunzip = promisify(zlib.gunzip);

let loading: Promise<MorphAnalyzer> | null = null;
let ready: MorphAnalyzer | null = null;

async function load(): Promise<MorphAnalyzer> {
  const list = (await gunzip(await fs.readFile(path.join(resourcesDir(), 'vi', 'words.txt.gz')))).toString('utf8');
  return vietnameseAnalyzer(new Set(list.split('\n').filter(Boolean)));
}

/** The joiner as a tokenizer analyzer, loading its word list on first call. */
export function loadVietnameseAnalyzer(): Promise<MorphAnalyzer> {
  if (ready) return Promise.resolve(ready);
  loading ??= load().then(
    (analyzer) => (ready = analyzer),
    (err: unknown) => {
      loading = null;
      throw new Error(`The Vietnamese word list could not load: ${err instanceof Error ? err.message : String(err)}`);
    },
  );
  return loading;
}

/** The analyzer if it has loaded, for synchronous code. */
export const vietnameseAnalyzerIfLoaded = (): MorphAnalyzer | null => ready;
