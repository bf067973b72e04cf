// Word F1 of the Vietnamese preset with the syllable joiner, on gold sentences (every word with a letter).
import presetFile from '../resources/language-presets.json';
import { wordF1, type F1, type GoldSentence } from '../bench/segment-eval';
import { parseText, type ParserSettings } from '../src-shared/text/tokenize';
import { vietnameseAnalyzer } from '../src-shared/text/vi/segmenter';

export const vietnamesePreset = (): ParserSettings => presetFile.presets.find((p) => p.LgName === 'Vietnamese') as unknown as ParserSettings;

const LETTER = /\p{L}/u;

export function vietnameseF1(sentences: readonly GoldSentence[], words: ReadonlySet<string>, lang: ParserSettings = vietnamesePreset()): F1 {
  const analyzer = vietnameseAnalyzer(words);
  return wordF1(
    sentences,
    (text) => {
      const parsed = parseText(text, lang, analyzer);
      const out: { text: string; at: number }[] = [];
      let at = 0;
      for (const t of parsed.tokens) {
        if (t.kind === 'word') out.push({ text: t.text, at });
        at += t.text.length;
      }
      return { words: out, text: parsed.text };
    },
    (w) => LETTER.test(w),
  );
}
