// The domain-event listener table belongs to a core, not to the process: two cores in one process (as tests run
// them) each hear only their own events, and each runs the modules' listeners against its own database.
import { afterAll, describe, expect, it } from 'vitest';
import { on, type DomainEvents } from '../../src-main/core/events';
import { createLanguage } from '../../src-main/modules/languages/service';
import { createTerm } from '../../src-main/modules/terms/service';
import { makeTestCore } from '../helpers/core';

const a = makeTestCore();
const b = makeTestCore();
afterAll(() => {
  a.cleanup();
  b.cleanup();
});

describe('listeners per core', () => {
  it('a listener added to one core does not hear another core', () => {
    const heardByA: DomainEvents['terms.changed'][] = [];
    on(a, 'terms.changed', (_ctx, e) => heardByA.push(e));
    const ctxB = b.context();
    createTerm(ctxB, { WoLgID: createLanguage(ctxB, { LgName: 'German' }).LgID, WoText: 'Haus' });
    expect(heardByA).toEqual([]);
    const ctxA = a.context();
    createTerm(ctxA, { WoLgID: createLanguage(ctxA, { LgName: 'German' }).LgID, WoText: 'Baum' });
    expect(heardByA.map((e) => e.terms.map((t) => t.WoTextLC))).toEqual([['baum']]);
  });
});
