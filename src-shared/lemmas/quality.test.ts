import { describe, expect, it } from 'vitest';
import { autoFillAllowed, LEMMA_BAR, LEMMA_QUALITY, meetsBar, parseLemmaList, scoreLemmas, type LemmaQuality } from './quality';

const row = (accuracy: number, wrong: number, pairs = 2500): LemmaQuality => ({
  source: 'test',
  license: 'test',
  pairs,
  accuracy,
  coverage: 100,
  wrong_rate: wrong,
});

describe('the auto-fill bar', () => {
  it('needs enough pairs, accuracy of at least 85 % and a wrong-answer rate below 10 %', () => {
    expect(meetsBar(row(85, 9.9))).toBe(true);
    expect(meetsBar(row(84.9, 5))).toBe(false);
    expect(meetsBar(row(95, 10))).toBe(false);
    expect(meetsBar(row(99, 1, LEMMA_BAR.minPairs - 1))).toBe(false);
    expect(meetsBar(undefined)).toBe(false);
    expect(meetsBar({ ...row(0, 0, 0), accuracy: null, wrong_rate: null })).toBe(false);
    expect(meetsBar({ ...row(0, 0, 0), identity: true })).toBe(true);
  });

  it('reads the shipped table: a language below the bar, or without a list, never auto-fills', () => {
    const table = { xx: row(90, 12), yy: row(97, 2) };
    expect(autoFillAllowed('xx', table)).toBe(false);
    expect(autoFillAllowed('yy', table)).toBe(true);
    expect(autoFillAllowed('zz', table)).toBe(false);
    // Every language the shipped table lets fill clears the bar on its own figures.
    for (const [iso, q] of Object.entries(LEMMA_QUALITY)) {
      if (!autoFillAllowed(iso)) continue;
      if (q.identity) continue;
      if (q.running) {
        expect(q.running.accuracy, iso).toBeGreaterThanOrEqual(95);
        if (q.pairs) expect(q.wrong_rate!, iso).toBeLessThan(10);
        continue;
      }
      expect(q.pairs, iso).toBeGreaterThanOrEqual(2000);
      expect(q.accuracy!, iso).toBeGreaterThanOrEqual(85);
      expect(q.wrong_rate!, iso).toBeLessThan(10);
    }
    // Estonian has no independent list (issue 30: 5 % accurate when tried): suggestion only. Chinese is identity.
    expect(autoFillAllowed('et')).toBe(false);
    expect(autoFillAllowed('zh')).toBe(true);
  });
});

describe('the running-text bar (issue 47)', () => {
  const running = (accuracy: number) => ({ accuracy, tokens: 5000, source: 'UD dev', license: 'CC BY-SA 4.0', method: 'held-out' as const });
  it('fills from 95 % of running content words, with the random-form list (when there is one) still under 10 % wrong', () => {
    expect(meetsBar({ ...row(0, 0, 0), accuracy: null, wrong_rate: null, running: running(95) })).toBe(true);
    expect(meetsBar({ ...row(0, 0, 0), accuracy: null, wrong_rate: null, running: running(94.9) })).toBe(false);
    // The random-form figure no longer needs 85 % accuracy, but still a wrong-answer rate below 10 %.
    expect(meetsBar({ ...row(80, 9), running: running(96) })).toBe(true);
    expect(meetsBar({ ...row(97, 10), running: running(99) })).toBe(false);
    // A running figure under the bar is not rescued by a good random-form list.
    expect(meetsBar({ ...row(97, 2), running: running(90) })).toBe(false);
  });

  it('the shipped table: Spanish, German and Russian are measured on running text', () => {
    for (const iso of ['es', 'de', 'ru']) expect(LEMMA_QUALITY[iso].running?.tokens, iso).toBeGreaterThan(1000);
  });

  it('the shipped table: French and Portuguese (Bosque train, assembled from its documents) fill; Spanish not yet', () => {
    expect(autoFillAllowed('fr')).toBe(true);
    expect(LEMMA_QUALITY.pt.running?.accuracy).toBeGreaterThanOrEqual(95);
    expect(autoFillAllowed('pt')).toBe(true);
    expect(autoFillAllowed('es')).toBe(false);
  });

  it('the shipped table: Czech and German (no random-form list) fill from running text; Swedish, right on running text, does not (its list)', () => {
    expect(LEMMA_QUALITY.cs.running?.accuracy).toBeGreaterThanOrEqual(95);
    expect(autoFillAllowed('cs')).toBe(true);
    expect(LEMMA_QUALITY.de.running?.accuracy).toBeGreaterThanOrEqual(95);
    expect(LEMMA_QUALITY.de.wrong_rate).toBeNull();
    expect(autoFillAllowed('de')).toBe(true);
    expect(LEMMA_QUALITY.sv.running?.accuracy).toBeGreaterThanOrEqual(95);
    expect(LEMMA_QUALITY.sv.wrong_rate).toBeGreaterThanOrEqual(10);
    expect(autoFillAllowed('sv')).toBe(false);
  });
});

describe('test lists', () => {
  it('reads form-first lists with alternatives, and michmech lemma-first files', () => {
    expect(parseLemmaList('# head\nfueran\tir|ser\ncasas\tcasa\n\nbad\n')).toEqual([
      { form: 'fueran', lemmas: ['ir', 'ser'] },
      { form: 'casas', lemmas: ['casa'] },
    ]);
    expect(parseLemmaList('\uFEFFgo\twent\r\nbe\twas\r\n', true)).toEqual([
      { form: 'went', lemmas: ['go'] },
      { form: 'was', lemmas: ['be'] },
    ]);
  });

  it('scores a lemma function: accuracy over answers, coverage and wrong answers over the list', () => {
    const pairs = parseLemmaList('casas\tcasa\nfueran\tir|ser\nperros\tperro\nxyz\txy\nчёткая\tчёткий\n');
    const answers: Record<string, string> = { casas: 'Casa', fueran: 'ser', perros: 'perra', чёткая: 'четкий' };
    const s = scoreLemmas(pairs, (f) => answers[f] ?? null);
    expect(s).toMatchObject({ pairs: 5, answered: 4, correct: 3, accuracy: 75, coverage: 80, wrong_rate: 20 });
    expect(s.misses).toEqual(['perros→perra (list: perro)', 'xyz→∅ (list: xy)']);
  });
});
