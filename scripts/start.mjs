// `npm start`: builds what is out of date, then launches the Electron app. When Electron cannot start
// (no binary installed, no display), it says why in one line and runs serve mode instead.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function electronBinary() {
  const pkg = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!fs.existsSync(pathFile)) return { error: 'the Electron binary is not installed (node_modules/electron has no downloaded build)' };
  const bin = path.join(pkg, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  if (!fs.existsSync(bin)) return { error: `the Electron binary is missing at ${bin}` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { error: 'there is no display (DISPLAY/WAYLAND_DISPLAY unset)' };
  return { bin };
}

function serve(reason) {
  console.log(`Electron cannot start here (${reason}); running Lectio in serve mode instead.`);
  const child = spawn(process.execPath, [path.join(root, 'dist', 'main', 'serve.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const found = electronBinary();
if (found.error) serve(found.error);
else {
  const started = Date.now();
  const child = spawn(found.bin, [path.join(root, 'dist', 'main', 'electron-main.cjs')], { stdio: 'inherit' });
  child.on('error', (err) => serve(err.message));
  child.on('exit', (code) => {
    // A crash within seconds of launch means Electron itself could not run; fall back.
    if (code !== 0 && Date.now() - started < 5000) serve(`Electron exited with code ${code} at launch`);
    else process.exit(code ?? 0);
  });
}
