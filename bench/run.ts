// `npm run bench`: runs every bench/*.bench.ts in turn; each prints one line per figure, `name: value unit`.
// Pass names to run a subset: `npm run bench -- dictionaries reading`. A suite that fails prints
// `<suite>_failed: 1 suite` and its error, and the next suite runs; the run exits 1 when any failed.
// `--quick` (or BENCH_QUICK=1): every suite once at small sizes, fewer repetitions and shorter waits (`sized(full,
// quick)` and benchQuick() in bench/helpers.ts), in under a minute on a quiet two-core machine: the same code paths,
// figure lines and checks as a full run, so a suite that would break there breaks here. Its figures are not
// comparable with a full run's. `npm test` runs it after the build (scripts/test.mjs), as one check; it writes only
// temp folders (removed), nothing under the repo. Each suite's wall and CPU time (this process and the servers and
// browsers it started) follow on stderr.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Report = (name: string, value: number, unit: string) => void;
export const report: Report = (name, value, unit) => {
  const shown = Number.isInteger(value) ? String(value) : value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toPrecision(3);
  console.log(`${name}: ${shown} ${unit}`);
};

const dir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--quick')) process.env.BENCH_QUICK = '1';
const wanted = args.filter((a) => a !== '--quick');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
const failed: string[] = [];
/** CPU seconds of this process and of the children it has waited for (serve processes, Chromium), from /proc. */
const cpuSeconds = (): number => {
  try {
    const fields = fs
      .readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
};
for (const f of files) {
  const suite = f.replace(/\.bench\.ts$/, '');
  const started = performance.now();
  const cpuAtStart = cpuSeconds();
  try {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { default: (r: Report) => Promise<void> | void };
    await mod.default(report);
  } catch (err) {
    failed.push(suite);
    console.log(`${suite.replace(/-/g, '_')}_failed: 1 suite`);
    console.error(`bench ${suite} failed:`, err instanceof Error ? (err.stack ?? err.message) : err);
  }
  if (process.env.BENCH_QUICK === '1')
    console.error(`bench ${suite}: ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${(cpuSeconds() - cpuAtStart).toFixed(1)} s)`);
}
if (failed.length) {
  console.error(`bench: ${failed.length} suite(s) failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
