// electron-builder.yml is checked against electron-builder's own JSON schema (we cannot run it here),
// and the renderer has a screen for every page route the server answers.
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../src-shared/contract/pages';
import { ROUTES } from '../../src-renderer/app/routes';

const root = process.cwd();

describe('packaging', () => {
  it("electron-builder.yml matches electron-builder's schema and our needs", () => {
    const config = loadYaml(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    const valid = ajv.validate(schema, config);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors)).toEqual([]);
    expect(valid).toBe(true);
    expect(config.win.target[0].target).toBe('nsis');
    expect(config.mac.target[0].target).toBe('dmg');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*');
    // Worker threads (parsers of untrusted files) cannot start a script from inside the asar archive.
    expect(config.asarUnpack).toContain('dist/main/worker.cjs');
    expect(config.npmRebuild).toBe(true);
    expect(config.extraMetadata.main).toBe('dist/main/electron-main.cjs');
    expect(config.files).toEqual(expect.arrayContaining(['dist/**/*', 'migrations/**/*', 'resources/**/*']));
    // Compiling electron-builder's schema takes seconds on a busy machine.
  }, 30_000);

  it('has a renderer route for every page route', () => {
    const patterns = new Set(ROUTES.map((r) => r.pattern));
    for (const p of PAGE_ROUTES) expect(patterns.has(p), p).toBe(true);
  });
});
