import { describe, expect, it } from 'vitest';
import { computeCoverage, wordsToReach, type CoverageForm } from './coverage';

/** Forms of a text, counted by hand from its tokens: the first occurrence is the token's index. */
function formsOf(text: string, terms: Record<string, number> = {}, lemmas: Record<string, string> = {}): CoverageForm[] {
  const out = new Map<string, CoverageForm>();
  text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .forEach((w, i) => {
      const f = out.get(w);
      if (f) f.count++;
      else out.set(w, { form: w, count: 1, first: i, status: terms[w] ?? null, lemma: lemmas[w] ?? null });
    });
  return [...out.values()];
}

describe('coverage', () => {
  it('counts running words, not distinct forms', () => {
    // 10 running words, "the" 4 times known: 40 % known, though it is 1 of 7 distinct forms.
    const c = computeCoverage(formsOf('the cat saw the dog and the bird saw the', { the: 5 }));
    expect(c.words).toBe(10);
    expect(c.known).toBe(4);
    expect(c.known_pct).toBe(40);
  });

  it('ignored (98) and well-known (99) count as known; learning statuses 1-4 do not', () => {
    const c = computeCoverage(formsOf('a b c d e a', { a: 98, b: 99, c: 4, d: 1 }));
    expect(c.known).toBe(3);
    expect(c.entries.map((e) => e.word)).toEqual(['c', 'd', 'e']);
  });

  it('N on a hand-counted text: 20 running words, 95 % = 19 and 98 % = 19.6 → 20', () => {
    // x×6 y×4 z×3 w×2, then five words once each (p q r s t): 20 running words, nothing known.
    const text = 'x y x z y x w x p y z x q w r y x s z t';
    const c = computeCoverage(formsOf(text));
    expect(c.words).toBe(20);
    expect(c.entries.map((e) => [e.word, e.count])).toEqual([
      ['x', 6],
      ['y', 4],
      ['z', 3],
      ['w', 2],
      ['p', 1],
      ['q', 1],
      ['r', 1],
      ['s', 1],
      ['t', 1],
    ]);
    // 6+4+3+2 = 15, +p q r s = 19 ≥ 19 (95 %): N95 = 8. 98 % needs all 20: N98 = 9.
    expect(c.n95).toBe(8);
    expect(c.n98).toBe(9);
    // With x known: 6 known, need 19 → y z w p q r s (13 more) = 7.
    const k = computeCoverage(formsOf(text, { x: 99 }));
    expect(k.known_pct).toBe(30);
    expect(k.n95).toBe(7);
  });

  it('N is 0 when the known share is already there, and an empty span needs none', () => {
    const c = computeCoverage(formsOf('a a a a a a a a a a a a a a a a a a a b', { a: 5 }));
    expect(c.known_pct).toBe(95);
    expect(c.n95).toBe(0);
    expect(c.n98).toBe(1);
    expect(computeCoverage([])).toMatchObject({ words: 0, known_pct: 0, n95: 0, n98: 0, entries: [] });
  });

  it('ties are broken by first occurrence, not by spelling', () => {
    const c = computeCoverage(formsOf('zeta alpha mu alpha zeta mu'));
    expect(c.entries.map((e) => e.word)).toEqual(['zeta', 'alpha', 'mu']);
  });

  it('a known multi-word term counts for the running words it covers', () => {
    const forms = formsOf('in the end the end came in');
    // "the end" known as a phrase, met twice: 2 "the" and 2 "end" are known.
    for (const f of forms) if (f.form === 'the' || f.form === 'end') f.coveredByPhrase = 2;
    const c = computeCoverage(forms);
    expect(c.known).toBe(4);
    expect(c.entries.map((e) => [e.word, e.count])).toEqual([
      ['in', 2],
      ['came', 1],
    ]);
    // Never more than the form's running words.
    expect(computeCoverage([{ form: 'a', count: 1, first: 0, status: null, coveredByPhrase: 5 }]).known).toBe(1);
  });

  it('a lemma family is one entry, its running words summed, named by its lemma when the span spells it', () => {
    const c = computeCoverage(formsOf('went goes dog go goes dog cat', {}, { went: 'go', goes: 'go' }));
    expect(c.entries[0]).toEqual({ word: 'go', lemma: 'go', count: 4, forms: ['went', 'goes', 'go'], first: 0, firstForm: 'went' });
    expect(c.entries.map((e) => e.word)).toEqual(['go', 'dog', 'cat']);
    // One family to learn covers 4 of 7.
    expect(c.n95).toBe(3);
  });

  it('a known form of a family is not counted again in the family', () => {
    const c = computeCoverage(formsOf('went goes go go', { go: 5 }, { went: 'go', goes: 'go' }));
    expect(c.known).toBe(2);
    // "go" is known: the entry is named by its first form still to learn (what "Add as terms" can save).
    expect(c.entries).toEqual([{ word: 'went', lemma: 'go', count: 2, forms: ['went', 'goes'], first: 0, firstForm: 'went' }]);
  });

  it('a wrong automatic lemma the span never spells never becomes the word to learn', () => {
    // A lemma file mapping "red" to "re": the entry is "red", lemma "re" shown beside it.
    const c = computeCoverage(formsOf('red cat red', {}, { red: 're' }));
    expect(c.entries[0]).toEqual({ word: 'red', lemma: 're', count: 2, forms: ['red'], first: 0, firstForm: 'red' });
  });

  it('wordsToReach compares in integers (no float drift at exactly 95 %)', () => {
    expect(wordsToReach(95, 100, 94, [{ count: 1 }, { count: 1 }])).toBe(1);
    expect(wordsToReach(98, 50, 49, [{ count: 1 }])).toBe(0);
    expect(wordsToReach(98, 50, 48, [{ count: 1 }])).toBe(1);
  });
});
