// Kept sentence translations (issue 49) go with the library: a backup carries the translations table and the
// services' settings (their key still only "set"), a restore brings them back, and the restored answer is served
// with the service stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { downloadBackup } from '../helpers/backup';
import { FakeTranslators } from '../helpers/fake-translators';

let s: TestServer;
let fake: FakeTranslators;

beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true' } });
  fake = await new FakeTranslators().start();
});
afterAll(async () => {
  await fake.close();
  await s.close();
});

describe('sentence translations in a backup', () => {
  it('are carried by the backup and served from the restored library offline', async () => {
    const lang = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body as { LgID: number };
    const configured = await s.client.post('/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url, key: 'lt-key' }] });
    expect(configured.status, configured.text).toBe(200);
    const first = await s.client.post('/api/v1/translation', { language_id: lang.LgID, text: 'Der Zug fährt ab.' });
    expect(first.body).toMatchObject({ translation: '[lt:en] Der Zug fährt ab.', cached: false });

    const backup = await downloadBackup(s.core);
    expect((await s.client.delete('/api/v1/translation/cache')).body).toEqual({ deleted: 1 });
    await fake.close();

    const restored = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup.data });
    expect(restored.status, restored.text).toBe(200);
    const again = await s.client.post('/api/v1/translation', { language_id: lang.LgID, text: 'Der Zug fährt ab.' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ translation: '[lt:en] Der Zug fährt ab.', provider: 'libretranslate', cached: true });
    const settings = await s.client.get('/api/v1/translation/settings');
    expect(settings.body).toMatchObject({ cached: 1, providers: [{ kind: 'libretranslate', key: 'set' }] });
    expect(settings.text).not.toContain('lt-key');
  });
});
