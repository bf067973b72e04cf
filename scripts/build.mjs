// Builds what is out of date: the main-process bundles (esbuild) and the renderer (vite).
// `--quiet` prints nothing when all is fresh; `--force` rebuilds everything.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');
const log = (m) => !quiet && console.log(m);

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (path.basename(p) === 'node_modules') return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}
const mtime = (p) => {
  try {
    return fs.statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
};

const mainInputs = ['src-main', 'src-shared', 'resources', 'package.json'];
const mainOutputs = ['dist/main/serve.js', 'dist/main/electron-main.cjs', 'dist/main/preload.cjs', 'dist/main/worker.cjs'];
const rendererInputs = ['src-renderer', 'src-shared', 'vite.config.ts', 'package.json'];

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, packages: 'external', logLevel: 'warning', absWorkingDir: root };

if (force || Math.min(...mainOutputs.map(mtime)) < newestMtime(mainInputs)) {
  log('Building main process…');
  // Split: a module the core imports dynamically (feed extraction, archive readers, package writing) is its own
  // chunk, and the packages it needs load when it is first used, not at start (ESM hoists a bundle's imports).
  for (const f of fs.existsSync(path.join(root, 'dist/main')) ? fs.readdirSync(path.join(root, 'dist/main')) : []) {
    if (/^chunk-.*\.js(\.map)?$/.test(f)) fs.rmSync(path.join(root, 'dist/main', f));
  }
  await esbuild({ ...common, entryPoints: ['src-main/serve.ts'], outdir: 'dist/main', splitting: true, chunkNames: 'chunk-[hash]', format: 'esm' });
  // Parsers of untrusted files run in worker threads (src-main/core/worker.ts) from this bundle.
  // CommonJS, so each task's packages load only when that task runs (ESM would hoist every import to the top,
  // and a worker would load every parser's dependencies before starting: seconds on a busy machine).
  await esbuild({
    ...common,
    entryPoints: ['src-main/workers/entry.ts'],
    outfile: 'dist/main/worker.cjs',
    format: 'cjs',
    logOverride: { 'empty-import-meta': 'silent' },
  });
  await esbuild({
    ...common,
    entryPoints: ['src-main/electron/main.ts'],
    outfile: 'dist/main/electron-main.cjs',
    format: 'cjs',
    external: ['electron', 'electron-updater'],
    logOverride: { 'empty-import-meta': 'silent' },
  });
  await esbuild({
    ...common,
    entryPoints: ['src-main/electron/preload.ts'],
    outfile: 'dist/main/preload.cjs',
    format: 'cjs',
    external: ['electron', 'electron-updater'],
    logOverride: { 'empty-import-meta': 'silent' },
  });
}

if (force || mtime('dist/renderer/index.html') < newestMtime(rendererInputs)) {
  log('Building renderer…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: quiet ? 'error' : 'info' });
}

// The browser extension (issue 28): src-extension/ and what it reuses, into dist/extension/{chromium,firefox}/.
const extensionInputs = ['src-extension', 'src-shared', 'scripts/build-extension.mjs', 'package.json'];
if (force || mtime('dist/extension/chromium/manifest.json') < newestMtime(extensionInputs)) {
  log('Building browser extension…');
  const { buildExtension } = await import('./build-extension.mjs');
  await buildExtension();
}
