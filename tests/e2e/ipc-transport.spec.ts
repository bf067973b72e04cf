// The renderer's IPC path, as Electron runs it: a stand-in `window.lectio.invoke` forwards to a core in
// this test process through the same IPC dispatcher main.ts uses. No /api/v1 request may leave the page.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot } from './fixtures';
import { loadConfig } from '../../src-main/core/config';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { createHttpServer } from '../../src-main/http/server';
import { createIpcDispatcher } from '../../src-main/ipc/adapter';
import { PickedFiles } from '../../src-main/ipc/picked-files';
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

    // A refusal over IPC is said in the interface language too: its code travels in the IPC result's extra (issue 20).
    await page.evaluate(() => (window as any).lectio.invoke('settings.save', { key: 'uiLanguage', value: 'es' }));
    await page.goto(`http://127.0.0.1:${port}/languages/new`);
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).first().fill('Japanese');
    await page.getByRole('button', { name: 'Añadir idioma' }).click();
    await expect(page.getByText('Ya existe un idioma llamado «Japanese»')).toBeVisible();
    expect(apiRequests).toEqual([]);
  } finally {
    await http.close();
    core.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a picked file goes over IPC as a token for its path, read by main from disk', async ({ page }) => {
  const dataDir = tempDir('lectio-ipc-e2e-');
  const core = createCore({ config: loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9' }, { port: '0' }, dataDir), log: silentLogger });
  const http = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await http.listen(0, '127.0.0.1');
  const picked = new PickedFiles();
  const dispatch = createIpcDispatcher(core, picked);
  const inputs: unknown[] = [];
  try {
    await page.exposeFunction('__lectioIpc', (name: string, input: unknown) => (inputs.push(input), dispatch(name, input)));
    // Stand-in for the preload's webUtils.getPathForFile: the chosen file is put on disk here and its path registered.
    await page.exposeFunction('__lectioPick', (name: string, base64: string) => {
      const file = path.join(dataDir, 'picked', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(base64, 'base64'));
      return picked.register(file);
    });
    await page.addInitScript(() => {
      (window as any).lectio = {
        invoke: (name: string, input: unknown) => (window as any).__lectioIpc(name, input),
        pickedFile: async (file: File) => {
          const bytes = new Uint8Array(await file.arrayBuffer());
          let binary = '';
          for (const b of bytes) binary += String.fromCharCode(b);
          return (window as any).__lectioPick(file.name, btoa(binary));
        },
      };
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(() => (window as any).lectio.invoke('languages.create', { LgName: 'English', LgIsoCode: 'en' }));
    await page.goto(`http://127.0.0.1:${port}/book/import`);
    await page
      .getByLabel('Book file')
      .setInputFiles({ name: 'story.txt', mimeType: 'text/plain', buffer: Buffer.from('CHAPTER I\n\nThe first part.\n\nCHAPTER II\n\nThe second part.') });
    await expect(page.locator('.book-preview-chapters li')).toHaveCount(2, { timeout: 30_000 });
    // The preview's input named the file by token only: no bytes crossed.
    const withFile = inputs.find((i) => typeof i === 'object' && i !== null && 'file' in i) as { file: Record<string, unknown> };
    expect(Object.keys(withFile.file).sort()).toEqual(['$pickedFile', 'mimeType']);
    await shot(page, 'ipc-transport-picked-file');
  } finally {
    await http.close();
    core.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a backup saved in the desktop app goes where the Save dialog says, not through the page', async ({ page }) => {
  const dataDir = tempDir('lectio-ipc-e2e-');
  const core = createCore({ config: loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9' }, { port: '0' }, dataDir), log: silentLogger });
  const http = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await http.listen(0, '127.0.0.1');
  const target = path.join(dataDir, 'chosen', 'my-library.zip');
  fs.mkdirSync(path.dirname(target));
  // Stand-in for Electron's dialog.showSaveDialog: the person picks `target`.
  const dispatch = createIpcDispatcher(core, new PickedFiles(), async () => target);
  const results: unknown[] = [];
  try {
    await page.exposeFunction('__lectioIpc', async (name: string, input: unknown) => {
      const result = await dispatch(name, input);
      if (name === 'backup.download') results.push(result);
      return result;
    });
    await page.addInitScript(() => {
      (window as any).lectio = { invoke: (name: string, input: unknown) => (window as any).__lectioIpc(name, input) };
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(() => (window as any).lectio.invoke('languages.create', { LgName: 'German' }));
    await page.goto(`http://127.0.0.1:${port}/settings/backup`);
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Save backup as…' }).click();
    await expect(page.getByText(`Backup saved to ${target}`)).toBeVisible();
    await shot(page, 'ipc-transport-backup-saved');
    expect(fs.readFileSync(target).subarray(0, 2).toString()).toBe('PK');
    expect(downloads).toBe(0);
    expect(JSON.stringify(results)).not.toContain('"data"');
  } finally {
    await http.close();
    core.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
