// The German lexicon read for the running-text table (bench/lexicons.ts, issue 47): german-pos-dict's paradigms with
// the choices measured on running text, and comparatives and superlatives made for the adjectives it lists.
import { describe, expect, it } from 'vitest';
import { GERMAN_POS_DICT, germanDegrees } from '../../bench/lexicons';

describe('German comparatives and superlatives', () => {
  it('makes each degree with its endings, umlauted only in one syllable, irregular ones by hand', () => {
    const degrees = germanDegrees(['groß', 'dunkel', 'hart', 'gut', 'leise', 'ab']);
    expect(['größer', 'größere', 'größten', 'härtesten', 'härter'].map((f) => degrees.get(f))).toEqual(['groß', 'groß', 'groß', 'hart', 'hart']);
    expect(degrees.get('dunkler')).toBeUndefined();
    expect(degrees.get('dunkeler')).toBe('dunkel');
    expect(degrees.get('dünkeler')).toBeUndefined();
    expect(['besser', 'beste', 'leiser', 'leisesten'].map((f) => degrees.get(f))).toEqual(['gut', 'gut', 'leise', 'leise']);
    // Two letters are no adjective to make degrees of.
    expect(degrees.get('aber')).toBeUndefined();
  });
});

describe('german-pos-dict as read for the table', () => {
  const rows = GERMAN_POS_DICT.read()!;
  it('reads the three packages with their choices', () => {
    expect(rows.size).toBeGreaterThan(300_000);
    expect(['habe', 'zahlen', 'dauernd', 'tollen', 'führen', 'größere', 'abgearbeiteter'].map((f) => rows.get(f))).toEqual([
      'haben',
      'zahlen',
      'dauernd',
      'toll',
      'führen',
      'groß',
      'abgearbeitet',
    ]);
    // A noun's form with its capital where the lowercase one is a verb's; no lemma of two words.
    expect(rows.get('Zahlen')).toBe('Zahl');
    expect([...rows.values()].some((lemma) => /\s/.test(lemma))).toBe(false);
  });
});
