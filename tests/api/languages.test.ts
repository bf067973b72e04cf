import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignLanguage } from '../helpers/core';

const s = withServer();

describe('languages', () => {
  it('creates a language from a preset name alone', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: 'German' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ LgName: 'German', LgIsoCode: 'de', LgParserType: 'regex', LgLemmatizerType: 'dictionary' });
    const ja = await s.client.post('/api/v1/languages', { LgName: 'Japanese' });
    expect(ja.body).toMatchObject({ LgIsoCode: 'ja', LgParserType: 'morphological' });
    const ar = await s.client.post('/api/v1/languages', { LgName: 'Arabic' });
    expect(ar.body).toMatchObject({ LgRightToLeft: true });
  });

  it('refuses a duplicate name', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: 'German' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already exists/);
  });

  it('lists, reads, updates and deletes', async () => {
    const created = await s.client.post('/api/v1/languages', { LgName: 'Klingon', LgIsoCode: 'tlh', LgRegexpWordCharacters: 'a-zA-Z' });
    expect(created.status).toBe(200);
    const id = created.body.LgID;
    const list = await s.client.get('/api/v1/languages');
    expect(list.body.map((l: { LgName: string }) => l.LgName)).toContain('Klingon');
    const upd = await s.client.put(`/api/v1/languages/${id}`, { LgRightToLeft: true });
    expect(upd.body.LgRightToLeft).toBe(true);
    expect((await s.client.get(`/api/v1/languages/${id}`)).body.LgName).toBe('Klingon');
    expect((await s.client.delete(`/api/v1/languages/${id}`)).status).toBe(200);
    expect((await s.client.get(`/api/v1/languages/${id}`)).status).toBe(404);
  });

  it('offers at least 30 presets', async () => {
    const res = await s.client.get('/api/v1/languages/presets');
    expect(res.body.length).toBeGreaterThanOrEqual(30);
  });

  it('treats a foreign language as not found', async () => {
    const { languageId } = insertForeignLanguage(s.core);
    expect((await s.client.get(`/api/v1/languages/${languageId}`)).status).toBe(404);
    expect((await s.client.put(`/api/v1/languages/${languageId}`, { LgName: 'Mine' })).status).toBe(404);
    expect((await s.client.delete(`/api/v1/languages/${languageId}`)).status).toBe(404);
    const list = await s.client.get('/api/v1/languages');
    expect(list.body.some((l: { LgID: number }) => l.LgID === languageId)).toBe(false);
  });

  it('rejects an invalid word-character class', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: 'Broken', LgRegexpWordCharacters: 'a-' + '\\' });
    expect(res.status).toBe(400);
  });
});
