// Issue 28: the Firefox build of the extension passes `web-ext lint` (Mozilla's addons-linter, what addons.mozilla.org
// runs on a submission): no error, no manifest warning. The only warnings allowed are the two innerHTML assignments
// inside Mozilla's own Readability, which works on a cloned document, never the page's. Issue 45: the production
// builds carry no bench figures (only dist/extension/bench/ does) and no contract schemas (its routes only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import webExt from 'web-ext';

const root = path.resolve(__dirname, '../..');
const bundle = (build: string, file: string) => fs.readFileSync(path.join(root, 'dist/extension', build, file), 'utf8');

describe('the Firefox extension', { timeout: 120_000 }, () => {
  beforeAll(() => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  }, 120_000);

  it('passes web-ext lint', async () => {
    const result = await webExt.cmd.lint({ sourceDir: path.join(root, 'dist/extension/firefox'), output: 'json', boring: true }, { shouldExitProgram: false });
    expect(result.errors.map((e) => `${e.code} ${e.file ?? ''}: ${e.message}`)).toEqual([]);
    expect(result.warnings.filter((w) => !(w.code === 'UNSAFE_VAR_ASSIGNMENT' && w.file === 'content.js')).map((w) => `${w.code}: ${w.message}`)).toEqual([]);
  });

  it('production builds carry no bench figures and no contract schemas; the bench build has its figures', () => {
    for (const build of ['chromium', 'firefox'])
      for (const file of ['background.js', 'content.js', 'popup.js']) {
        const js = bundle(build, file);
        expect(js, `${build}/${file}`).not.toContain('data-lectio-');
        // The client's routes table, not zod: the background calls endpoints by name with their method and path.
        expect(js, `${build}/${file}`).not.toMatch(/\bZodError\b|\$ZodType/);
      }
    expect(bundle('chromium', 'background.js')).toContain('"reader.quickTerm": { method: "POST", path: "/api/v1/terms/quick" }');
    const bench = bundle('bench/chromium', 'content.js');
    for (const figure of ['data-lectio-annotate-ms', 'data-lectio-annotate-first-ms', 'data-lectio-recolour-ms', 'data-lectio-save-ms'])
      expect(bench).toContain(figure);
  });
});
