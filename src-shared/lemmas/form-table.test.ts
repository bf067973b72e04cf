import { describe, expect, it } from 'vitest';
import { parseConllu } from './conllu';
import {
  chooseLemma,
  countForms,
  endingRulesFor,
  formTableFrom,
  learnEndingRules,
  parseFormTable,
  rememberLemmas,
  serializeFormTable,
  withFormTable,
} from './form-table';
import { lookupChoicesOf } from './lookup-choices';

const CONLLU = `# sent_id = 1
# text = La casa es grande.
1	La	el	DET	_	_	2	det	_	_
2	casa	casa	NOUN	_	_	4	nsubj	_	_
3	es	ser	AUX	_	_	4	cop	_	_
4	grande	grande	ADJ	_	_	0	root	_	_
5	.	.	PUNCT	_	_	4	punct	_	_

# sent_id = 2
1-2	del	_	_	_	_	_	_	_	_
1	de	de	ADP	_	_	3	case	_	_
2	el	el	DET	_	_	3	det	_	_
3	Casa	Casa	PROPN	_	_	0	root	_	_
4	casa	casar	VERB	_	_	3	acl	_	_
5	casa	casa	NOUN	_	_	3	obj	_	_
`;

describe('CoNLL-U', () => {
  it('reads syntactic words, skipping multiword ranges and comments', () => {
    const s = parseConllu(CONLLU);
    expect(s).toHaveLength(2);
    expect(s[0].map((w) => w.form)).toEqual(['La', 'casa', 'es', 'grande', '.']);
    expect(s[1].map((w) => `${w.form}/${w.lemma}/${w.upos}`)).toEqual(['de/de/ADP', 'el/el/DET', 'Casa/Casa/PROPN', 'casa/casar/VERB', 'casa/casa/NOUN']);
  });
});

describe('disambiguation by frequency', () => {
  const counts = countForms(parseConllu(CONLLU).flat());
  it('counts lowercase forms by lemma and part of speech, punctuation left out', () => {
    expect(counts.has('.')).toBe(false);
    expect(counts.get('casa')).toEqual(
      new Map([
        ['casa', new Map([['NOUN', 2]])],
        ['Casa', new Map([['PROPN', 1]])],
        ['casar', new Map([['VERB', 1]])],
      ]),
    );
  });
  it('gives a form its commonest lemma; a proper-noun reading weighs less; the part of speech, when known, decides', () => {
    expect(chooseLemma(counts.get('casa')!)).toBe('casa');
    expect(chooseLemma(counts.get('casa')!, 'VERB')).toBe('casar');
    // A tie between a name and a word: the word wins.
    const tie = countForms([
      { form: 'Rosa', lemma: 'Rosa', upos: 'PROPN' },
      { form: 'rosa', lemma: 'rosa', upos: 'NOUN' },
    ]);
    expect(chooseLemma(tie.get('rosa')!)).toBe('rosa');
  });
});

describe('the shipped table', () => {
  it('round-trips, folds case and Unicode composition, and answers before the analyser', () => {
    const text = serializeFormTable(
      new Map([
        ['fue', 'ser'],
        ['es', 'ser'],
        ['está', 'estar'],
      ]),
      ['made from a test'],
    );
    expect(text.split('\n')[0]).toBe('# made from a test');
    const table = parseFormTable(text + 'fue\tir\n');
    expect(table.size).toBe(3);
    // Later lines win (the hand-written rows are written last).
    expect(table.lemma('fue')).toBe('ir');
    expect(table.lemma(' ES ')).toBe('ser');
    expect(table.lemma('esta\u0301')).toBe('estar');
    const lookup = withFormTable(table, (w) => (w === 'casas' ? 'casa' : null));
    expect(lookup('Es')).toBe('ser');
    expect(lookup('casas')).toBe('casa');
    expect(lookup('xyz')).toBeNull();
    expect(withFormTable(null, () => 'x')('es')).toBe('x');
  });

  it('gives a number, an abbreviation in capitals or a sign nothing else answers itself', () => {
    const lookup = withFormTable(parseFormTable('fue\tser\n'), () => null);
    expect(['JZD', 'EU', '1960-х', '2010', '%', '№'].map(lookup)).toEqual(['JZD', 'EU', '1960-х', '2010', '%', '№']);
    // Not a lone capital, a capitalised word or a word in lowercase.
    expect(['A', 'Praha', 'jzd'].map(lookup)).toEqual([null, null, null]);
  });

  it('answers a row written with a capital for that spelling only (a German noun beside a verb)', () => {
    const table = parseFormTable(
      serializeFormTable(
        new Map([
          ['stimmen', 'stimmen'],
          ['Stimmen', 'Stimme'],
          ['haus', 'Haus'],
        ]),
      ),
    );
    expect(table.lemma('Stimmen')).toBe('Stimme');
    expect(table.lemma(' Stimmen ')).toBe('Stimme');
    expect(table.lemma('stimmen')).toBe('stimmen');
    expect(table.lemma('STIMMEN')).toBe('stimmen');
    // No capital row: the folded one answers either spelling.
    expect(table.lemma('Haus')).toBe('Haus');
  });
});

describe('ending rules for forms running text never showed', () => {
  const rows = new Map([
    ['naciones', 'nación'],
    ['canciones', 'canción'],
    ['estaciones', 'estación'],
    ['casas', 'casa'],
    ['mesas', 'mesa'],
  ]);
  const rules = learnEndingRules(rows);
  it('learns the change most forms with an ending share, from two forms up', () => {
    expect(rules.get('iones')).toEqual({ strip: 4, add: 'ón' });
    // One form only ("casas"): no rule.
    expect(rules.get('asas')).toBeUndefined();
    expect(rules.get('as')).toEqual({ strip: 1, add: '' });
  });
  it("applies the longest rule whose result is a known lemma (the table's or the analyser's headword), and round-trips", () => {
    const table = formTableFrom(rows, rules);
    const headwords = new Set(['opinión']);
    const isLemma = (w: string) => (headwords.has(w) ? w : null);
    expect(table.guess('opiniones', isLemma)).toBe('opinión');
    // Not a known lemma: no guess (the analyser answers instead).
    expect(table.guess('xyziones', isLemma)).toBeNull();
    expect(withFormTable(table, (w) => (w === 'xyziones' ? 'xyz' : null))('xyziones')).toBe('xyz');
    // A number is its own lemma; a made-up word with a digit inside is not known.
    expect(withFormTable(table, () => null)('2010')).toBe('2010');
    expect(withFormTable(table, () => null)('zzqx0blorp')).toBeNull();
    const again = parseFormTable(serializeFormTable(rows, [], rules));
    expect(again.guess('opiniones', isLemma)).toBe('opinión');
    expect(again.lemma('casas')).toBe('casa');
  });

  it('finds the rule a cut of every ending length finds (longest first, up to 7 letters, 2 short of the word)', () => {
    // The rule a brute-force scan picks: the longest ending of the word with a rule whose result is a table lemma,
    // else the analyser's own reading of the longest rule's result.
    const endings = new Map<string, { strip: number; add: string }>([
      ['s', { strip: 1, add: '' }],
      ['es', { strip: 2, add: '' }],
      ['ones', { strip: 3, add: 'n' }],
      ['iones', { strip: 4, add: 'ón' }],
      ['aciones', { strip: 7, add: 'ar' }],
      ['naciones', { strip: 1, add: 'x' }],
      ['ñas', { strip: 2, add: 'o' }],
    ]);
    const known = new Map([['a', 'a']]);
    for (const lemma of ['nación', 'caso', 'pan', 'mes', 'organizar', 'nacion']) known.set(lemma, lemma);
    const table = formTableFrom(known, endings);
    const headwords = new Set(['cañoo', 'ración', 'baño']);
    const isLemma = (w: string) => (headwords.has(w) ? w : null);
    const reference = (word: string): string | null => {
      if (word.length < 4) return null;
      let longest: string | null = null;
      for (let n = Math.min(7, word.length - 2); n >= 1; n--) {
        const rule = endings.get(word.slice(-n));
        if (!rule) continue;
        const candidate = word.slice(0, word.length - rule.strip) + rule.add;
        if (known.has(candidate)) return candidate;
        longest ??= candidate;
      }
      return longest !== null && isLemma(longest) === longest ? longest : null;
    };
    const words = ['naciones', 'organizaciones', 'raciones', 'casos', 'canes', 'panes', 'meses', 'cañas', 'baños', 'ones', 'es', 'xones', 'xyz', 'ñas', 'años'];
    for (const w of words) expect(table.guess(w, isLemma), w).toBe(reference(w));
    expect(table.guess('organizaciones', isLemma)).toBe('organizar');
  });

  it('tells apart two endings whose hashes collide', () => {
    // The table's ending hash (FNV-1a from the word's end, 30 bits): a birthday search over 5-letter endings.
    const hashOf = (e: string) => {
      let h = 0x811c9dc5 & 0x3fffffff;
      for (let n = 1; n <= e.length; n++) h = Math.imul(h ^ e.charCodeAt(e.length - n), 0x01000193) & 0x3fffffff;
      return h;
    };
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; !pair; i++) {
      const ending = i
        .toString(26)
        .padStart(5, '0')
        .replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]);
      const other = seen.get(hashOf(ending));
      if (other !== undefined) pair = [other, ending];
      else seen.set(hashOf(ending), ending);
    }
    const [a, b] = pair;
    const endings = new Map([
      [a, { strip: 5, add: 'uno' }],
      [b, { strip: 5, add: 'dos' }],
    ]);
    const table = formTableFrom(new Map([['a', 'a']]), endings);
    const isLemma = (w: string) => w;
    expect(table.guess(`pre${a}`, isLemma)).toBe('preuno');
    expect(table.guess(`pre${b}`, isLemma)).toBe('predos');
  });

  it('asks the analyser a word once within a lookup, and again in the next lookup (nothing is remembered)', () => {
    const table = formTableFrom(rows, rules);
    const asked: string[] = [];
    const analyser = (w: string) => (asked.push(w), null);
    // Czech reads a word first, then tries the rules: the rule's result ("xyzcasa") and the word itself, once each.
    // (Swedish did too; it now also cuts a compound at its known tail, xyz + casas → xyzcasa.)
    const lookup = withFormTable(table, analyser, 'cs');
    expect(lookup('xyzcasas')).toBeNull();
    expect(asked).toEqual(['xyzcasas', 'xyzcasa']);
    expect(lookup('xyzcasas')).toBeNull();
    expect(asked).toEqual(['xyzcasas', 'xyzcasa', 'xyzcasas', 'xyzcasa']);
  });

  it('in Czech and Ukrainian, a word the analyser reads as its own headword stays itself before the rules', () => {
    // "naciones" teaches the rule -ciones → -ción; "xyziones" is, to this analyser, a headword of its own.
    const table = formTableFrom(rows, rules);
    const analyser = (w: string) => (w === 'xyziones' || w === 'opinión' ? w : null);
    expect(table.guess('xyziones', analyser)).toBeNull();
    const headwords = (w: string) => (w === 'estaciones' || w === 'pasiones' || w === 'pasión' ? w : null);
    expect(withFormTable(table, headwords, 'es')('pasiones')).toBe('pasión');
    expect(withFormTable(table, headwords, 'cs')('pasiones')).toBe('pasiones');
    // Not a headword to the analyser: the rules answer as in every language.
    expect(withFormTable(table, analyser, 'cs')('opiniones')).toBe('opinión');
  });

  it("gives a hyphenated word the table never saw its first parts before the table's lemma of its last part", () => {
    // Feminine ordinals teach the rule -eira → -eiro; an analyser that reads any word as its own lemma would
    // confirm "segunda-feiro": the last part's row decides instead.
    const learnt = new Map([
      ...rows,
      ['primeira', 'primeiro'],
      ['terceira', 'terceiro'],
      ['feira', 'feira'],
      ['feiras', 'feira'],
      ['kommissionen', 'Kommission'],
    ]);
    const table = formTableFrom(learnt, learnEndingRules(learnt));
    const anyWord = (w: string) => w;
    expect(table.guess('segunda-feira', anyWord)).toBe('segunda-feiro');
    expect(withFormTable(table, anyWord)('segunda-feira')).toBe('segunda-feira');
    expect(withFormTable(table, anyWord)('Segunda-feiras')).toBe('segunda-feira');
    // A capitalised lemma keeps the first parts as written.
    expect(withFormTable(table, anyWord)('EU-Kommissionen')).toBe('EU-Kommission');
    // A last part the table does not know: the usual way (rules, then the analyser).
    expect(withFormTable(table, anyWord)('bem-opiniones')).toBe('bem-opinión');
    expect(withFormTable(table, () => null)('bem-xyz')).toBeNull();
  });
});

describe('German running text: compounds and lowercase words', () => {
  const rows = new Map([
    ['ländern', 'Land'],
    ['truppen', 'Truppe'],
    ['bestandene', 'bestanden'],
    ['zahlen', 'Zahl'],
    ['wolle', 'Wolle'],
    ['mindestens', 'Mindeste'],
  ]);
  const table = formTableFrom(rows, new Map());
  const verbs = (w: string) => (w === 'zahlen' ? 'zahlen' : w === 'wolle' ? 'wollen' : null);

  it("gives a compound nothing else answers its head before the table's lemma of its longest known tail", () => {
    const de = withFormTable(table, () => null, 'de');
    expect(de('Schuldnerländern')).toBe('Schuldnerland');
    expect(de('logistiktruppen')).toBe('Logistiktruppe');
    // A tail that is not a noun keeps the compound lowercase.
    expect(de('baumbestandene')).toBe('baumbestanden');
    // Heads under three letters and tails under four are not cut; a word with a digit or a hyphen is not either.
    expect(de('xxländern')).toBeNull();
    expect(de('2truppen')).toBe('2truppen');
    // Only where nothing else answered: the analyser's reading stands, and other languages are not cut at all.
    expect(withFormTable(table, (w) => (w === 'schuldnerländern' ? 'Schuldnerländer' : null), 'de')('schuldnerländern')).toBe('Schuldnerländer');
    expect(withFormTable(table, () => null, 'es')('Schuldnerländern')).toBeNull();
  });

  it("gives a capitalised word the table never saw its longest tail's noun before the analyser", () => {
    const withNouns = formTableFrom(
      new Map([
        ['stelle', 'stellen'],
        ['Stelle', 'Stelle'],
        ['fahrt', 'fahren'],
      ]),
      new Map(),
    );
    // The analyser's compound rules read the tail as a verb's form.
    const compounds = (w: string) => (w.toLowerCase().endsWith('stelle') ? 'zentralstellen' : w.toLowerCase().endsWith('fahrt') ? 'Rückfahren' : null);
    const de = withFormTable(withNouns, compounds, 'de');
    expect(de('Zentralstelle')).toBe('Zentralstelle');
    // No noun row for the tail: the analyser answers, as it does for the word in lowercase.
    expect(de('Rückfahrt')).toBe('Rückfahren');
    expect(de('zentralstelle')).toBe('zentralstellen');
  });

  it("answers a word written in lowercase with the analyser's reading that is no noun, where the row is a noun", () => {
    const de = withFormTable(table, verbs, 'de');
    expect(de('zahlen')).toBe('zahlen');
    expect(de('wolle')).toBe('wollen');
    // Written with its capital, the noun's row stands; with no other reading, so does the row.
    expect(de('Zahlen')).toBe('Zahl');
    expect(de('mindestens')).toBe('Mindeste');
    // Other languages keep the row; so does a caller whose words are folded (their case says nothing).
    expect(withFormTable(table, verbs, 'nl')('zahlen')).toBe('Zahl');
    expect(withFormTable(table, verbs, 'de', undefined, true)('zahlen')).toBe('Zahl');
  });

  it("names each language's choices for its rules version (a language with none hashes as before)", () => {
    expect(lookupChoicesOf('de')).toEqual(['', 'compound tails', 'lowercase no noun']);
    expect(lookupChoicesOf('sv')).toEqual(['headword before rules', 'compound tails']);
    expect(lookupChoicesOf('cs')).toEqual(['headword before rules']);
    expect(lookupChoicesOf('es')).toEqual(['']);
  });
});

describe('Japanese: the analyser answers through the table', () => {
  // UD_Japanese-GSD's UniDic lemmas, as its counts give them: し, する → 為る, で (the copula's form) → だ.
  const rows = new Map([
    ['し', '為る'],
    ['する', '為る'],
    ['で', 'だ'],
    ['いる', '居る'],
  ]);
  // kuromoji's IPADIC base forms of a few words the table does not know.
  const kuromoji = (w: string) => ({ しよう: 'する', いた: 'いる', 食べた: '食べる' })[w] ?? null;

  it("gives a word the table never saw the table's row of kuromoji's base form, else the base form itself", () => {
    const table = formTableFrom(rows, endingRulesFor('ja', rows));
    const lookup = withFormTable(table, kuromoji, 'ja');
    expect(['し', 'で', 'しよう', 'いた', '食べた'].map(lookup)).toEqual(['為る', 'だ', '為る', '居る', '食べる']);
    expect(lookup('xyz')).toBeNull();
    // Other languages keep the analyser's answer as it is.
    expect(withFormTable(table, kuromoji, 'es')('しよう')).toBe('する');
  });

  it('learns no ending rules for Japanese (its lookup never tries them)', () => {
    const many = new Map([...rows, ['食べられた', '食べる'], ['調べられた', '調べる'], ['比べられた', '比べる']]);
    expect(learnEndingRules(many).size).toBeGreaterThan(0);
    expect(endingRulesFor('ja', many).size).toBe(0);
    expect(endingRulesFor('es', many)).toEqual(learnEndingRules(many));
  });
});

describe('remembered answers', () => {
  it('asks the lookup once per word (unknown words too), and starts again when full', () => {
    const asked: string[] = [];
    const lookup = rememberLemmas((w) => {
      asked.push(w);
      return w === 'zzq' ? null : `${w}!`;
    }, 3);
    expect([lookup('casas'), lookup('casas'), lookup('zzq'), lookup('zzq')]).toEqual(['casas!', 'casas!', null, null]);
    expect(asked).toEqual(['casas', 'zzq']);
    lookup('fue');
    lookup('era');
    // Full at three: forgotten, so asked again.
    expect(lookup('casas')).toBe('casas!');
    expect(asked).toEqual(['casas', 'zzq', 'fue', 'era', 'casas']);
  });
});
