// Large imports never stall the server (issue 34 items 2 and 9), on the built server (dist/main/serve.js) over real
// HTTP, each import's file made here:
//   server_p99_during_dictionary_import_ms — a 300,000-entry TSV dictionary uploaded into a new local dictionary.
//   server_p99_during_term_import_ms       — a 100,000-row term CSV imported into a language.
//   server_p99_during_lwt_move_100k_terms_ms — the LWT demo backup (../shared/fixtures/migrate) with 100,000 more
//                                            terms moved in.
// Each with its longest single wait, and the import's own time. p99 of GET /api/v1/version asked every 10 ms while
// the import runs; target < 50 ms.
import { hasFixtures, TestClient } from '../tests/helpers/core';
import { lwtBackupWithTerms } from '../tests/helpers/lwt-dump';
import { ms, now, sized } from './helpers';
import { longest, p99, pollVersion } from './loop-probe';
import type { Report } from './run';
import { startServeProcess } from './serve-process';

const DICTIONARY_ENTRIES = sized(300_000, 5_000);
const TERM_ROWS = sized(100_000, 2_000);
const LWT_TERMS = sized(100_000, 2_000);

async function during<T>(url: string, work: () => Promise<T>): Promise<{ result: T; samples: number[]; took: number }> {
  const probe = await pollVersion(url);
  const t = now();
  try {
    const result = await work();
    return { result, took: ms(t), samples: await probe.stop() };
  } catch (err) {
    await probe.stop();
    throw err;
  }
}

export default async function (report: Report) {
  const server = await startServeProcess({});
  try {
    const client = await new TestClient(server.url).init();
    const lang = await client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });
    if (lang.status !== 200) throw new Error(`language: ${lang.status} ${lang.text.slice(0, 200)}`);
    const languageId = lang.body.LgID as number;

    const tsv = ['term\tdefinition'];
    for (let i = 0; i < DICTIONARY_ENTRIES; i++) tsv.push(`wort${i}\tdefinition number ${i}, a short gloss`);
    const dict = await during(server.url, () =>
      client.upload(
        '/api/v1/local-dictionaries/upload',
        { name: 'big.tsv', data: new Uint8Array(Buffer.from(tsv.join('\n'))) },
        { language_id: String(languageId) },
      ),
    );
    if (dict.result.status !== 200) throw new Error(`dictionary import: ${dict.result.status} ${dict.result.text.slice(0, 200)}`);
    report('dictionary_import_300k_ms', Math.round(dict.took), 'ms');
    report('server_p99_during_dictionary_import_ms', p99(dict.samples), 'ms');
    report('server_longest_wait_during_dictionary_import_ms', longest(dict.samples), 'ms');

    const csv = ['term,translation,status,tags'];
    for (let i = 0; i < TERM_ROWS; i++) csv.push(`begriff${i},word number ${i},${(i % 5) + 1},tag${i % 20}`);
    const terms = await during(server.url, () =>
      client.upload('/api/v1/terms/import', { name: 'terms.csv', data: new Uint8Array(Buffer.from(csv.join('\n'))) }, { language_id: String(languageId) }),
    );
    if (terms.result.status !== 200 || terms.result.body.created !== TERM_ROWS) {
      throw new Error(`term import: ${terms.result.status} ${terms.result.text.slice(0, 200)}`);
    }
    report('term_import_100k_ms', Math.round(terms.took), 'ms');
    report('server_p99_during_term_import_ms', p99(terms.samples), 'ms');
    report('server_longest_wait_during_term_import_ms', longest(terms.samples), 'ms');

    if (hasFixtures) {
      const backup = lwtBackupWithTerms(LWT_TERMS, 'benchmot');
      const move = await during(server.url, () => client.upload('/api/v1/import/lwt', { name: 'lwt_backup.sql.gz', data: backup }));
      if (move.result.status !== 200 || move.result.body.created.terms < LWT_TERMS) {
        throw new Error(`LWT move-in: ${move.result.status} ${move.result.text.slice(0, 300)}`);
      }
      report('lwt_move_100k_terms_ms', Math.round(move.took), 'ms');
      report('server_p99_during_lwt_move_100k_terms_ms', p99(move.samples), 'ms');
      report('server_longest_wait_during_lwt_move_100k_terms_ms', longest(move.samples), 'ms');
    }
  } finally {
    await server.stop();
  }
}
