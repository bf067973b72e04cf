// The renderer's walls, read from its source with the TypeScript parser: a component keeps at most a few pieces
// of state (more is a state machine, which belongs in a hook beside the screen), and so does a hook (more is a
// model: a pure reducer beside it, held with one useModel/useReducer), a component or hook file past ~150 lines
// says in its header why it is one piece, files are chosen in one place (components/FileDrop.tsx), what the user
// asked for runs through one busy-and-error helper (lib/useAction.ts, lib/useUpload.ts for uploads), and no two
// features import each other, directly or round a longer loop.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RENDERER = path.join(ROOT, 'src-renderer');
const FEATURES = path.join(RENDERER, 'features');
const MAX_STATE_PER_COMPONENT = 8;
const MAX_COMPONENT_LINES = 150;
const LONG_BECAUSE = /^\/\/ Long because: \S/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const parse = (file: string, text = fs.readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const isFunctionLike = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n);

/** Calls that make a piece of state: a model held with useModel or useReducer counts once, like a useState. */
const STATE_HOOKS = new Set(['useState', 'useReducer', 'useModel']);

/**
 * Components (functions named with a capital), or with `hooks` the hooks (functions named use…), holding more than
 * the allowed number of pieces of state.
 */
function crowdedComponents(file: string, text?: string, hooks = false): string[] {
  const source = parse(file, text);
  const found: string[] = [];
  const nameOf = (fn: ts.FunctionLikeDeclaration): string | undefined => {
    if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
    if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
    return undefined;
  };
  const countState = (body: ts.Node): number => {
    let count = 0;
    const visit = (n: ts.Node) => {
      if (n !== body && isFunctionLike(n)) return; // a nested function is counted on its own
      if (ts.isCallExpression(n) && (hooks ? STATE_HOOKS.has(n.expression.getText()) : n.expression.getText() === 'useState')) count++;
      ts.forEachChild(n, visit);
    };
    visit(body);
    return count;
  };
  const visit = (n: ts.Node) => {
    if (isFunctionLike(n) && n.body) {
      const name = nameOf(n);
      const count = countState(n.body);
      if (name && (hooks ? /^use[A-Z]/ : /^[A-Z]/).test(name) && count > MAX_STATE_PER_COMPONENT)
        found.push(`${path.relative(ROOT, file)} ${name}: ${count} ${hooks ? 'pieces of state' : 'useState'}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** Every `<input type="file">` in a file, as "path:line". */
function fileInputs(file: string, text?: string): string[] {
  const source = parse(file, text);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(n) || ts.isJsxOpeningElement(n)) && n.tagName.getText() === 'input') {
      const type = n.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === 'type');
      if (type && ts.isJsxAttribute(type) && type.initializer && ts.isStringLiteral(type.initializer) && type.initializer.text === 'file')
        found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** A hook file: use<Name>.ts (the hooks beside the screens and in lib/). */
const isHookFile = (file: string) => /^use[A-Z]\w*\.ts$/.test(path.basename(file));

/** A .tsx (or hook) file past the line limit whose header (the comment lines before its first statement) gives no reason. */
function unexplainedLength(file: string, text = fs.readFileSync(file, 'utf8')): string | undefined {
  const lines = text.split('\n');
  const count = lines.length - (lines.at(-1) === '' ? 1 : 0); // as wc -l counts them
  if (count <= MAX_COMPONENT_LINES) return undefined;
  const header = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith('//')),
  );
  return header.some((l) => LONG_BECAUSE.test(l)) ? undefined : `${path.relative(ROOT, file)}: ${count} lines`;
}

/** Which features each feature imports (statically or with import()), from the module specifiers of its files. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of fs.readdirSync(FEATURES)) {
    const dir = path.join(FEATURES, feature);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of sourceFiles(dir)) {
      const visit = (n: ts.Node) => {
        const specifier =
          (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)
            ? n.moduleSpecifier.text
            : ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])
              ? n.arguments[0].text
              : undefined;
        if (specifier?.startsWith('.')) {
          const target = path.relative(FEATURES, path.resolve(path.dirname(file), specifier)).split(path.sep);
          if (target[0] !== '..' && target[0] !== feature) uses.add(target[0]);
        }
        ts.forEachChild(n, visit);
      };
      visit(parse(file));
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** The import loops of a graph, each once, as "a → b → a". */
function loops(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        // Name each loop from its smallest member so the same loop found from another start is not counted twice.
        const i = trail.indexOf([...trail].sort()[0]);
        const ring = [...trail.slice(i), ...trail.slice(0, i)];
        found.add([...ring, ring[0]].join(' → '));
      } else if (!trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const feature of graph.keys()) walk(feature, feature, [feature]);
  return [...found].sort();
}

/** `setBusy(true)`-style flags set by hand: such a screen has its own busy/error/double-submit rules. */
const HAND_SET_BUSY = /\bset(?:Busy|Saving|Loading|Working|Running)\(true\)/g;
/** The helpers themselves, and flags that are not "the user's action runs" (with why). */
const BUSY_FLAG_ALLOWED: Record<string, string> = {
  'src-renderer/lib/useAction.ts': 'the helper',
  'src-renderer/lib/useUpload.ts': 'the upload helper',
};

function handSetBusy(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (BUSY_FLAG_ALLOWED[rel]) return [];
  return [...text.matchAll(HAND_SET_BUSY)].map((m) => `${rel}:${text.slice(0, m.index).split('\n').length}`);
}

// Parsing every renderer file with TypeScript takes seconds on a busy machine: a structure check, not a timed one.
describe('the renderer keeps its shape', { timeout: 60_000 }, () => {
  const files = sourceFiles(RENDERER);

  it('reads the whole renderer', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it(`has no component with more than ${MAX_STATE_PER_COMPONENT} useState (a state machine lives in a hook beside its screen)`, () => {
    expect(files.filter((f) => f.endsWith('.tsx')).flatMap((f) => crowdedComponents(f))).toEqual([]);
  });

  it(`has no .tsx over ${MAX_COMPONENT_LINES} lines without a "// Long because: …" line in its header (split along a card, a row, a hook)`, () => {
    expect(files.filter((f) => f.endsWith('.tsx')).flatMap((f) => unexplainedLength(f) ?? [])).toEqual([]);
  });

  it(`has no hook with more than ${MAX_STATE_PER_COMPONENT} pieces of state (useState, useReducer, useModel: more is a model beside it)`, () => {
    const hookFiles = files.filter(isHookFile);
    expect(hookFiles.length).toBeGreaterThan(20);
    expect(hookFiles.flatMap((f) => crowdedComponents(f, undefined, true))).toEqual([]);
  });

  it(`has no use*.ts hook file over ${MAX_COMPONENT_LINES} lines without a "// Long because: …" line in its header (effects in the hook, state in a model)`, () => {
    expect(files.filter(isHookFile).flatMap((f) => unexplainedLength(f) ?? [])).toEqual([]);
  });

  it('chooses files in one place: the only <input type="file"> is inside components/FileDrop.tsx', () => {
    const inputs = files.filter((f) => f.endsWith('.tsx')).flatMap((f) => fileInputs(f));
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatch(/^src-renderer\/components\/FileDrop\.tsx:\d+$/);
  });

  it('runs what the user asked for through useAction / useUpload: no busy flag set by hand', () => {
    expect(files.flatMap((f) => handSetBusy(f))).toEqual([]);
    expect(handSetBusy(path.join(ROOT, 'probe.tsx'), 'const a = 1;\n  setBusy(true);\n')).toEqual(['probe.tsx:2']);
  });

  it('has no import loop between features', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(loops(graph)).toEqual([]);
  });

  it('would find a crowded component, a file input and a loop (the checks themselves work)', () => {
    const crowded = `export function Busy() { ${Array.from({ length: 9 }, (_, i) => `const [a${i}] = useState(0);`).join(' ')} return null; }
      export const Calm = () => { const [a] = useState(0); return <input type="file" />; };`;
    const found = crowdedComponents(path.join(ROOT, 'probe.tsx'), crowded);
    expect(found).toEqual(['probe.tsx Busy: 9 useState']);
    const hook = `export function useBusy() { ${Array.from({ length: 7 }, (_, i) => `const [a${i}] = useState(0);`).join(' ')} const [s] = useReducer(r, 0); const [m] = useModel(r, f); }
      export function useCalm() { const [a] = useState(0); const [s, dispatch, get] = useModel(reduce, init); }`;
    expect(crowdedComponents(path.join(ROOT, 'useProbe.ts'), hook, true)).toEqual(['useProbe.ts useBusy: 9 pieces of state']);
    expect(isHookFile(path.join(ROOT, 'useProbe.ts'))).toBe(true);
    expect(isHookFile(path.join(ROOT, 'userModel.ts'))).toBe(false);
    expect(isHookFile(path.join(ROOT, 'useProbe.test.ts'))).toBe(false);
    expect(fileInputs(path.join(ROOT, 'probe.tsx'), crowded)).toEqual(['probe.tsx:2']);
    const body = Array.from({ length: 151 }, (_, i) => `const a${i} = ${i};`).join('\n');
    expect(unexplainedLength(path.join(ROOT, 'long.tsx'), `// Runs in: renderer. A page.\n${body}\n`)).toBe('long.tsx: 152 lines');
    expect(unexplainedLength(path.join(ROOT, 'long.tsx'), `// Runs in: renderer. A page.\n// Long because: one table.\n${body}\n`)).toBeUndefined();
    expect(unexplainedLength(path.join(ROOT, 'long.tsx'), `// Runs in: renderer. A page.\nimport x from 'y';\n// Long because: too late.\n${body}\n`)).toBe(
      'long.tsx: 154 lines',
    );
    expect(unexplainedLength(path.join(ROOT, 'short.tsx'), `// Runs in: renderer.\n${body.split('\n').slice(0, 140).join('\n')}\n`)).toBeUndefined();
    expect(
      loops(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
          ['d', new Set(['a'])],
        ]),
      ),
    ).toEqual(['a → b → c → a']);
  });
});
