// Issue 20: terms made by "All known" / "Ignore all" are counted as marked known / marked ignored, apart from
// terms created one by one (which alone are "created" and count towards the day's total).
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'German' } });
beforeAll(async () => {
  await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
});

const newText = async (text: string) => (await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 'T', TxText: text })).body.TxID as number;

describe('honest statistics', () => {
  it('counts mark-all-known and mark-all-ignored apart from terms created one by one', async () => {
    expect((await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'Vogel', WoTranslation: 'bird', WoStatus: 1 })).status).toBe(200);
    const a = await newText('Der Vogel singt laut.');
    expect((await s.client.post(`/api/v1/texts/${a}/mark-all-known`)).body.created).toBe(3);
    const b = await newText('Neue Wörter hier.');
    expect((await s.client.post(`/api/v1/texts/${b}/mark-all-ignored`)).body.created).toBe(3);

    const today = (await s.client.get('/api/v1/activity/dashboard')).body.today;
    expect(today).toMatchObject({ termsCreated: 1, markedKnown: 3, markedIgnored: 3, total: 1 });
    const cal = (await s.client.get('/api/v1/activity/calendar?months=1')).body;
    expect(cal.totals).toMatchObject({ termsCreated: 1, markedKnown: 3, markedIgnored: 3 });
    expect(cal.days.at(-1)).toMatchObject({ termsCreated: 1, markedKnown: 3, markedIgnored: 3, total: 1 });
  });
});
