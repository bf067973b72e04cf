// The same call through the IPC adapter and over HTTP gives the same result (and the same errors).
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { createIpcDispatcher } from '../../src-main/ipc/adapter';

let ipc: ReturnType<typeof createIpcDispatcher>;
const s = withServer();
beforeAll(async () => {
  ipc = createIpcDispatcher(s.core);
});

describe('IPC and HTTP parity', () => {
  it('creates through IPC and reads the same over HTTP, and the other way round', async () => {
    const created = await ipc('languages.create', { LgName: 'Spanish' });
    expect(created.ok).toBe(true);
    const id = (created as { value: { LgID: number } }).value.LgID;
    const http = await s.client.get(`/api/v1/languages/${id}`);
    const viaIpc = await ipc('languages.get', { id });
    expect(viaIpc).toEqual({ ok: true, value: http.body });

    const list = await s.client.get('/api/v1/languages');
    expect(await ipc('languages.list', {})).toEqual({ ok: true, value: list.body });
  });

  it('gives the same values for settings and status definitions', async () => {
    for (const [name, path] of [
      ['settings.statusDefinitions', '/api/v1/settings/status-definitions'],
      ['settings.all', '/api/v1/settings'],
      ['system.version', '/api/v1/version'],
    ] as const) {
      const http = await s.client.get(path);
      expect(await ipc(name, {})).toEqual({ ok: true, value: http.body });
    }
  });

  it('gives the same error text and status', async () => {
    const http = await s.client.get('/api/v1/languages/999999');
    const viaIpc = await ipc('languages.get', { id: 999999 });
    expect(http.body.code).toBe('language.notFound');
    expect(viaIpc).toEqual({ ok: false, status: http.status, error: http.body.error, extra: { code: 'language.notFound' } });
    const badHttp = await s.client.post('/api/v1/languages', { LgName: '' });
    const badIpc = await ipc('languages.create', { LgName: '' });
    expect(badIpc).toMatchObject({ ok: false, status: badHttp.status, error: badHttp.body.error });
  });

  it('books: created through IPC, read the same over HTTP; the same "Book not found"', async () => {
    const lang = await ipc('languages.create', { LgName: 'Bookish' });
    const LgID = (lang as { value: { LgID: number } }).value.LgID;
    const created = await ipc('books.create', { language_id: LgID, title: 'Parity', text: 'CHAPTER I\n\nOne.\n\nCHAPTER II\n\nTwo.' });
    expect(created.ok).toBe(true);
    const id = (created as { value: { BkID: number } }).value.BkID;
    expect(await ipc('books.get', { id })).toEqual({ ok: true, value: (await s.client.get(`/api/v1/books/${id}`)).body });
    const http = await s.client.get('/api/v1/books/999999');
    expect(await ipc('books.get', { id: 999999 })).toEqual({ ok: false, status: http.status, error: 'Book not found', extra: { code: 'book.notFound' } });
  });

  it('refuses unknown handler names', async () => {
    expect(await ipc('no.such.handler', {})).toMatchObject({ ok: false, status: 404 });
    expect(await ipc(42, {})).toMatchObject({ ok: false, status: 400 });
  });
});
