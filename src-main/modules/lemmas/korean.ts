// Runs in: main. Korean lemmas (issue 46): a word's stem without its particles and endings (학교에서 → 학교,
// 앞둔 → 앞두다), from the stemmer of src-shared/lemmas/korean trained on UD Korean GSD and Kaist dev and shipped
// as resources/korean-stems/model.json (1.6 MB; its README says where it comes from and its licence). Read on
// the first Korean lookup, once per process (ko_stem_model_load_cpu_ms: ~90 ms), and shared by every user and core.
// A model that cannot be read (a broken install) leaves Korean without automatic lemmas, said in the language
// settings, rather than failing every save of a Korean term.
import fs from 'node:fs';
import path from 'node:path';
import { createKoreanStemmer, type KoreanStemmer, type KoreanStemModel } from '../../../src-shared/lemmas/korean/stemmer';
import { resourcesDir } from '../../core/paths';

export const koreanModelFile = () => path.join(resourcesDir(), 'korean-stems', 'model.json');

type KoreanState = { stemmer: KoreanStemmer; source: string } | { error: string };

/** Model file → its stemmer (or why there is none): read once. */
const states = new Map<string, KoreanState>();

export function koreanState(file = koreanModelFile()): KoreanState {
  let state = states.get(file);
  if (!state) {
    try {
      const model = JSON.parse(fs.readFileSync(file, 'utf8')) as KoreanStemModel;
      if (typeof model.words !== 'object' || typeof model.endings !== 'object' || !Array.isArray(model.stems)) throw new Error('not a Korean stem model');
      state = { stemmer: createKoreanStemmer(model), source: model.source };
    } catch (err) {
      state = { error: `Could not read the Korean stem model ${file}: ${(err as Error).message}` };
    }
    states.set(file, state);
  }
  return state;
}

export function koreanLemma(word: string): string | null {
  const state = koreanState();
  return 'stemmer' in state ? state.stemmer.stem(word) : null;
}

/** What the language settings show: the model's training data and size, or why it could not be read. */
export function koreanSourceInfo(file = koreanModelFile()): {
  name: string;
  forms: number | null;
  state: 'ready' | 'failed';
  error: string | null;
} {
  const state = koreanState(file);
  return 'stemmer' in state
    ? { name: `Lectio's Korean stemmer, learned from ${state.source}`, forms: state.stemmer.words, state: 'ready', error: null }
    : { name: "Lectio's Korean stemmer", forms: null, state: 'failed', error: state.error };
}
