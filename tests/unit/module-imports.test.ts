// The module walls of docs/architecture.md, read from the source: the import graph of src-main/modules has no
// loop between modules, and a module reaches another only through its index.ts (the lint rule in
// eslint.config.js says the second too, file by file; this test also sees the graph as a whole).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MODULES = path.resolve(__dirname, '../../src-main/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The module a file belongs to (its first folder under src-main/modules), or null for the assembly (modules/index.ts). */
function moduleOf(file: string): string | null {
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

interface ModuleImport {
  file: string;
  from: string | null;
  to: string;
  specifier: string;
  /** Through the module's front door: `../<module>` or `../<module>/index`. */
  front: boolean;
}

/** Every import, export-from and dynamic import of a file (the compiler's own pre-processor: multi-line imports and `import type` included). */
function importsOf(file: string, source = fs.readFileSync(file, 'utf8')): ModuleImport[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const out: ModuleImport[] = [];
  for (const { fileName: specifier } of importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const rel = path.relative(MODULES, target);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const parts = rel.split(path.sep);
    const to = parts[0];
    const from = moduleOf(file);
    if (parts.length === 1 && !fs.existsSync(path.join(MODULES, to))) continue; // modules/index.ts itself
    if (to === from) continue;
    out.push({ file: path.relative(MODULES, file), from, to, specifier, front: parts.length === 1 || (parts.length === 2 && parts[1] === 'index') });
  }
  return out;
}

/** Loops of the module graph: each strongly connected component of two or more modules (Tarjan), plus self-edges. */
function loops(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

const imports = sourceFiles(MODULES).flatMap((file) => importsOf(file));

describe('module imports', () => {
  it('reads a graph worth checking', () => {
    // A parser that found nothing would pass both tests below.
    expect(imports.filter((i) => i.from === 'reader').map((i) => i.to)).toEqual(expect.arrayContaining(['terms', 'texts', 'analysis']));
  });

  it('reaches another module only through its index.ts', () => {
    const deep = imports.filter((i) => !i.front).map((i) => `${i.file} imports '${i.specifier}'`);
    expect(deep).toEqual([]);
  });

  it('has no loop between modules', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports) {
      if (i.from === null) continue;
      if (!edges.has(i.from)) edges.set(i.from, new Set());
      edges.get(i.from)!.add(i.to);
    }
    const described = loops(edges).map((component) => {
      const inside = imports.filter((i) => i.from !== null && component.includes(i.from) && component.includes(i.to));
      return `${component.join(' ↔ ')}: ${[...new Set(inside.map((i) => `${i.file} → ${i.to}`))].join(', ')}`;
    });
    expect(described).toEqual([]);
  });

  it('finds a loop and a deep import when there is one', () => {
    expect(
      loops(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
          ['d', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    const [deepImport] = importsOf(path.join(MODULES, 'reader', 'probe.ts'), "import {\n  getTerm,\n} from '../terms/service';\n");
    expect(deepImport).toMatchObject({ from: 'reader', to: 'terms', front: false });
  });
});
