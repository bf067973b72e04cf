// Runs in: main (vitest). The terms.changed refs a bulk import sends match the rows it stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCore, type TestCore } from '../../../tests/helpers/core';
import { on, type DomainEvents } from '../../core/events';
import { createLanguage } from '../languages';
import * as repo from './repo';
import { importTerms } from './store-rows';

let core: TestCore;
const seen: DomainEvents['terms.changed'][] = [];

beforeAll(() => {
  core = makeTestCore();
  on(core, 'terms.changed', (_ctx, payload) => seen.push(payload));
});
afterAll(() => core.cleanup());

describe('importTerms announces what it wrote', () => {
  it('sends created refs equal to the stored rows, word counts included', () => {
    const ctx = core.context();
    const lg = createLanguage(ctx, { LgName: 'Refs', LgIsoCode: 'de' }).LgID;
    seen.length = 0;
    const result = importTerms(
      ctx,
      lg,
      [
        { WoLgID: lg, WoText: ' Haus ', WoStatus: 3 },
        { WoLgID: lg, WoText: 'E-Mail' },
        { WoLgID: lg, WoText: 'ins Blaue hinein', WoStatus: 99 },
        { WoLgID: lg, WoText: 'haus', WoStatus: 5 }, // a repeat: skipped
        { WoLgID: lg, WoText: 'Übermut', WoLemma: 'Übermut', TermTags: { TagList: 'a,b' } },
      ],
      { duplicates: 'skip' },
    );
    expect(result).toMatchObject({ created: 4, skipped: 1 });
    const created = seen.filter((e) => e.kind === 'created');
    expect(created).toHaveLength(1);
    expect(created[0].terms).toEqual(repo.termRefs(ctx.sqlite, ctx.user, result.ids));
    expect(created[0].terms.map((r) => [r.WoTextLC, r.WoWordCount, r.WoStatus])).toEqual([
      ['haus', 1, 3],
      ['e-mail', 2, 1],
      ['ins blaue hinein', 3, 99],
      ['übermut', 1, 1],
    ]);
  });
});
