// Picked files (Electron, by path): registration rules, expiry, limits, and what a token becomes for each kind of
// endpoint (a temporary copy for streamed uploads, bytes otherwise), with the copies removed by cleanup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadedTempFile } from '../../src-shared/contract/endpoint';
import { PickedFiles } from './picked-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-picked-unit-'));
const tmp = path.join(dir, 'tmp');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'clip.wav');
fs.writeFileSync(file, Buffer.alloc(4096, 7));

describe('PickedFiles', () => {
  it('registers absolute paths of regular files only', () => {
    const picked = new PickedFiles();
    expect(picked.register(file)).toMatch(/^[0-9a-f]{32}$/);
    expect(picked.register('clip.wav')).toBeNull();
    expect(picked.register(dir)).toBeNull();
    expect(picked.register(path.join(dir, 'missing.wav'))).toBeNull();
    expect(picked.register(42)).toBeNull();
  });

  it('gives a streamed-upload endpoint a temporary copy, removed by cleanup; the original stays', async () => {
    const picked = new PickedFiles();
    const token = picked.register(file)!;
    const { input, cleanup } = await picked.resolve(
      { file: { $pickedFile: token, mimeType: 'audio/wav' }, language: 'en' },
      { upload: { toDisk: true, maxBytes: 1 << 20 } },
      tmp,
    );
    const upload = (input as { file: UploadedTempFile }).file;
    expect(upload).toBeInstanceOf(UploadedTempFile);
    expect(upload).toMatchObject({ filename: 'clip.wav', mimeType: 'audio/wav', size: 4096 });
    expect(path.dirname(upload.path)).toBe(tmp);
    expect(fs.readFileSync(upload.path)).toEqual(fs.readFileSync(file));
    expect((input as { language: string }).language).toBe('en');
    await cleanup();
    expect(fs.existsSync(upload.path)).toBe(false);
    expect(fs.statSync(file).size).toBe(4096);
  });

  it('gives other endpoints the bytes; refuses a file over the limit and an unknown or expired token', async () => {
    let now = 1_000_000;
    const picked = new PickedFiles(() => now);
    const token = picked.register(file)!;
    const bytes = await picked.resolve({ file: { $pickedFile: token } }, {}, tmp);
    expect((bytes.input as { file: { data: Uint8Array; filename: string } }).file).toMatchObject({ filename: 'clip.wav' });
    expect((bytes.input as { file: { data: Uint8Array } }).file.data.length).toBe(4096);
    await expect(picked.resolve({ file: { $pickedFile: token } }, { upload: { toDisk: true, maxBytes: 1000 } }, tmp)).rejects.toMatchObject({
      status: 413,
      message: 'Uploaded file too large (limit 0 MB)',
    });
    await expect(picked.resolve({ file: { $pickedFile: 'nope' } }, {}, tmp)).rejects.toMatchObject({ status: 400 });
    now += 2 * 60 * 60 * 1000;
    await expect(picked.resolve({ file: { $pickedFile: token } }, {}, tmp)).rejects.toThrow('The chosen file is no longer available: choose it again');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });

  it('leaves inputs without tokens as they are', async () => {
    const picked = new PickedFiles();
    const input = { a: 1, file: { filename: 'x.txt', data: new Uint8Array([1]) } };
    expect((await picked.resolve(input, undefined, tmp)).input).toEqual(input);
    expect((await picked.resolve(null, undefined, tmp)).input).toBeNull();
  });
});
