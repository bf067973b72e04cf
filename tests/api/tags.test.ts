import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignUser } from '../helpers/core';

const s = withServer();

describe('tags', () => {
  it('creates, lists with term counts, renames and deletes', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Italian' })).body.LgID;
    const tag = await s.client.post('/api/v1/tags', { TgText: 'verbs', TgComment: 'all verbs' });
    expect(tag.body).toMatchObject({ TgText: 'verbs', TgComment: 'all verbs', TermCount: 0 });
    await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'andare', TermTags: { TagList: ['verbs'] } });
    expect((await s.client.get('/api/v1/tags')).body).toEqual([{ TgID: tag.body.TgID, TgText: 'verbs', TgComment: 'all verbs', TermCount: 1 }]);
    expect((await s.client.put(`/api/v1/tags/${tag.body.TgID}`, { TgText: 'verbi' })).body.TgText).toBe('verbi');
    expect((await s.client.get('/api/v1/terms')).body.terms[0].TermTags).toEqual(['verbi']);
    expect((await s.client.get('/api/v1/tags?q=erb')).body).toHaveLength(1);
    expect((await s.client.delete(`/api/v1/tags/${tag.body.TgID}`)).body).toEqual({ success: true, deleted: 1 });
    expect((await s.client.get('/api/v1/terms')).body.terms[0].TermTags).toEqual([]);
  });

  it('refuses a 21-character tag, an empty one, a comma, and a duplicate', async () => {
    const long = await s.client.post('/api/v1/tags', { TgText: 'a'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/Invalid input.*at most 20/);
    expect((await s.client.post('/api/v1/tags', { TgText: 'a'.repeat(20) })).status).toBe(200);
    expect((await s.client.post('/api/v1/tags', { TgText: '  ' })).status).toBe(400);
    expect((await s.client.post('/api/v1/tags', { TgText: 'a,b' })).status).toBe(400);
    expect((await s.client.post('/api/v1/tags', { TgText: 'a'.repeat(20) })).status).toBe(409);
  });

  it('the /tags/new form post creates a tag and goes back to the list; it needs the CSRF token', async () => {
    const res = await s.client.request('POST', '/tags/new', { form: { TgText: 'fromform', _csrf_token: s.client.csrfToken }, csrf: false });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/tags');
    expect((await s.client.get('/api/v1/tags?q=fromform')).body).toHaveLength(1);
    expect((await s.client.request('POST', '/tags/new', { form: { TgText: 'nocsrf' }, csrf: false })).status).toBe(403);
    expect((await s.client.get('/tags/new')).status).toBe(200);
  });

  it('foreign tags are invisible and untouchable', async () => {
    const uid = insertForeignUser(s.core);
    const id = Number(s.core.sqlite.prepare("INSERT INTO tags (TgUsID, TgText) VALUES (?, 'theirs')").run(uid).lastInsertRowid);
    expect((await s.client.get(`/api/v1/tags/${id}`)).status).toBe(404);
    expect((await s.client.put(`/api/v1/tags/${id}`, { TgText: 'mine' })).status).toBe(404);
    expect((await s.client.delete(`/api/v1/tags/${id}`)).status).toBe(404);
    expect((await s.client.get('/api/v1/tags')).body.some((t: { TgID: number }) => t.TgID === id)).toBe(false);
    // Same name is free for us: tags are unique per user.
    expect((await s.client.post('/api/v1/tags', { TgText: 'theirs' })).status).toBe(200);
  });
});
