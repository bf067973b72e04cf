// Runs in: main and worker threads. Finds the app's own folders (migrations/, resources/, dist/renderer) from source and from a bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/** The folder holding package.json: the repo root in development, the app folder when packaged. */
export function appRoot(): string {
  if (cachedRoot) return cachedRoot;
  if (process.env.LECTIO_APP_ROOT) return (cachedRoot = process.env.LECTIO_APP_ROOT);
  // CJS bundles (Electron main) have __dirname; ESM bundles and sources have import.meta.url.
  let dir = typeof __dirname !== 'undefined' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'migrations'))) return (cachedRoot = dir);
    const parent = path.dirname(dir);
    if (parent === dir) return (cachedRoot = process.cwd());
    dir = parent;
  }
}

export const migrationsDir = () => path.join(appRoot(), 'migrations');
export const resourcesDir = () => path.join(appRoot(), 'resources');
export const rendererDir = () => path.join(appRoot(), 'dist', 'renderer');
