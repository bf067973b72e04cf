// The source files of src-main/modules (tests excluded), for the tests that read every module file (module state,
// timer escapes).
import fs from 'node:fs';
import path from 'node:path';

export const modulesDir = path.resolve(__dirname, '../../src-main/modules');

export function moduleFiles(dir = modulesDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}
