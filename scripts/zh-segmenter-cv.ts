// k-fold cross-validation of the Chinese segmenter over the dev files: train on k−1 folds of the simplified
// sentences, measure on the held-out fold in both scripts. GSD and GSDSimp hold the same sentences, so a fold
// is the same sentence indexes in both: no sentence measured was trained on in either script.
import presetFile from '../resources/language-presets.json';
import { HAN, wordF1, type F1, type GoldSentence } from '../bench/segment-eval';
import { parseText, type ParserSettings } from '../src-shared/text/tokenize';
import { chineseAnalyzer, type ZhSegmenterData } from '../src-shared/text/zh/segmenter';
import { train } from './zh-segmenter-train';

/** The Chinese (Simplified) preset's parser settings. */
export const chinesePreset = (): ParserSettings => presetFile.presets.find((p) => p.LgName === 'Chinese (Simplified)') as unknown as ParserSettings;

export interface PairedSentences {
  simplified: GoldSentence[];
  traditional: GoldSentence[];
}

/** The two dev files, checked to hold the same sentences in the same order. */
export function zhSentences(simplified: GoldSentence[], traditional: GoldSentence[]): PairedSentences {
  if (simplified.length !== traditional.length) throw new Error('GSD and GSDSimp dev files differ in length');
  return { simplified, traditional };
}

/** Word F1 (words with a Han character) of the tokenizer with the segmenter over the sentences. */
export function zhF1(sentences: readonly GoldSentence[], data: ZhSegmenterData, lang: ParserSettings = chinesePreset()): F1 {
  const analyzer = chineseAnalyzer(data);
  return wordF1(
    sentences,
    (text) => {
      const parsed = parseText(text, lang, analyzer);
      const words: { text: string; at: number }[] = [];
      let at = 0;
      for (const t of parsed.tokens) {
        if (t.kind === 'word') words.push({ text: t.text, at });
        at += t.text.length;
      }
      return { words, text: parsed.text };
    },
    (w) => HAN.test(w),
  );
}

const pool = (parts: F1[]): F1 => {
  // Folds are near equal in size: the mean of their figures.
  const mean = (f: (x: F1) => number) => parts.reduce((a, x) => a + f(x), 0) / parts.length;
  return { precision: mean((x) => x.precision), recall: mean((x) => x.recall), f1: mean((x) => x.f1), skipped: parts.reduce((a, x) => a + x.skipped, 0) };
};

export function crossValidate(pairs: PairedSentences, base: ZhSegmenterData, k: number): { simplified: F1; traditional: F1 } {
  const simplified: F1[] = [];
  const traditional: F1[] = [];
  for (let fold = 0; fold < k; fold++) {
    const held = (i: number) => i % k === fold;
    const weights = train(
      pairs.simplified.filter((_, i) => !held(i)),
      base.words,
      base.toSimplified,
    );
    const data = { ...base, weights };
    simplified.push(
      zhF1(
        pairs.simplified.filter((_, i) => held(i)),
        data,
      ),
    );
    traditional.push(
      zhF1(
        pairs.traditional.filter((_, i) => held(i)),
        data,
      ),
    );
  }
  return { simplified: pool(simplified), traditional: pool(traditional) };
}
