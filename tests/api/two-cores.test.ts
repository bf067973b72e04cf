// Two cores in one process (tests, a restore's reopen) share no long-lived state (issue 27): caches live in each
// core's services, so one core's cached word families, lemma catalogue or restore hook never answer for the other.
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestCore, type TestCore } from '../helpers/core';
import { catalogueSlot } from '../../src-main/modules/lemmas/catalogue';
import { restoreHookSlot } from '../../src-main/modules/backup/restore';

const cores: TestCore[] = [];
afterAll(() => {
  for (const c of cores) c.cleanup();
});

async function withGerman(): Promise<{ core: TestCore; lg: number }> {
  const core = makeTestCore({ core: { background: false } });
  cores.push(core);
  const { LgID } = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
  return { core, lg: LgID };
}

const lemmas = async (core: TestCore, lg: number) =>
  ((await core.dispatch('wordFamilies.list', { language_id: lg })) as { families: { lemma_lc: string }[] }).families.map((f) => f.lemma_lc);

describe('two cores in one process', () => {
  it('keep their own word-family summaries (same language id, same owner)', async () => {
    const a = await withGerman();
    const b = await withGerman();
    expect(a.lg).toBe(b.lg);
    await a.core.dispatch('terms.create', { WoLgID: a.lg, WoText: 'ging', WoLemma: 'gehen', WoStatus: 1 });
    expect(await lemmas(a.core, a.lg)).toEqual(['gehen']);
    await b.core.dispatch('terms.create', { WoLgID: b.lg, WoText: 'Häuser', WoLemma: 'Haus', WoStatus: 1 });
    expect(await lemmas(b.core, b.lg)).toEqual(['haus']);
    expect(await lemmas(a.core, a.lg)).toEqual(['gehen']);
  });

  it('keep their own lemma catalogue and restore hook', async () => {
    const a = await withGerman();
    const b = await withGerman();
    const shipped = await b.core.dispatch('lemmas.catalogue', {});
    expect(shipped).not.toEqual([]);
    catalogueSlot.set(a.core.services, []);
    restoreHookSlot.set(a.core.services, () => undefined);
    expect(await a.core.dispatch('lemmas.catalogue', {})).toEqual([]);
    expect(await b.core.dispatch('lemmas.catalogue', {})).toEqual(shipped);
    expect(restoreHookSlot.get(b.core.services)).toBeUndefined();
  });
});
