// Issue 20: validation errors in plain words for people, field names kept for programs; an unknown page is a page.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'Spanish' } });

describe('validation errors', () => {
  it('say "Title is required" and keep the field name in `fields`', async () => {
    const res = await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: '', TxText: 'Hola.' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
    expect(res.body.message).not.toMatch(/TxTitle/);
    expect(res.body.fields).toEqual({ TxTitle: 'Title is required' });
    expect(res.body.error).toMatch(/^Invalid input: .*TxTitle/);
    const two = await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: ' ', TxText: ' ' });
    expect(two.body.message).toBe('Title is required; Text is required');
    expect(Object.keys(two.body.fields)).toEqual(['TxTitle', 'TxText']);
  });
  it('name a language field as the form does', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Name /);
    expect(res.body.fields.LgName).toBe(res.body.message);
  });
  it('come the same way through IPC-style dispatch (the adapters share the mapping)', async () => {
    const err = await s.core.dispatch('texts.create', { TxLgID: s.languageId, TxTitle: '', TxText: 'x' }).catch((e: unknown) => e);
    expect((err as { extra: Record<string, unknown> }).extra).toMatchObject({ message: 'Title is required', fields: { TxTitle: 'Title is required' } });
  });
});

describe('an unknown page', () => {
  it('is the app (404, HTML) for a browser, and stays JSON for API clients', async () => {
    const page = await s.client.request('GET', '/no-such-page', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(404);
    expect(page.text).toMatch(/<html/i);
    expect(page.text).not.toMatch(/^\{"error"/);
    const api = await s.client.get('/api/v1/no-such-endpoint');
    expect(api.status).toBe(404);
    expect(api.body.error).toBeTruthy();
  });
});
