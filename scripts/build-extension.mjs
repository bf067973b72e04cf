// Builds the browser extension (src-extension/, issue 28) into dist/extension/chromium/ and dist/extension/firefox/:
// the same bundles, two manifests. `--zip` also writes dist/extension/lectio-{chromium,firefox}-<version>.zip
// (npm run dist:extension). Called by scripts/build.mjs when src-extension or src-shared changed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { manifest } from '../src-extension/manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/extension');
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;

export async function buildExtension({ zip = false } = {}) {
  const bundles = path.join(out, 'bundles');
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
    outdir: bundles,
  });
  for (const target of ['chromium', 'firefox']) {
    const dir = path.join(out, target);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const f of ['background.js', 'content.js', 'popup.js']) fs.copyFileSync(path.join(bundles, f), path.join(dir, f));
    for (const f of ['popup.html', 'popup.css']) fs.copyFileSync(path.join(root, 'src-extension/popup', f), path.join(dir, f));
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest(target, version), null, 2) + '\n');
  }
  fs.rmSync(bundles, { recursive: true, force: true });
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
