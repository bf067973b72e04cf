import { describe, expect, it } from 'vitest';
import { letterPairs, SimilarIndex, type SimilarCandidate } from './rank';

let nextId = 1;
const term = (text: string, opts: Partial<SimilarCandidate> = {}): SimilarCandidate => ({ id: nextId++, text, lemma: null, status: 1, ...opts });
const texts = (index: SimilarIndex, all: SimilarCandidate[], q: Parameters<SimilarIndex['query']>[0]) =>
  index.query(q).map((h) => all.find((c) => c.id === h.id)!.text);

describe('letterPairs', () => {
  it('pairs letters inside words, one-letter words as one unit', () => {
    expect(letterPairs('Ice cream')).toEqual(['ic', 'ce', 'cr', 're', 'ea', 'am']);
    expect(letterPairs('a b')).toEqual(['a', 'b']);
    expect(letterPairs('日本語')).toEqual(['日本', '本語']);
  });
});

describe('similar terms', () => {
  it('rule 1: terms sharing the lemma come first, whatever their spelling', () => {
    const all = [term('went', { lemma: 'go' }), term('goes', { lemma: 'go' }), term('gone', { lemma: 'go' }), term('going'), term('gong'), term('goest')];
    const index = new SimilarIndex(all);
    const out = texts(index, all, { text: 'go', lemma: 'go', useLemma: true });
    expect(out.slice(0, 3).sort()).toEqual(['goes', 'gone', 'went']);
    expect(
      index
        .query({ text: 'go', lemma: 'go', useLemma: true })
        .slice(0, 3)
        .every((h) => h.reason === 'lemma'),
    ).toBe(true);
  });

  it('rule 3: without lemma use (none-type language) the family gets no priority', () => {
    const all = [term('went', { lemma: 'go' }), term('goes', { lemma: 'go' }), term('gone', { lemma: 'go' })];
    const index = new SimilarIndex(all);
    const out = texts(index, all, { text: 'goes', lemma: 'go', useLemma: false });
    expect(out).not.toContain('went'); // no shared letter pairs, and no lemma rule
    expect(out).not.toContain('goes'); // the searched term itself is never suggested
  });

  it('rule 4: the first suggestion is the best whole-term match', () => {
    const all = [term('believe'), term('unbelievable'.slice(2)), term('able'), term('unable')];
    const index = new SimilarIndex(all);
    expect(texts(index, all, { text: 'unbelievable', lemma: null, useLemma: true })[0]).toBe('believable');
  });

  it('rule 4: after a pick the searched term shrinks, so a repeat of an earlier pick scores near nothing', () => {
    const all = [term('believable'), term('believe'), term('unable')];
    const index = new SimilarIndex(all);
    const hits = index.query({ text: 'unbelievable', lemma: null, useLemma: true });
    const names = hits.map((h) => all.find((c) => c.id === h.id)!.text);
    // "believe" matches more of the whole word than "unable", but only repeats what "believable" explained.
    expect(names).toEqual(['believable', 'unable', 'believe']);
    expect(hits[2].score).toBeLessThan(0.02);
    expect(hits[1].score).toBeGreaterThan(0.1);
  });

  it('rule 4: known terms are preferred', () => {
    const all = [term('cats', { status: 1 }), term('bats', { status: 99 }), term('hats', { status: 5 }), term('rats', { status: 2 })];
    const index = new SimilarIndex(all);
    // All four explain the same pairs of "mats": known ones come first.
    const out = texts(index, all, { text: 'mats', lemma: null, useLemma: true });
    expect(out.slice(0, 2).sort()).toEqual(['bats', 'hats']);
    // After the first pick, a known term beats an equally good learning one.
    const all2 = [term('understand'), term('dining', { status: 1 }), term('ending', { status: 99 })];
    expect(texts(new SimilarIndex(all2), all2, { text: 'understanding', lemma: null, useLemma: true })).toEqual(['understand', 'ending', 'dining']);
    const all3 = [term('understand'), term('dining', { status: 99 }), term('ending', { status: 1 })];
    expect(texts(new SimilarIndex(all3), all3, { text: 'understanding', lemma: null, useLemma: true })).toEqual(['understand', 'dining', 'ending']);
  });

  it('the first pick stays the best whole-term match even over a known term', () => {
    const all = [term('houses', { status: 1 }), term('housing', { status: 99 })];
    const index = new SimilarIndex(all);
    expect(texts(index, all, { text: 'house', lemma: null, useLemma: true })[0]).toBe('houses');
  });

  it('leaves out the edited term, unrelated terms and removed terms; honours the limit', () => {
    const all = [term('table'), term('tables'), term('zebra'), term('stable'), term('tablet')];
    const index = new SimilarIndex(all);
    const tables = all[1];
    const out = texts(index, all, { text: 'table', lemma: null, useLemma: true, excludeId: tables.id });
    expect(out).not.toContain('table');
    expect(out).not.toContain('tables');
    expect(out).not.toContain('zebra');
    index.remove(all[3].id);
    expect(texts(index, all, { text: 'table', lemma: null, useLemma: true })).not.toContain('stable');
    expect(index.query({ text: 'table', lemma: null, useLemma: true, limit: 1 })).toHaveLength(1);
  });

  it('replacing a candidate updates its lemma and spelling', () => {
    const c = term('runs', { lemma: null });
    const index = new SimilarIndex([c]);
    index.add({ ...c, lemma: 'run' });
    expect(index.query({ text: 'ran', lemma: 'run', useLemma: true })).toEqual([{ id: c.id, reason: 'lemma', score: expect.any(Number) }]);
    expect(index.size).toBe(1);
  });
});
