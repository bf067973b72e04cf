// Issue 20: counts read "1 term", "24 terms deleted" — chosen with Intl.PluralRules (countOf, the catalogue's plural
// forms), never "term(s)" or a hand-made `n === 1 ? '' : 's'`. This scans the code that writes what the learner reads.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src-renderer', 'src-main/modules'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

// "term(s) " in text (a call such as `setData(s)` is code; http(s) is a scheme, not a count).
const PAREN_PLURAL = /\b(?!https?\()[a-z]{3,}\(s\)(\s[a-z]|['"`])/;
const HAND_PLURAL = /===\s*1\s*\?\s*(''|"")\s*:\s*['"]s['"]|!==\s*1\s*\?\s*['"]s['"]\s*:\s*(''|"")/;

describe('counts in plain words', () => {
  it('no "(s)" plurals and no hand-made 1-or-s plurals in screens and messages', () => {
    const found: string[] = [];
    for (const dir of SCANNED)
      for (const file of sourceFiles(path.join(ROOT, dir))) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (PAREN_PLURAL.test(line) || HAND_PLURAL.test(line)) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    expect(found).toEqual([]);
  });
});
