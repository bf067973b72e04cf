// Runs in: main (vitest). A parsed LWT backup crosses from the worker with its terms as JSON text in slices of
// PLAN_TERM_SLICE (issue 34): 100,000 cloned term objects took the main thread a second to deserialize in one block.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixture, hasFixtures } from '../../../tests/helpers/core';
import { parseLwtFile, PLAN_TERM_SLICE } from './parse-worker';

describe.skipIf(!hasFixtures)('parseLwtFile', () => {
  it('packs the terms as JSON slices and leaves the rest of the plan as it is', () => {
    const dump = zlib.gunzipSync(fs.readFileSync(fixture('migrate', 'lwt_demo_backup.sql.gz'))).toString('utf8');
    const extra = Array.from(
      { length: PLAN_TERM_SLICE + 10 },
      (_, i) =>
        `INSERT INTO words VALUES ('${100_000 + i}', '1', 'packmot${i}', 'packmot${i}', '1', 'translation', NULL, NULL, NULL, '1', '2020-01-01 12:00:00', '2020-01-01 12:00:00', '0', '0', '0.5');`,
    ).join('\n');
    const packed = parseLwtFile({ data: new Uint8Array(zlib.gzipSync(`${dump}\n${extra}\n`)) });
    expect(packed.plan.terms).toEqual([]);
    expect(packed.plan.languages.length).toBeGreaterThan(0);
    const slices = packed.termSlices.map((s) => JSON.parse(s) as { WoText: string }[]);
    expect(slices.every((s) => s.length <= PLAN_TERM_SLICE)).toBe(true);
    const texts = slices.flat().map((t) => t.WoText);
    expect(texts.filter((t) => t.startsWith('packmot'))).toHaveLength(PLAN_TERM_SLICE + 10);
    expect(slices.length).toBeGreaterThan(1);
  });
});
