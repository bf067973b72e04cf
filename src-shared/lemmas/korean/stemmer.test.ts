// The Korean stemmer (issue 46): the shipped model on a table of forms, the rules it learns for words it never
// saw, and the gold stems read from a treebank's columns.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKoreanStemmer, trainKoreanStems, type KoreanStemModel } from './stemmer';
import { koreanGoldPairs } from './ud-gold';

const model = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'resources', 'korean-stems', 'model.json'), 'utf8')) as KoreanStemModel;
const shipped = createKoreanStemmer(model);

describe('the shipped Korean stemmer', () => {
  it.each([
    // nouns with particles, the examples first
    ['학교에', '학교'],
    ['학교는', '학교'],
    ['학교에서', '학교'],
    ['학교를', '학교'],
    ['도서관은', '도서관'],
    ['선생님께서', '선생님'],
    ['친구들과', '친구'],
    ['스마트폰으로', '스마트폰'],
    // noun + copula
    ['학생입니다', '학생'],
    ['학생이었다', '학생'],
    // verbs and adjectives, regular and irregular
    ['앞둔', '앞두다'],
    ['했다', '하다'],
    ['공부했다', '공부하다'],
    ['먹었습니다', '먹다'],
    ['먹는', '먹다'],
    ['갔다', '가다'],
    ['예뻐요', '예쁘다'],
    ['가까운', '가깝다'],
    ['아름다운', '아름답다'],
    ['만든', '만들다'],
    ['사는', '살다'],
    // words without a particle or ending stay themselves
    ['학교', '학교'],
    ['사람', '사람'],
  ])('%s → %s', (form, stem) => {
    expect(shipped.stem(form)).toBe(stem);
  });

  it('answers null for what is not a Hangul word, and reads composed or decomposed input alike', () => {
    expect(shipped.stem('school')).toBeNull();
    expect(shipped.stem('')).toBeNull();
    expect(shipped.stem('학교에'.normalize('NFD'))).toBe('학교');
    expect(shipped.stem(' 학교는 ')).toBe('학교');
    // A word never seen is stemmed by the rules, then remembered: the same answer again.
    expect(model.words['앞두었습니다']).toBeUndefined();
    expect(shipped.stem('앞두었습니다')).toBe('앞두다');
    expect(shipped.stem('앞두었습니다')).toBe('앞두다');
  });

  it('says what it was trained on', () => {
    expect(model.source).toContain('UD Korean GSD dev');
    expect(shipped.words).toBeGreaterThan(10_000);
  });
});

describe('trainKoreanStems', () => {
  it('learns suffix rules over jamo that carry to words it never saw', () => {
    const m = createKoreanStemmer(
      trainKoreanStems(
        [
          { form: '가까운', stem: '가깝다' },
          { form: '고마운', stem: '고맙다' },
          { form: '친구에서', stem: '친구' },
          { form: '학교에서', stem: '학교' },
        ],
        'test',
      ),
    );
    // Seen words are looked up whole; unseen ones take the rules of their longest endings.
    expect(m.stem('가까운')).toBe('가깝다');
    expect(m.stem('무서운')).toBe('무섭다');
    expect(m.stem('공원에서')).toBe('공원');
  });

  it('prefers a rule whose result is a stem it knows', () => {
    const m = createKoreanStemmer(
      trainKoreanStems(
        [
          { form: '가는', stem: '가다' },
          { form: '오는', stem: '오다' },
          { form: '자는', stem: '자다' },
          { form: '하나는', stem: '하나' },
          { form: '바다', stem: '바다', bare: true },
        ],
        'test',
      ),
    );
    // "ㅏ는" ends a verb twice as often as a noun with a topic particle here, but 바다 is a known stem, 바다다 is not.
    expect(m.stem('바다는')).toBe('바다');
    expect(m.stem('보는')).toBe('보다');
  });
});

describe('koreanGoldPairs', () => {
  const row = (id: number, form: string, lemma: string, xpos: string) => `${id}\t${form}\t${lemma}\tX\t${xpos}\t_\t0\tdep\t_\t_`;
  it('joins the morphemes before the first particle, ending or copula; predicates get 다', () => {
    const conllu = [
      '# text = …',
      row(1, '가까운', '가깝+ㄴ', 'VA+ETM'),
      row(2, '경기관광공사와', '경기+관광공사+와', 'NNG+NNG+JC'),
      row(3, '주관하고', '주관+하+고', 'NNG+XSV+EC'),
      row(4, '서울입니다', '서울+이+ㅂ니다', 'NNP+VCP+EF'),
      row(5, '기업인들을', '기업인+들+을', 'NNG+XSN+JKO'),
      row(6, '고향은', '고향+은', 'ncn+jxt'),
      row(7, '그립습니다', '그립+습니다', 'paa+ef'),
      row(8, '함께', '함께', 'MAG'),
      row(9, '8개', '8+개', 'SN+NNB'),
      row(10, '가', '가', 'JKS'),
      '',
    ].join('\n');
    expect(koreanGoldPairs(conllu)).toEqual([
      { form: '가까운', stem: '가깝다' },
      { form: '경기관광공사와', stem: '경기관광공사' },
      { form: '주관하고', stem: '주관하다' },
      { form: '서울입니다', stem: '서울' },
      { form: '기업인들을', stem: '기업인' },
      { form: '고향은', stem: '고향' },
      { form: '그립습니다', stem: '그립다' },
      { form: '함께', stem: '함께', bare: true },
    ]);
  });
});
