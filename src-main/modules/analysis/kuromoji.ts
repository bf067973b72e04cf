// Runs in: main. The Japanese morphological analyzer: kuromoji with the dictionary that ships in its npm
// package. Built once per process on first use (about a second) and shared; the analyzer itself is pure.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import type { MorphAnalyzer, MorphToken } from '../../../src-shared/text/tokenize';
import { appRoot } from '../../core/paths';

let loading: Promise<MorphAnalyzer> | null = null;
let ready: MorphAnalyzer | null = null;
let readyTokenizer: Tokenizer<IpadicFeatures> | null = null;

const SYMBOL_POS = '記号';

function toAnalyzer(tokenizer: Tokenizer<IpadicFeatures>): MorphAnalyzer {
  return (line) =>
    tokenizer.tokenize(line).map((t): MorphToken => {
      const token: MorphToken = { surface: t.surface_form, isWord: t.pos !== SYMBOL_POS && t.word_type !== undefined && /\S/.test(t.surface_form) };
      if (t.reading && t.reading !== '*') token.reading = t.reading;
      return token;
    });
}

/** The analyzer, loading it on first call. */
export function loadJapaneseAnalyzer(): Promise<MorphAnalyzer> {
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<MorphAnalyzer>((resolve, reject) => {
    const req = createRequire(path.join(appRoot(), 'package.json'));
    const kuromoji = req('kuromoji') as typeof import('kuromoji');
    const dicPath = path.join(path.dirname(req.resolve('kuromoji/package.json')), 'dict');
    kuromoji.builder({ dicPath }).build((err, tokenizer) => {
      if (err) {
        loading = null;
        reject(new Error(`The Japanese analyzer (kuromoji) could not load its dictionary: ${err.message}`));
        return;
      }
      ready = toAnalyzer(tokenizer);
      readyTokenizer = tokenizer;
      resolve(ready);
    });
  });
  return loading;
}

/** The analyzer if it has loaded, for synchronous code (event listeners inside transactions). */
export const japaneseAnalyzerIfLoaded = (): MorphAnalyzer | null => ready;

/**
 * Grammar after a word's stem: auxiliaries (た, ます), particles (て), the verbs IPADIC marks as suffixes (passive and
 * causative れる, られる, させる), and those it marks as not standing alone when they follow a particle (いる, しまう,
 * みる after て); right after a verb's stem such a verb makes a compound (食べ始める), kept.
 */
const isGrammar = (t: IpadicFeatures, before: IpadicFeatures) =>
  t.pos === '助動詞' || t.pos === '助詞' || (t.pos === '動詞' && (t.pos_detail_1 === '接尾' || (t.pos_detail_1 === '非自立' && before.pos === '助詞')));

/**
 * The dictionary form of a Japanese word (食べた → 食べる): its last token that is not grammar (isGrammar) heads it
 * and takes its base form, the tokens before it kept as written, the grammar after it dropped: a word kuromoji cuts
 * in several is one word to the learner who saved it (食べ始めた → 食べ始める, 日露 → 日露, 食べさせられた and
 * 食べている → 食べる). Null while the analyzer loads (it starts loading here), and for a word with a symbol in it.
 * Used by the lemmas module as the Japanese automatic lemma source.
 */
export function japaneseBaseForm(word: string): string | null {
  if (!readyTokenizer) {
    void loadJapaneseAnalyzer().catch(() => undefined);
    return null;
  }
  const tokens = readyTokenizer.tokenize(word.trim());
  if (tokens.length === 0 || tokens.some((t) => t.pos === SYMBOL_POS)) return null;
  let head = tokens.length - 1;
  while (head > 0 && isGrammar(tokens[head], tokens[head - 1])) head--;
  const base = tokens[head].basic_form;
  return (
    tokens
      .slice(0, head)
      .map((t) => t.surface_form)
      .join('') + (base && base !== '*' ? base : tokens[head].surface_form)
  );
}
