// The "family known" style rule: only forms whose lemma term is known (5, 99), matched by data_hex and only while
// the word itself has no status.
import { describe, expect, it } from 'vitest';
import { familyMarksCss, followLemmaTerm } from './familyMarksCss';

const forms = { hex: ['aa01', 'bb02', 'cc03', 'dd04'], status: [0, 0, 0, 0], termId: [0, 0, 0, 0] };

describe('familyMarksCss', () => {
  it('marks the forms of known families only', () => {
    const css = familyMarksCss({ forms, families: { form: [0, 1, 3], lemma: ['a', 'b', 'd'], status: [5, 2, 99] } });
    expect(css).toContain('.reader-text .w[data-status="0"]:is([data_hex="aa01"],[data_hex="dd04"])');
    expect(css).not.toContain('bb02');
    expect(css).toContain('underline dotted var(--family-known)');
  });

  it('gives no rule without families, or when none is known', () => {
    expect(familyMarksCss({ forms })).toBe('');
    expect(familyMarksCss({ forms, families: { form: [1], lemma: ['b'], status: [3] } })).toBe('');
    // A form index outside the forms is ignored rather than producing a broken selector.
    expect(familyMarksCss({ forms, families: { form: [9], lemma: ['x'], status: [5] } })).toBe('');
  });

  it('follows a lemma term saved while reading: its forms take its status, others keep theirs', () => {
    const families = { form: [0, 1, 2], lemma: ['hablar', 'casa', 'hablar'], status: [0, 2, 0] };
    const after = followLemmaTerm(families, { WoTextLC: 'hablar', WoStatus: 5 })!;
    expect(after.status).toEqual([5, 2, 5]);
    expect(familyMarksCss({ forms, families: after })).toContain(':is([data_hex="aa01"],[data_hex="cc03"])');
    // A term no form has as lemma, or the same status again, changes nothing (the same object: no re-render).
    expect(followLemmaTerm(after, { WoTextLC: 'perro', WoStatus: 5 })).toBe(after);
    expect(followLemmaTerm(after, { WoTextLC: 'hablar', WoStatus: 5 })).toBe(after);
    expect(followLemmaTerm(undefined, { WoTextLC: 'hablar', WoStatus: 5 })).toBeUndefined();
  });
});
