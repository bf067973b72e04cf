// Runs in: any process (vitest). Sentence ends, abbreviations, exceptions and whitespace as LWT and Lute users
// expect them (issue 33), in compact notation: tokens joined by "/", a line break as ¶. Cases are taken from the
// peers' parser tests and from LWT's rules (find_latin_sentence_end); where the peers disagree LWT is followed.
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../contract/languages';
import { exceptionsSource } from './regex-settings';
import { parseText, sentenceTexts, toNotation, type MorphAnalyzer, type ParserSettings } from './tokenize';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const lang = (name: string, changes: Partial<ParserSettings> = {}): ParserSettings => {
  const p = presets.find((x) => x.LgName === name);
  if (!p) throw new Error(`no preset ${name}`);
  return { ...p, ...changes };
};
const notation = (text: string, s: ParserSettings) => toNotation(parseText(text, s).tokens);
const sentences = (text: string, s: ParserSettings) => sentenceTexts(parseText(text, s));

const en = lang('English');
const es = lang('Spanish');
const de = lang('German');
const fr = lang('French');
const ja = lang('Japanese');
/** English by LWT's rules alone, without exceptions. */
const enBare = lang('English', { LgExceptionsSplitSentences: '' });

describe('LWT rule 1: no sentence end when the text goes on without a space after a letter or digit', () => {
  it('English: End.Start, and "!" written on', () => {
    expect(notation('End.Start here.', enBare)).toBe('End./Start/ /here/.');
    expect(sentences('End.Start here. Next.', enBare)).toEqual(['End.Start here.', 'Next.']);
    expect(sentences('Hello!What now?', enBare)).toEqual(['Hello!What now?']);
  });
  it('Spanish, German, French: the same', () => {
    expect(sentences('Fin.Empieza. Otra.', es)).toEqual(['Fin.Empieza.', 'Otra.']);
    expect(sentences('Ende.Anfang. Noch.', de)).toEqual(['Ende.Anfang.', 'Noch.']);
    expect(sentences('Fin.Début. Encore.', fr)).toEqual(['Fin.Début.', 'Encore.']);
  });
  it('a closing quote before the next word still ends it when a space follows', () => {
    expect(sentences('"Go." She went.', enBare)).toEqual(['"Go."', 'She went.']);
  });
});

describe('LWT rule 2: a number of one or two digits and a period does not end a sentence', () => {
  it('English', () => {
    expect(notation('Chapter 42. The end.', enBare)).toBe('Chapter/ /42/./ /The/ /end/.');
    expect(sentences('Chapter 42. The end.', enBare)).toEqual(['Chapter 42. The end.']);
    expect(sentences('In 1984. Then more.', enBare)).toEqual(['In 1984.', 'Then more.']);
  });
  it('Lute: "1. Mrs. Jones is here." (LWT keeps it one sentence)', () => {
    expect(notation('1. Mrs. Jones is here.', en)).toBe('1/./ /Mrs./ /Jones/ /is/ /here/.');
    expect(sentences('1. Mrs. Jones is here.', en)).toEqual(['1. Mrs. Jones is here.']);
  });
  it('German and Spanish ordinals', () => {
    expect(sentences('Am 3. Mai kam er. Gut.', de)).toEqual(['Am 3. Mai kam er.', 'Gut.']);
    expect(sentences('Capítulo 12. El fin.', es)).toEqual(['Capítulo 12. El fin.']);
  });
});

describe('LWT rule 3: consonant-only abbreviations and one capital vowel keep the period as part of the word', () => {
  it('English: Mr., St., Hmm., A.', () => {
    expect(notation('Mr. Smith is here. He left.', enBare)).toBe('Mr./ /Smith/ /is/ /here/./ /He/ /left/.');
    expect(sentences('Mr. Smith is here. He left.', enBare)).toEqual(['Mr. Smith is here.', 'He left.']);
    expect(notation('Hmm. Yes.', enBare)).toBe('Hmm./ /Yes/.');
    expect(sentences('St. Paul went. Plan A. Then B.', enBare)).toEqual(['St. Paul went.', 'Plan A. Then B.']);
  });
  it('Spanish: Sr. and Dr. without the presets exceptions', () => {
    expect(notation('Sr. Pérez vino.', lang('Spanish', { LgExceptionsSplitSentences: '' }))).toBe('Sr./ /Pérez/ /vino/.');
  });
  it('German: Nr. and Hr.', () => {
    const bare = lang('German', { LgExceptionsSplitSentences: '' });
    expect(sentences('Hr. Meier kam. Ja.', bare)).toEqual(['Hr. Meier kam.', 'Ja.']);
    expect(notation('In Nr. 5 hier.', bare)).toBe('In/ /Nr./ /5/ /hier/.');
  });
  it('a word with a vowel still ends its sentence', () => {
    expect(notation('I saw it. Then.', enBare)).toBe('I/ /saw/ /it/./ /Then/.');
    expect(sentences('I saw it. Then.', enBare)).toEqual(['I saw it.', 'Then.']);
  });
});

describe('LWT rule 4: a period or colon before a lowercase letter does not end a sentence', () => {
  it('English: e.g. something, and a colon when it is a split character', () => {
    expect(notation('See e.g. something. Next.', enBare)).toBe('See/ /e./g./ /something/./ /Next/.');
    expect(sentences('See e.g. something. Next.', enBare)).toEqual(['See e.g. something.', 'Next.']);
    const colon = lang('English', { LgExceptionsSplitSentences: '', LgRegexpSplitSentences: '.!?:' });
    expect(sentences('Note: details here. Done: Yes.', colon)).toEqual(['Note: details here.', 'Done:', 'Yes.']);
  });
  it('French and Spanish: lowercase after a period', () => {
    expect(sentences('Il a dit. et puis. Fin.', fr)).toEqual(['Il a dit. et puis.', 'Fin.']);
    expect(sentences('Dijo. y luego. Fin.', es)).toEqual(['Dijo. y luego.', 'Fin.']);
  });
  it('a line break after the period still ends it', () => {
    expect(sentences('See it.\nnext line', enBare)).toEqual(['See it.', 'next line']);
  });
});

describe('exceptions: regular expressions in the peers form, one word each', () => {
  it('Lute: EE.UU. is one word and no sentence end (Spanish)', () => {
    const s = lang('Spanish', { LgExceptionsSplitSentences: 'EE.UU.' });
    expect(notation('Estamos en EE.UU. hola.', s)).toBe('Estamos/ /en/ /EE.UU./ /hola/.');
    expect(notation('EE.UU.', s)).toBe('EE.UU.');
    expect(notation('Estamos en EE.UU. Hola.', es)).toBe('Estamos/ /en/ /EE.UU./ /Hola/.');
    expect(sentences('Estamos en EE.UU. Hola.', es)).toEqual(['Estamos en EE.UU. Hola.']);
  });
  it('Lute: [A-Z]. is one capital and a period (initials)', () => {
    expect(notation('J. R. R. Tolkien escribió. Sí.', es)).toBe('J./ /R./ /R./ /Tolkien/ /escribió/./ /Sí/.');
    expect(sentences('J. R. R. Tolkien escribió. Sí.', es)).toEqual(['J. R. R. Tolkien escribió.', 'Sí.']);
  });
  it('German presets: z.B., d.h., usw.', () => {
    expect(notation('Das ist z.B. gut. Ja!', de)).toBe('Das/ /ist/ /z.B./ /gut/./ /Ja/!');
    expect(sentences('Obst, d.h. Äpfel usw. Dann kam er.', de)).toEqual(['Obst, d.h. Äpfel usw. Dann kam er.']);
  });
  it('English presets: Mr., etc., U.S., e.g.', () => {
    expect(notation('Mr. Smith came, e.g. today.', en)).toBe('Mr./ /Smith/ /came/,/ /e.g./ /today/.');
    expect(notation('Cats, dogs etc. The U.S. Army.', en)).toBe('Cats/,/ /dogs/ /etc./ /The/ /U.S./ /Army/.');
  });
  it('French presets: M., Mme., p.ex.', () => {
    expect(notation('M. Dupont et Mme. Blanc, p.ex. Fin.', fr)).toBe('M./ /Dupont/ /et/ /Mme./ /Blanc/,/ /p.ex./ /Fin/.');
    expect(sentences('M. Dupont est là. Il part.', fr)).toEqual(['M. Dupont est là.', 'Il part.']);
  });
  it('Japanese presets protect a period after a mark (Lute)', () => {
    expect(sentences('「→.」おれ。', ja)).toEqual(['「→.」おれ。']);
    expect(sentences('「→!」おれ。', ja)).toEqual(['「→!」', 'おれ。']);
  });
  it('an exception inside a word is no exception, and exceptions are case-sensitive as in LWT', () => {
    expect(notation('UMr. Go.', lang('English', { LgExceptionsSplitSentences: 'Mr.' }))).toBe('UMr/./ /Go/.');
    expect(notation('ETC. Go.', lang('English', { LgExceptionsSplitSentences: 'etc\\.' }))).toBe('ETC/./ /Go/.');
  });
  it('are compiled from literals and one-character classes only', () => {
    expect(exceptionsSource('Mr.|etc\\.|[A-Z].|[À-Ö].')).toBe('(?:Mr\\.|etc\\.|[A-Z]\\.|[À-Ö]\\.)');
    expect(exceptionsSource('(a+)+b|[abc|\\p{Lu}.')).toBe('(?:\\(a\\+\\)\\+b|\\[abc|[\\p{Lu}]\\.)');
    expect(exceptionsSource(' | ')).toBeNull();
  });
  it('a pattern that would backtrack in a regex engine is taken literally and stays fast', () => {
    const hostile = lang('English', { LgExceptionsSplitSentences: '(a+)+$|(x|x)*y|[a-z]*.' });
    const text = `${'a'.repeat(50_000)}! ${'x'.repeat(50_000)}.`;
    const t0 = performance.now();
    expect(sentences(text, hostile)).toHaveLength(2);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(notation('So (a+)+$ it. Go.', hostile)).toBe('So/ /(/a/+)+$/ /it/./ /Go/.');
  });
});

describe('whitespace, remove spaces, split characters', () => {
  it('Lute: runs of spaces and tabs read as one space', () => {
    expect(notation('Hi there.  Goodbye.', en)).toBe('Hi/ /there/./ /Goodbye/.');
    expect(notation('Tengo\t\tun  gato.', es)).toBe('Tengo/ /un/ /gato/.');
    const raw = 'Hi  there.\tBye.';
    expect(parseText(raw, en).sentenceSpans.map(([a, b]) => raw.slice(a, b))).toEqual(['Hi  there.', 'Bye.']);
  });
  it('one no-break space (French punctuation) stays as written', () => {
    expect(notation('Quoi\u00a0? Rien.', fr)).toBe('Quoi/\u00a0/?/ /Rien/.');
  });
  it('"Remove spaces" in a regex language drops the spaces but keeps words apart', () => {
    const glued = lang('English', { LgRemoveSpaces: true });
    expect(notation('Hello big world.', glued)).toBe('Hello/big/world/.');
    expect(parseText('Hello big world.', glued).tokens.map((t) => t.order)).toEqual([1, 2, 3, 4]);
  });
  it('a period ends a sentence only when it is a split character', () => {
    const noPeriod = lang('English', { LgRegexpSplitSentences: '!?', LgExceptionsSplitSentences: '' });
    expect(notation('One. Two! Three.', noPeriod)).toBe('One/./ /Two/!/ /Three/.');
    expect(sentences('One. Two! Three.', noPeriod)).toEqual(['One. Two!', 'Three.']);
  });
  it('Lute (Japanese): every split character ends a sentence, half- or full-width', () => {
    const analyze: MorphAnalyzer = (line) => [...line.matchAll(/元気|[^元気]/gu)].map((m) => ({ surface: m[0], isWord: m[0] === '元気' }));
    const text = '元気.元気?元気!\n元気。元気？元気！';
    expect(toNotation(parseText(text, ja, analyze).tokens)).toBe('元気/./元気/?/元気/!/¶/元気/。/元気/？/元気/！');
    expect(sentences(text, ja)).toHaveLength(6);
    expect(sentenceTexts(parseText(text, ja, analyze))).toEqual(['元気.', '元気?', '元気!', '元気。', '元気？', '元気！']);
  });
  it('Lute quick checks', () => {
    expect(notation('test', en)).toBe('test');
    expect(notation('Hi there.', en)).toBe('Hi/ /there/.');
    expect(notation('test.', en)).toBe('test/.');
    expect(notation('"test."', en)).toBe('"/test/."');
    expect(notation('"test".', en)).toBe('"/test/".');
    expect(notation('Hi.\nGoodbye.', en)).toBe('Hi/./¶/Goodbye/.');
    expect(notation('He123llo.', en)).toBe('He/123/llo/.');
    expect(notation('1234.', en)).toBe('1234/.');
    expect(notation('1234.Hello', en)).toBe('1234/./Hello');
    expect(notation('Tengo que y qué.', es)).toBe('Tengo/ /que/ /y/ /qué/.');
    expect(sentences('Tengo un gato.\nTengo dos.', es)).toEqual(['Tengo un gato.', 'Tengo dos.']);
  });
});

describe('々 is a word character', () => {
  it('Chinese split into characters: a word of its own, not punctuation', () => {
    const t = parseText('人々来。', lang('Chinese (Traditional)', { LgSplitEachChar: true })).tokens;
    expect(toNotation(t)).toBe('人/々/来/。');
    expect(t[1].kind).toBe('word');
  });
  it('Chinese presets (words): part of the word it follows', () => {
    expect(toNotation(parseText('人々来。', lang('Chinese (Traditional)')).tokens)).toBe('人々/来/。');
  });
  it('Japanese: a 々 the analyzer calls a symbol joins the word before it', () => {
    const analyze: MorphAnalyzer = (line) => [...line.matchAll(/山田|々|が|来た|。/gu)].map((m) => ({ surface: m[0], isWord: m[0] !== '々' && m[0] !== '。' }));
    expect(toNotation(parseText('山田々々が来た。', ja, analyze).tokens)).toBe('山田々々/が/来た/。');
    expect(toNotation(parseText('々が来た。', ja, analyze).tokens)).toBe('々/が/来た/。');
  });
  it('Lute: 行く先々 (the analyzer gives 々 apart) is one word here, 少々 stays one', () => {
    const analyze: MorphAnalyzer = (line) =>
      [...line.matchAll(/聞こえる|行く先|少々|お待ち|ください|々|。/gu)].map((m) => ({ surface: m[0], isWord: m[0] !== '々' && m[0] !== '。' }));
    expect(toNotation(parseText('聞こえる行く先々。少々お待ちください。', ja, analyze).tokens)).toBe('聞こえる/行く先々/。/少々/お待ち/ください/。');
  });
  it('Japanese without the analyzer: part of a word', () => {
    const t = parseText('人々が来た。', ja).tokens;
    expect(t.filter((x) => x.text.includes('々')).every((x) => x.kind === 'word')).toBe(true);
  });
});
