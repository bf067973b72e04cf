// A database replacement (restore) leaves the reader nothing of the old file: its change log starts again and
// its cached payloads are gone, so a text read after the restore shows the restored terms (the change log was
// once process-global, and a restore did not clear it).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReadingItems } from '../../src-shared/contract/reader';
import { termsVersion } from '../../src-main/modules/reader/changes';
import { makeTestCore } from '../helpers/core';

const core = makeTestCore();
afterAll(() => core.cleanup());

const words = async (id: number) => JSON.parse(((await core.dispatch('reader.words', { id })) as { $json: string }).$json) as ReadingItems;
const statusOf = (items: ReadingItems, text: string) => items.items.find((i) => i.text === text)!.status;

describe('reader after a restore', () => {
  it('starts with an empty change log and shows the restored statuses', async () => {
    const { LgID } = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const { TxID } = (await core.dispatch('texts.create', { TxLgID: LgID, TxTitle: 'Hund', TxText: 'Der Hund schläft.' })) as { TxID: number };
    const snapshot = path.join(core.dataDir, 'before-term.db');
    const services = core.context().services;
    services.database!.replaceWhileClosed((file) => fs.copyFileSync(file, snapshot));
    expect(statusOf(await words(TxID), 'Hund')).toBe(0);

    await core.dispatch('reader.quickTerm', { WoLgID: LgID, WoText: 'Hund', WoStatus: 3 });
    expect(termsVersion(services)).toBe(1);
    // The payload is cached now, and followed through the change log.
    expect(statusOf(await words(TxID), 'Hund')).toBe(3);

    services.database!.replaceWhileClosed((file) => fs.copyFileSync(snapshot, file));
    expect(termsVersion(services)).toBe(0);
    expect(statusOf(await words(TxID), 'Hund')).toBe(0);
  });
});
