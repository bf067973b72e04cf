// Automatic backups: due daily or weekly into the chosen folder, keeping the newest N; settings validated;
// "save into the folder" now.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAutomaticBackupIfDue } from '../../src-main/modules/backup/lifecycle';
import { makeTestCore, tempDir, type TestCore } from '../helpers/core';

const cores: TestCore[] = [];
const dirs: string[] = [];
afterEach(() => {
  while (cores.length) cores.pop()!.cleanup();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

const DAY = 86_400_000;

describe('automatic backups', () => {
  it('writes one when due, keeps the newest N, and records the time', async () => {
    const core = makeTestCore();
    cores.push(core);
    const folder = tempDir('lectio-auto-');
    dirs.push(folder);
    core.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('German', 0)").run();
    await expect(core.dispatch('backup.saveSettings', { schedule: 'daily' })).rejects.toThrow(/Choose a folder/);
    await expect(core.dispatch('backup.saveSettings', { folder: 'relative/path' })).rejects.toThrow(/absolute path/);
    const saved = (await core.dispatch('backup.saveSettings', { schedule: 'daily', folder, keep: 2 })) as {
      schedule: string;
      keep: number;
      lastBackupAt: number | null;
    };
    expect(saved).toMatchObject({ schedule: 'daily', keep: 2, lastBackupAt: null });

    const written: string[] = [];
    for (let day = 0; day < 4; day++) {
      const file = await runAutomaticBackupIfDue(core.context());
      expect(file, `day ${day}`).not.toBeNull();
      written.push(path.basename(file!));
      // Not due again the same day.
      core.clock.advance(DAY / 2);
      expect(await runAutomaticBackupIfDue(core.context())).toBeNull();
      core.clock.advance(DAY / 2);
    }
    expect(fs.readdirSync(folder).sort()).toEqual(written.slice(-2));
    const settings = (await core.dispatch('backup.settings', {})) as { lastBackupAt: number };
    expect(settings.lastBackupAt).toBe(core.clock.now() - DAY);

    const now = (await core.dispatch('backup.saveNow', {})) as { file: string; size: number };
    expect(fs.existsSync(now.file)).toBe(true);
    expect(now.size).toBeGreaterThan(1000);
  });

  it('weekly waits a week; off writes nothing', async () => {
    const core = makeTestCore();
    cores.push(core);
    const folder = tempDir('lectio-auto-');
    dirs.push(folder);
    await core.dispatch('backup.saveSettings', { schedule: 'weekly', folder });
    expect(await runAutomaticBackupIfDue(core.context())).not.toBeNull();
    core.clock.advance(6 * DAY);
    expect(await runAutomaticBackupIfDue(core.context())).toBeNull();
    core.clock.advance(DAY);
    expect(await runAutomaticBackupIfDue(core.context())).not.toBeNull();
    await core.dispatch('backup.saveSettings', { schedule: 'off' });
    core.clock.advance(30 * DAY);
    expect(await runAutomaticBackupIfDue(core.context())).toBeNull();
    expect(fs.readdirSync(folder)).toHaveLength(2);
  });
});
