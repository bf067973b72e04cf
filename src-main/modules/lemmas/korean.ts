// Runs in: main. Korean lemmas (issue 46): a word's stem without its particles and endings (학교에서 → 학교,
// 앞둔 → 앞두다), from the stemmer of src-shared/lemmas/korean trained on UD Korean GSD and Kaist dev and shipped
// as resources/korean-stems/model.json (1.6 MB; its README says where it comes from and its licence). Read on
// the first Korean lookup, once per process (ko_stem_model_load_cpu_ms: ~90 ms), and shared by every user and core.
import fs from 'node:fs';
import path from 'node:path';
import { createKoreanStemmer, type KoreanStemmer, type KoreanStemModel } from '../../../src-shared/lemmas/korean/stemmer';
import { resourcesDir } from '../../core/paths';

export const KOREAN_MODEL_FILE = () => path.join(resourcesDir(), 'korean-stems', 'model.json');

let stemmer: KoreanStemmer | null = null;
let model: KoreanStemModel | null = null;

function koreanStemmer(): KoreanStemmer {
  if (!stemmer) {
    model = JSON.parse(fs.readFileSync(KOREAN_MODEL_FILE(), 'utf8')) as KoreanStemModel;
    stemmer = createKoreanStemmer(model);
  }
  return stemmer;
}

export const koreanLemma = (word: string): string | null => koreanStemmer().stem(word);

/** What the language settings show: the model's training data and size. */
export function koreanSourceInfo(): { name: string; forms: number } {
  const s = koreanStemmer();
  return { name: `Lectio's Korean stemmer, learned from ${model!.source}`, forms: s.words };
}
