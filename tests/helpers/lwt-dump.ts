// The LWT demo backup (../shared/fixtures/migrate) with many more terms: for the move-in tests and benches of a
// large library.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture } from './core';

/** The LWT demo dump with `extra` more French terms (`{prefix}1`, `{prefix}2`, …), one INSERT each as LWT writes them. */
export function lwtBackupWithTerms(extra: number, prefix: string): Uint8Array {
  const dump = zlib.gunzipSync(fs.readFileSync(fixture('migrate', 'lwt_demo_backup.sql.gz'))).toString('utf8');
  const rows: string[] = [];
  for (let i = 1; i <= extra; i++) {
    rows.push(
      `INSERT INTO words\nVALUES\n  (\n    '${100_000 + i}', '1', '${prefix}${i}', '${prefix}${i}', '${1 + (i % 5)}', 'translation ${i}',\n` +
        `    NULL, 'Une phrase avec {${prefix}${i}}.', NULL, '1', '2020-01-01 12:00:00',\n    '2020-01-02 12:00:00', '0', '0', '0.5'\n  );`,
    );
  }
  return new Uint8Array(zlib.gzipSync(`${dump}\n${rows.join('\n')}\n`));
}
