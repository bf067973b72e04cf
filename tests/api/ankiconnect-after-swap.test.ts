// Issue 51 item 1: after "Empty database" or a restore, Settings' AnkiConnect card still works without a restart —
// the address to paste into a tool shows and "Also answer at 127.0.0.1:8765" listens. The port's control is bound
// once at start (services.bindings), so clearing the caches of the old database does not unbind it.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestCore, TestClient } from '../helpers/core';
import { acPost } from '../helpers/ankiconnect-client';
import { createHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';

/** A port nobody listens on right now (the test's stand-in for 8765, which Anki may hold on this machine). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('AnkiConnect settings after the database is swapped', () => {
  const core = makeTestCore({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  let server: ReturnType<typeof createHttpServer>;
  afterAll(async () => {
    await server?.close();
    core.cleanup();
  });

  it('shows the address and listens after Empty and after a restore', async () => {
    const port = await freePort();
    server = createHttpServer(core, { rendererDir: rendererDir(), ankiConnectPort: port });
    const main = await server.listen(0, '127.0.0.1');
    const client = await new TestClient(`http://127.0.0.1:${main}`).init();
    const address = `http://127.0.0.1:${main}/ankiconnect`;
    const status = async () => (await client.get('/api/v1/ankiconnect')).body as { url: string | null; port: Record<string, unknown> };
    expect((await status()).url).toBe(address);
    expect((await client.post('/api/v1/languages', { LgName: 'German' })).status).toBe(200);
    const backup = (await client.get('/api/v1/backup')).body as Buffer;

    const emptied = await client.post('/api/v1/database/empty', { confirm: 'EMPTY' });
    expect(emptied.status, emptied.text).toBe(200);
    expect((await status()).url).toBe(address);
    const on = await client.post('/api/v1/ankiconnect', { port_enabled: true });
    expect(on.body.port).toEqual({ enabled: true, listening: true, error: null, port });
    expect((await acPost(`http://127.0.0.1:${port}`, { action: 'version', version: 6 })).body).toEqual({ result: 6, error: null });
    expect((await client.post('/api/v1/ankiconnect', { port_enabled: false })).body.port).toMatchObject({ listening: false });

    const restored = await client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup });
    expect(restored.status, restored.text).toBe(200);
    expect((await status()).url).toBe(address);
    expect((await client.post('/api/v1/ankiconnect', { port_enabled: true })).body.port).toEqual({ enabled: true, listening: true, error: null, port });
    expect((await acPost(`http://localhost:${port}/ankiconnect`, { action: 'deckNames', version: 6 })).body).toEqual({ result: ['German'], error: null });
    await client.post('/api/v1/ankiconnect', { port_enabled: false });
  });
});

describe('the 8765 port follows the library a restore brings back', () => {
  const core = makeTestCore({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  let server: ReturnType<typeof createHttpServer>;
  afterAll(async () => {
    await server?.close();
    core.cleanup();
  });

  it('opens when the restored library had it on, and closes when it had it off', async () => {
    const port = await freePort();
    server = createHttpServer(core, { rendererDir: rendererDir(), ankiConnectPort: port });
    const main = await server.listen(0, '127.0.0.1');
    const client = await new TestClient(`http://127.0.0.1:${main}`).init();
    const listening = async () => ((await client.get('/api/v1/ankiconnect')).body as { port: { listening: boolean } }).port.listening;
    // A backup made with the port on, then the port turned off.
    expect((await client.post('/api/v1/ankiconnect', { port_enabled: true })).body.port.listening).toBe(true);
    const withPortOn = (await client.get('/api/v1/backup')).body as Buffer;
    expect((await client.post('/api/v1/ankiconnect', { port_enabled: false })).body.port.listening).toBe(false);
    const withPortOff = (await client.get('/api/v1/backup')).body as Buffer;

    expect((await client.upload('/api/v1/backup/restore', { name: 'on.zip', data: withPortOn })).status).toBe(200);
    await expect.poll(listening).toBe(true);
    expect((await acPost(`http://127.0.0.1:${port}`, { action: 'version', version: 6 })).body).toEqual({ result: 6, error: null });

    expect((await client.upload('/api/v1/backup/restore', { name: 'off.zip', data: withPortOff })).status).toBe(200);
    await expect.poll(listening).toBe(false);
  });
});
