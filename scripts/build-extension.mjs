// Builds the browser extension (src-extension/, issue 28) into dist/extension/chromium/ and dist/extension/firefox/:
// the same bundles, two manifests. `--zip` also writes dist/extension/lectio-{chromium,firefox}-<version>.zip
// (npm run dist:extension). Also a bench build, dist/extension/bench/chromium/ (the content script puts its timing
// figures on <html>: __LECTIO_BENCH__), loaded by bench/extension.bench.ts and the e2e tests that read the figures;
// the production builds carry none (tests/unit/extension-build.test.ts). Called by scripts/build.mjs when
// src-extension or src-shared changed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { manifest } from '../src-extension/manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/extension');
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;

/**
 * The contract's routes (name → method and path): all the extension's client needs at run time of the contract. The
 * extension's types come from the contract itself (tsc); its bundle gets this table instead of the contract's zod
 * schemas (the background's bundle: ~30 kB instead of ~870 kB).
 */
async function contractRoutes() {
  const tmp = path.join(out, `.contract-${process.pid}.mjs`);
  fs.mkdirSync(out, { recursive: true });
  await esbuild({
    absWorkingDir: root,
    entryPoints: ['src-shared/contract/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: tmp,
    logLevel: 'warning',
  });
  try {
    const { contract } = await import(pathToFileURL(tmp).href);
    return Object.fromEntries(Object.entries(contract).flatMap(([name, spec]) => (spec.path ? [[name, { method: spec.method, path: spec.path }]] : [])));
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Resolves the extension's imports of src-shared/contract to the routes table. */
const routesOnly = (routes) => ({
  name: 'contract-routes',
  setup(b) {
    b.onResolve({ filter: /\/src-shared\/contract$/ }, (args) =>
      args.importer.includes(`${path.sep}src-extension${path.sep}`) ? { path: 'contract-routes', namespace: 'contract-routes' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'contract-routes' }, () => ({ contents: `export const contract = ${JSON.stringify(routes)};`, loader: 'js' }));
  },
});

/** Bundles the three entry points into `dir`; `bench` keeps the content script's timing figures. */
async function bundle(dir, bench, routes) {
  await esbuild({
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    target: ['chrome120', 'firefox121'],
    platform: 'browser',
    sourcemap: false,
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    entryPoints: { background: 'src-extension/background.ts', content: 'src-extension/content/index.ts', popup: 'src-extension/popup/popup.ts' },
    // A constant, so esbuild drops the bench's code (and its attribute names) from the production bundles.
    define: { __LECTIO_BENCH__: bench ? 'true' : 'false' },
    // Syntax only (names and layout stay readable): it is what drops the dead `if (false)` branches.
    minifySyntax: true,
    outdir: dir,
    plugins: [routesOnly(routes)],
  });
}

/** The unpacked extension for `target` in `dir`: the bundles, the popup's page and style, the manifest. */
function writeTarget(dir, bundles, target) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const f of ['background.js', 'content.js', 'popup.js']) fs.copyFileSync(path.join(bundles, f), path.join(dir, f));
  for (const f of ['popup.html', 'popup.css']) fs.copyFileSync(path.join(root, 'src-extension/popup', f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest(target, version), null, 2) + '\n');
}

export async function buildExtension({ zip = false } = {}) {
  const bundles = path.join(out, 'bundles');
  const benchBundles = path.join(out, 'bench-bundles');
  const routes = await contractRoutes();
  await Promise.all([bundle(bundles, false, routes), bundle(benchBundles, true, routes)]);
  for (const target of ['chromium', 'firefox']) writeTarget(path.join(out, target), bundles, target);
  writeTarget(path.join(out, 'bench/chromium'), benchBundles, 'chromium');
  fs.rmSync(bundles, { recursive: true, force: true });
  fs.rmSync(benchBundles, { recursive: true, force: true });
  if (zip) {
    const { default: JSZip } = await import('jszip');
    for (const target of ['chromium', 'firefox']) {
      const z = new JSZip();
      const dir = path.join(out, target);
      for (const f of fs.readdirSync(dir)) z.file(f, fs.readFileSync(path.join(dir, f)));
      const file = path.join(out, `lectio-${target}-${version}.zip`);
      fs.writeFileSync(file, await z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
      console.log(`Wrote ${path.relative(root, file)}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildExtension({ zip: process.argv.includes('--zip') });
}
