// `npm run bench`: runs every bench/*.bench.ts in turn; each prints one line per figure, `name: value unit`.
// Pass names to run a subset: `npm run bench -- dictionaries reading`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Report = (name: string, value: number, unit: string) => void;
export const report: Report = (name, value, unit) => {
  const shown = Number.isInteger(value) ? String(value) : value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toPrecision(3);
  console.log(`${name}: ${shown} ${unit}`);
};

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
for (const f of files) {
  const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { default: (r: Report) => Promise<void> | void };
  await mod.default(report);
}
