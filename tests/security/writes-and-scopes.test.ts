// Issue 34 item 1: nothing writes where a client says. POST /backup/save takes no path (a path once let an
// admin or a paired extension rename a zip over the live lectio.db); paired-app tokens carry scopes, and
// backup, restore, empty and settings are outside an extension's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../helpers/core';
import { EXTENSION_SCOPES, requiredScope } from '../../src-shared/contract/token-scopes';
import { contract } from '../../src-shared/contract';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const bearer = (token: string, method: string, urlPath: string, json?: unknown) =>
  fetch(`${s.baseUrl}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

describe('backup/save never writes to a path a client names', () => {
  it('refuses a path, leaves the target untouched, and writes nothing outside the backup folder', async () => {
    const elsewhere = tempDir('lectio-elsewhere-');
    const victim = path.join(elsewhere, 'lectio.db');
    fs.writeFileSync(victim, 'live library');
    const res = await s.client.post('/api/v1/backup/save', { path: victim });
    expect(res.status).toBe(400);
    expect(fs.readFileSync(victim, 'utf8')).toBe('live library');
    const fresh = path.join(elsewhere, 'new', 'x.zip');
    expect((await s.client.post('/api/v1/backup/save', { path: fresh })).status).toBe(400);
    expect(fs.existsSync(path.dirname(fresh))).toBe(false);
    // The live database itself, as the probe did.
    expect((await s.client.post('/api/v1/backup/save', { path: path.join(s.core.config.dataDir, 'lectio.db') })).status).toBe(400);
    expect(s.core.sqlite.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
  });
});

describe('token scopes', () => {
  it('a paired extension reads and saves vocabulary but cannot back up, restore, empty or change settings', async () => {
    const made = await s.client.post('/api/v1/auth/tokens', { name: 'Extension', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' });
    expect(made.status).toBe(200);
    expect(made.body.api_token.scopes).toEqual([...EXTENSION_SCOPES]);
    const token = made.body.token as string;

    expect((await bearer(token, 'GET', '/api/v1/languages')).status).toBe(200);
    const lg = s.core.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Scoped', 0)").run().lastInsertRowid;
    const term = await bearer(token, 'POST', '/api/v1/terms', { WoLgID: Number(lg), WoText: 'hola', WoStatus: 1 });
    expect(term.status).toBe(200);

    const refused: [string, string, unknown?][] = [
      ['GET', '/api/v1/backup'],
      ['POST', '/api/v1/backup/save', {}],
      ['PUT', '/api/v1/backup/settings', { folder: tempDir('lectio-folder-') }],
      ['POST', '/api/v1/database/empty', { confirm: 'EMPTY' }],
      ['POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' }],
      ['GET', '/api/v1/auth/tokens'],
      ['POST', '/api/v1/auth/tokens', { name: 'wider', scopes: ['manage'] }],
    ];
    for (const [method, urlPath, json] of refused) {
      const res = await bearer(token, method, urlPath, json);
      expect(res.status, `${method} ${urlPath}`).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('request.tokenScope');
    }
    // A restore is refused from the headers, before its body is read.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(1024)]), 'backup.zip');
    const restore = await fetch(`${s.baseUrl}/api/v1/backup/restore`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(restore.status).toBe(403);
    expect(s.core.sqlite.prepare("SELECT count(*) FROM words WHERE WoTextLC = 'hola'").pluck().get()).toBe(1);
  });

  it('names the scope each kind of endpoint needs, from its declaration', () => {
    const needs = (name: keyof typeof contract) => requiredScope(contract[name].access);
    expect(needs('backup.download')).toBe('manage');
    expect(needs('backup.restore')).toBe('manage');
    expect(needs('backup.empty')).toBe('manage');
    expect(needs('settings.save')).toBe('manage');
    expect(needs('admin.users.list')).toBe('manage');
    expect(needs('terms.create')).toBe('vocabulary');
    expect(needs('terms.import')).toBe('import');
    expect(needs('texts.create')).toBe('import');
    expect(needs('texts.list')).toBe('read');
    // The browser extension's page annotation stores nothing: a paired extension (read scope) may call it.
    expect(needs('annotate.blocks')).toBe('read');
    // Anyone may sign in: a token needs no scope there.
    expect(needs('auth.login')).toBe(null);
  });
});
