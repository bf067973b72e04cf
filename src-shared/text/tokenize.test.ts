// Runs in: any process (vitest). Tests for tokenize.ts.
// Tokenizer tests in compact notation: tokens joined by "/", a line break as ¶.
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../contract/languages';
import { parseColumns, parseText, runningWords, sentenceTexts, toNotation, type MorphAnalyzer, type ParserSettings } from './tokenize';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const lang = (name: string): ParserSettings => {
  const p = presets.find((x) => x.LgName === name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
};
const notation = (text: string, s: ParserSettings, analyze?: MorphAnalyzer) => toNotation(parseText(text, s, analyze).tokens);
const words = (text: string, s: ParserSettings, analyze?: MorphAnalyzer) =>
  parseText(text, s, analyze)
    .tokens.filter((t) => t.kind === 'word')
    .map((t) => t.text);
const sentences = (text: string, s: ParserSettings, analyze?: MorphAnalyzer) => sentenceTexts(parseText(text, s, analyze));

describe('regex tokenizer', () => {
  it('English: words, spaces and punctuation', () => {
    expect(notation('Hello, world. How are you?', lang('English'))).toBe('Hello/,/ /world/./ /How/ /are/ /you/?');
    expect(sentences('Hello, world. How are you?', lang('English'))).toEqual(['Hello, world.', 'How are you?']);
  });

  it('English: an apostrophe joins letters but never starts a word', () => {
    expect(notation("Don't say 'no'.", lang('English'))).toBe("Don't/ /say/ /'/no/'.");
  });

  it('keeps numbers such as 3.14 and 10:30 whole and does not split sentences there', () => {
    expect(notation('Pi is 3.14 at 10:30.', lang('English'))).toBe('Pi/ /is/ /3.14/ /at/ /10:30/.');
    expect(sentences('Pi is 3.14 at 10:30. Next.', lang('English'))).toEqual(['Pi is 3.14 at 10:30.', 'Next.']);
  });

  it('sentence-end exceptions (Mr., e.g., z.B.) do not end a sentence', () => {
    expect(sentences('Mr. Smith came, e.g. today. He left.', lang('English'))).toEqual(['Mr. Smith came, e.g. today.', 'He left.']);
    expect(sentences('Das ist z.B. gut. Ja!', lang('German'))).toEqual(['Das ist z.B. gut.', 'Ja!']);
  });

  it('German: umlauts and ß are word characters', () => {
    expect(notation('Die Straße führt zur Mühle.', lang('German'))).toBe('Die/ /Straße/ /führt/ /zur/ /Mühle/.');
  });

  it('Spanish: ¿ and ¡ are punctuation', () => {
    expect(notation('¿Hola, tengo un gato? ¡Sí!', lang('Spanish'))).toBe('¿/Hola/,/ /tengo/ /un/ /gato/?/ /¡/Sí/!');
    expect(sentences('¿Hola? ¡Sí!', lang('Spanish'))).toEqual(['¿Hola?', '¡Sí!']);
  });

  it("French: l'homme is two words (the typographic apostrophe is substituted first)", () => {
    expect(notation("L’homme et l'enfant.", lang('French'))).toBe("L/'/homme/ /et/ /l/'/enfant/.");
  });

  it('Russian and Greek word characters', () => {
    expect(words('Я люблю читать.', lang('Russian'))).toEqual(['Я', 'люблю', 'читать']);
    expect(sentences('Τι κάνεις; Καλά.', lang('Greek'))).toEqual(['Τι κάνεις;', 'Καλά.']);
  });

  it('Arabic: Arabic comma and question mark are punctuation, not letters', () => {
    expect(notation('مرحبا، كيف حالك؟ أنا بخير.', lang('Arabic'))).toBe('مرحبا/،/ /كيف/ /حالك/؟/ /أنا/ /بخير/.');
    expect(sentences('مرحبا، كيف حالك؟ أنا بخير.', lang('Arabic'))).toEqual(['مرحبا، كيف حالك؟', 'أنا بخير.']);
  });

  it('normalises CRLF and CR line endings; a line break ends a sentence', () => {
    expect(notation('One\r\nTwo\rThree', lang('English'))).toBe('One/¶/Two/¶/Three');
    expect(sentences('Title\r\n\r\nBody text', lang('English'))).toEqual(['Title', 'Body text']);
  });

  it('applies character substitutions', () => {
    expect(notation('Wait... what', lang('English'))).toBe('Wait/…/ /what');
  });

  it('numbers orders: words and spaces +1, everything else +2', () => {
    const t = parseText('a b, c', lang('English')).tokens;
    expect(t.map((x) => x.order)).toEqual([1, 2, 3, 4, 6, 7]);
  });
});

describe('character tokenizer', () => {
  it('Chinese split into characters (a language saved so before issue 46): every Han character is a word, spaces removed', () => {
    const split = { ...lang('Chinese (Simplified)'), LgSplitEachChar: true };
    expect(notation('我爱 读书。你呢？', split)).toBe('我/爱/读/书/。/你/呢/？');
    expect(sentences('我爱读书。你呢？', split)).toEqual(['我爱读书。', '你呢？']);
  });

  it('Chinese presets: words from the analyzer main passes (tests/unit/zh-segmenter.test.ts has the real one)', () => {
    const analyze: MorphAnalyzer = (line) => [...line.matchAll(/读书|我|爱|你|呢|。|？|\s+/gu)].map((m) => ({ surface: m[0], isWord: /\p{L}/u.test(m[0]) }));
    expect(toNotation(parseText('我爱 读书。你呢？', lang('Chinese (Simplified)'), analyze).tokens)).toBe('我/爱/读书/。/你/呢/？');
  });

  it('Thai: dictionary segmentation (Intl.Segmenter)', () => {
    const w = words('ฉันรักภาษาไทย', lang('Thai'));
    expect(w.length).toBeGreaterThan(1);
    expect(w.join('')).toBe('ฉันรักภาษาไทย');
  });
});

describe('morphological tokenizer (wrapper)', () => {
  // A tiny longest-match analyzer standing in for kuromoji; main's tests run the real one.
  const lexicon = ['北風', '太陽', 'と', 'の', '方', 'が', '強い', 'おれ'];
  const analyze: MorphAnalyzer = (line) => {
    const out = [];
    let i = 0;
    while (i < line.length) {
      const hit = lexicon.filter((w) => line.startsWith(w, i)).sort((a, b) => b.length - a.length)[0];
      const surface = hit ?? line[i];
      out.push({ surface, isWord: hit !== undefined, reading: hit === '北風' ? 'キタカゼ' : undefined });
      i += surface.length;
    }
    return out;
  };

  it('Japanese: morphemes become words, 。 ends sentences, readings are kept', () => {
    expect(notation('北風と太陽。「おれの方が強い。」', lang('Japanese'), analyze)).toBe('北風/と/太陽/。/「/おれ/の/方/が/強い/。」');
    expect(sentences('北風と太陽。「おれの方が強い。」', lang('Japanese'), analyze)).toEqual(['北風と太陽。', '「おれの方が強い。」']);
    expect(parseText('北風', lang('Japanese'), analyze).tokens[0].reading).toBe('キタカゼ');
  });

  it('without an analyzer falls back to dictionary segmentation', () => {
    expect(words('北風と太陽', lang('Japanese')).join('')).toBe('北風と太陽');
  });
});

describe('sentence spans (sentences stored as offsets into the text as written)', () => {
  const spans = (raw: string, s: ParserSettings) => parseText(raw, s).sentenceSpans.map(([a, b]) => raw.slice(a, b));

  it('slice the raw text to the same sentences the parser cut', () => {
    const raw = 'Hello, world. How are you?\n\nFine.';
    expect(spans(raw, lang('English'))).toEqual(sentenceTexts(parseText(raw, lang('English'))));
  });

  it('point into the raw text across CRLF, leading whitespace and substitutions (... becomes …)', () => {
    const raw = '  \r\nWait... what?\r\nIt’s fine. ';
    expect(spans(raw, lang('English'))).toEqual(['Wait... what?', 'It’s fine.']);
    expect(sentenceTexts(parseText(raw, lang('English')))).toEqual(['Wait… what?', "It's fine."]);
  });

  it('keep the spaces a remove-spaces language drops for parsing', () => {
    const raw = '我 爱 读书。你呢？';
    expect(spans(raw, lang('Chinese (Simplified)'))).toEqual(['我 爱 读书。', '你呢？']);
  });
});

describe('runningWords', () => {
  it('counts the word tokens a text stores as occurrences: not numbers, punctuation or spaces', () => {
    expect(runningWords(parseColumns('Er kam um 6 Uhr, z.B. heute.', lang('German')))).toBe(words('Er kam um 6 Uhr, z.B. heute.', lang('German')).length);
    expect(runningWords(parseColumns('Hello, world. How are you?', lang('English')))).toBe(5);
    expect(runningWords(parseColumns('', lang('English')))).toBe(0);
  });
});
