// Work that follows a write is a job (core/jobs.ts), run after the commit by the core's runner, and long work yields
// through core/slices.ts: no module escapes with its own setImmediate/setTimeout, which would keep a request's
// context across turns while a restore may swap the library (issue 45, docs/architecture.md "Background work").
// This test reads every module file and fails on a timer of its own, except the short list below, each with why.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleFiles, modulesDir } from '../helpers/module-files';

/** file under src-main/modules → why its timer is not an escape. Keep it short. */
const ALLOWED: Record<string, string> = {
  'feeds/scheduler.ts': "The feeds module's start job (Module.start): a timer armed by the core at start and cleared by core.close().",
  'backup/lifecycle.ts': "The automatic backups' start job (Module.start): armed by the core at start and cleared by core.close().",
  'dictionaries/import-job.ts': "Runs in the import worker thread, not the core: it sleeps between slices to let the core's writes in.",
};

const TIMER = /\bset(?:Immediate|Timeout|Interval)\s*\(|from 'node:timers(?:\/promises)?'|\bqueueMicrotask\s*\(/g;

describe('no timer escapes in modules', () => {
  it('finds no setImmediate/setTimeout outside the allowlist', () => {
    const found = moduleFiles().flatMap((abs) => {
      const file = path.relative(modulesDir, abs).split(path.sep).join('/');
      if (ALLOWED[file]) return [];
      const src = fs.readFileSync(abs, 'utf8');
      return [...src.matchAll(TIMER)].map((m) => `${file}: ${m[0]}`);
    });
    expect(found).toEqual([]);
  });

  it('allows only files that still have a timer (a stale entry is removed)', () => {
    for (const file of Object.keys(ALLOWED)) {
      const src = fs.readFileSync(path.join(modulesDir, file), 'utf8');
      expect(src.match(TIMER), file).not.toBeNull();
    }
  });
});
