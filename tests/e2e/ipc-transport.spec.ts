// The renderer's IPC path, as Electron runs it: a stand-in `window.lectio.invoke` forwards to a core in
// this test process through the same IPC dispatcher main.ts uses. No /api/v1 request may leave the page.
import fs from 'node:fs';
import { test, expect, shot } from './fixtures';
import { loadConfig } from '../../src-main/core/config';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { createHttpServer } from '../../src-main/http/server';
import { createIpcDispatcher } from '../../src-main/ipc/adapter';
import { rendererDir } from '../../src-main/core/paths';
import { tempDir } from '../helpers/core';

test('the app works over IPC without touching /api/v1', async ({ page }) => {
  const dataDir = tempDir('lectio-ipc-e2e-');
  const core = createCore({ config: loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9' }, { port: '0' }, dataDir), log: silentLogger });
  const http = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await http.listen(0, '127.0.0.1');
  const dispatch = createIpcDispatcher(core);
  try {
    await page.exposeFunction('__lectioIpc', (name: string, input: unknown) => dispatch(name, input));
    await page.addInitScript(() => {
      (window as any).lectio = { invoke: (name: string, input: unknown) => (window as any).__lectioIpc(name, input) };
    });
    const apiRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(r.url());
    });
    await page.goto(`http://127.0.0.1:${port}/languages/new`);
    await page.getByLabel('Filter presets').fill('Japan');
    await page.getByRole('listitem').filter({ hasText: 'Japanese' }).click();
    await page.getByRole('button', { name: 'Add language' }).click();
    await expect(page.getByRole('table', { name: 'Languages' })).toContainText('Japanese');
    await shot(page, 'ipc-transport-languages');
    expect(apiRequests).toEqual([]);
    expect(core.sqlite.prepare('SELECT LgName, LgParserType FROM languages').all()).toEqual([{ LgName: 'Japanese', LgParserType: 'morphological' }]);
  } finally {
    await http.close();
    core.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
