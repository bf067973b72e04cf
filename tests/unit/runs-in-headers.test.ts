// The "Runs in:" header that opens each src-main file says the one thing the folder does not: whether the file
// is loaded in a worker thread. Every file a worker entry imports (statically or through a task's dynamic import)
// says "worker"; a file that says only "main" is never loaded by a worker, and a file that names a worker is.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER_ENTRY = path.join(root, 'src-main/workers/entry.ts');

/** Relative module specifiers a file loads at run time (type-only imports load nothing). */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) found.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every src-main file a worker thread loads, from its entry through the task table's imports. */
function workerLoadedFiles(): Set<string> {
  const seen = new Set<string>();
  const queue = [WORKER_ENTRY];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
      const target = resolveModule(file, specifier);
      if (target && target.endsWith('.ts')) queue.push(target);
    }
  }
  return new Set([...seen].filter((f) => f.startsWith(path.join(root, 'src-main') + path.sep)));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const header = (file: string) => /^\/\/ Runs in: ([^.]*)/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? null;

describe('"Runs in:" headers of src-main', () => {
  const inWorker = workerLoadedFiles();
  const files = sourceFiles(path.join(root, 'src-main'));

  it('finds the worker tasks (the walk follows the task table)', () => {
    const rel = [...inWorker].map((f) => path.relative(root, f));
    expect(rel).toContain('src-main/workers/tasks.ts');
    expect(rel).toContain('src-main/modules/books/parse-task.ts');
  });

  it('every file opens with one', () => {
    expect(files.filter((f) => header(f) === null).map((f) => path.relative(root, f))).toEqual([]);
  });

  it('a file a worker loads says so', () => {
    expect(files.filter((f) => inWorker.has(f) && !/worker/i.test(header(f) ?? '')).map((f) => path.relative(root, f))).toEqual([]);
  });

  it('a file that names a worker is loaded by one', () => {
    expect(files.filter((f) => !inWorker.has(f) && /worker/i.test(header(f) ?? '')).map((f) => path.relative(root, f))).toEqual([]);
  });
});
