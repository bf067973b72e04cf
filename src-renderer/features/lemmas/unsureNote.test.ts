import { beforeEach, describe, expect, it } from 'vitest';
import { useLocale } from '../../lib/i18n';
import type { LemmaQuality } from '../../../src-shared/lemmas/quality';
import { LEMMA_QUALITY } from '../../../src-shared/lemmas/quality';
import { unsureNote } from './unsureNote';

const running = (accuracy: number) => ({ accuracy, tokens: 5344, source: 'UD_Swedish-Talbanken', license: 'CC BY-SA 4.0', method: 'folds' as const });
const quality = (over: Partial<LemmaQuality>): LemmaQuality => ({ ...LEMMA_QUALITY.sv, ...over });

describe("the Word families panel's note on unsure lemmas", () => {
  beforeEach(() => useLocale.setState({ locale: 'en' }));

  it('names the random-form list when running text meets the bar but the list has too many wrong answers', () => {
    const note = unsureNote(quality({ running: running(95.1), pairs: 2500, wrong_rate: 15.4 }));
    expect(note).toContain('they reach 95.1 % of the words of running text (95 % needed)');
    expect(note).toContain('on a list of 2,500 dictionary forms 15.4 % of their answers were wrong');
  });

  it('names the running-text figure when it is below the bar', () => {
    expect(unsureNote(quality({ running: running(92.6), pairs: 2500, wrong_rate: 12.2 }))).toContain(
      'filling needs 95 % of the words of running text right, and they reach 92.6 %',
    );
  });

  it('falls back to the list figures, then to "not measured"', () => {
    expect(unsureNote(quality({ running: undefined, pairs: 2500, accuracy: 63, wrong_rate: 37 }))).toContain(
      'measured on 2,500 words they were 63 % right and 37 % wrong',
    );
    expect(unsureNote(null)).toContain('there is no independent word list');
  });

  it('speaks Spanish in a Spanish app', () => {
    useLocale.setState({ locale: 'es' });
    expect(unsureNote(quality({ running: running(95.1), pairs: 2500, wrong_rate: 15.4 }))).toContain('aciertan el 95,1 %');
  });
});
