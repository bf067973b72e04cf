// Runs in: main. The analysis module's front door: what turns a string into tokens for a language (the parser a
// language uses, the Japanese analyzer, a term's word count, the multi-word index). It has no endpoints and
// listens to nothing: texts, reader, terms and lemmas call it, and it calls only languages. Being below all four
// is what ends the old loops terms ↔ texts and lemmas ↔ texts (word counts and the Japanese base form lived in
// texts), with no event or function passed at assembly needed.

// What other modules may call (they import this file, never a file of the module).
export { chineseReadings } from './chinese';
export { japaneseAnalyzerIfLoaded, japaneseBaseForm, loadJapaneseAnalyzer } from './kuromoji';
export { forgetLanguage, matcherFor, termPattern, updateIndex, type IndexContext } from './multiword-index';
export {
  analyzerReady,
  countRunningWords,
  needsAnalyzer,
  parseColumnsWithLanguage,
  parseNow,
  parseTermText,
  prepareAnalyzer,
  sentenceTokens,
  type ParsingLanguage,
} from './parse';
export { countWords, prepareWordCount, termCanShow, wordCounter } from './word-count';
