// Issue 28: the Firefox build of the extension passes `web-ext lint` (Mozilla's addons-linter, what addons.mozilla.org
// runs on a submission): no error, no manifest warning. The only warnings allowed are the two innerHTML assignments
// inside Mozilla's own Readability, which works on a cloned document, never the page's.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webExt from 'web-ext';

const root = path.resolve(__dirname, '../..');

describe('the Firefox extension', { timeout: 120_000 }, () => {
  it('passes web-ext lint', async () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const result = await webExt.cmd.lint({ sourceDir: path.join(root, 'dist/extension/firefox'), output: 'json', boring: true }, { shouldExitProgram: false });
    expect(result.errors.map((e) => `${e.code} ${e.file ?? ''}: ${e.message}`)).toEqual([]);
    expect(result.warnings.filter((w) => !(w.code === 'UNSAFE_VAR_ASSIGNMENT' && w.file === 'content.js')).map((w) => `${w.code}: ${w.message}`)).toEqual([]);
  });
});
