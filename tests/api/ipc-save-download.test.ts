// A backup downloaded in the desktop app: main asks where (the Save dialog, a stand-in here) and moves the archive
// there, so no byte of it crosses IPC; a cancelled dialog leaves nothing behind; without a dialog (a headless
// stand-in) the bytes are handed over as over HTTP. In every case the temporary archive is gone afterwards.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { createIpcDispatcher, type AskSavePath } from '../../src-main/ipc/adapter';
import type { FileResult, SavedFileResult } from '../../src-shared/contract/endpoint';
import { tempDir } from '../helpers/core';

const chosenDir = tempDir('lectio-save-as-');
const s = withServer();
beforeAll(async () => {
  await s.client.post('/api/v1/languages', { LgName: 'Backed up' });
});
afterAll(() => {
  fs.rmSync(chosenDir, { recursive: true, force: true });
});

/** Archives waiting in the data folder's tmp/ (a download's temporary file). */
const temporaryArchives = () => {
  const tmp = path.join(s.core.config.dataDir, 'tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((n) => n.endsWith('.zip') || n.endsWith('.zip.tmp')) : [];
};

describe('backup download over IPC', () => {
  it('is moved where the Save dialog says, never sent as bytes', async () => {
    const asked: string[] = [];
    const target = path.join(chosenDir, 'my backup.zip');
    const askSavePath: AskSavePath = async (file) => {
      asked.push(file.filename);
      return target;
    };
    const result = await createIpcDispatcher(s.core, undefined, askSavePath)('backup.download', {});
    expect(result.ok).toBe(true);
    const saved = (result as { value: SavedFileResult }).value;
    expect(saved).toEqual({ $savedFile: true, filename: asked[0], savedTo: target, size: fs.statSync(target).size });
    expect(asked[0]).toMatch(/^lectio-backup-.*\.zip$/);
    expect(JSON.stringify(saved)).not.toContain('"data"');
    const zip = await JSZip.loadAsync(fs.readFileSync(target));
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['manifest.json', 'lectio.db']));
    expect(temporaryArchives()).toEqual([]);
  });

  it('leaves nothing behind when the dialog is cancelled', async () => {
    const before = fs.readdirSync(chosenDir);
    const result = await createIpcDispatcher(s.core, undefined, async () => null)('backup.download', {});
    expect(result).toMatchObject({ ok: true, value: { $savedFile: true, savedTo: null } });
    expect(fs.readdirSync(chosenDir)).toEqual(before);
    expect(temporaryArchives()).toEqual([]);
  });

  it('says why when the chosen place cannot be written, and still removes the temporary archive', async () => {
    const result = await createIpcDispatcher(s.core, undefined, async () => path.join(chosenDir, 'no such folder', 'b.zip'))('backup.download', {});
    const target = path.join(chosenDir, 'no such folder', 'b.zip');
    expect(result).toMatchObject({ ok: false, status: 500, extra: { code: 'backup.saveAsFailed', params: { path: target, reason: 'ENOENT' } } });
    const refusal = result as unknown as { error: string; extra: { params: { file: string } } };
    expect(refusal.error).toBe(`Could not save ${refusal.extra.params.file} to ${target}: ENOENT`);
    expect(temporaryArchives()).toEqual([]);
  });

  it('hands the bytes over without a Save dialog (a headless stand-in), as HTTP does', async () => {
    const result = await createIpcDispatcher(s.core)('backup.download', {});
    const file = (result as { value: FileResult }).value;
    expect(file.$file).toBe(true);
    const zip = await JSZip.loadAsync(file.data);
    expect(zip.file('manifest.json')).not.toBeNull();
    expect(temporaryArchives()).toEqual([]);
  });
});
