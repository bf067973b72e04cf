// `npm test`: typecheck, lint, format check, unit and API suites, the build, the quick bench and the e2e suite; ends
// with one plain line `N passed, N failed` summing every suite (what CI reads). Without Chromium the quick bench and
// the e2e suite are skipped, loudly (both need the build, and four bench suites drive Chromium too).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function run(label, cmd, args, opts = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...opts.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ label, status: r.status, seconds });
  return r.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

/** Runs checks side by side (each is one process that mostly uses one core), printing each one's output as a block
 * when it ends, so the log reads as if they had run one after another. */
function runTogether(checks) {
  return Promise.all(
    checks.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n━━ ${label} ━━`);
            if (output) process.stdout.write(output.endsWith('\n') ? output : output + '\n');
            results.push({ label, status, seconds });
            resolve(status === 0);
          });
        }),
    ),
  );
}

// Typecheck, lint and the format check (Prettier, .prettierrc.json) count as one check each. They run together:
// on a two-core machine that saves about a minute of CI.
for (const ok of await runTogether([
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['--max-warnings=0', '.']],
  ['format:check', bin('prettier'), ['--check', '--log-level', 'warn', 'src-main', 'src-renderer', 'src-shared', 'src-extension', 'tests', 'bench', 'scripts']],
])) {
  if (ok) passed++;
  else failed++;
}

// Vitest: unit + api projects, counted from its JSON report.
const vitestReport = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(vitestReport, { force: true });
const vitestOk = run('unit + api (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const v = readJson(vitestReport);
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (vitestOk || v.numFailedTests ? 0 : 1);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else if (!vitestOk) failed++;

// The quick bench and e2e: both against the built app (dist/, built once for both), only where Chromium exists.
const chromium = process.env.LECTIO_CHROMIUM ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.log('\n' + '!'.repeat(78));
  console.log(`!! QUICK BENCH AND E2E SUITE SKIPPED: Chromium not found at ${chromium}.`);
  console.log("!! Install Debian's chromium (apt-get install chromium) or set LECTIO_CHROMIUM; .ci/run does this.");
  console.log('!'.repeat(78));
} else if (!run('build', process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--quiet'])) {
  failed++;
} else {
  // Every bench suite once at small sizes (bench/run.ts --quick, under a minute), so a broken bench fails the build:
  // one check, like typecheck. Its figures are printed but not compared; it writes nothing under the repo.
  if (run('bench (quick)', bin('tsx'), [path.join(root, 'bench', 'run.ts'), '--quick'], { env: { BENCH_QUICK: '1' } })) passed++;
  else failed++;
  const e2eReport = path.join(root, 'test-results', 'e2e-report.json');
  fs.rmSync(e2eReport, { force: true });
  const e2eOk = run('e2e (playwright)', bin('playwright'), ['test']);
  const e = readJson(e2eReport);
  if (e?.stats) {
    passed += e.stats.expected ?? 0;
    failed += (e.stats.unexpected ?? 0) + (e.stats.flaky ?? 0);
    skipped += e.stats.skipped ?? 0;
    if (!e2eOk && !e.stats.unexpected) failed++;
  } else if (!e2eOk) failed++;
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds} s)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
