// The library's coverage column and sort (issue 50), measured on the built server over real HTTP:
//   library_coverage_column_500_texts_ms — GET /api/v1/texts?sort=coverage (the first page of 50) of a library of 500
//                               texts of 1,000 words each (Zipf-distributed over 8,000 made-up words), 2,000 terms
//                               saved (a third of them known) and two known multi-word terms: every text's known
//                               share of running words computed and sorted, median of 7. Target < 200 ms.
//                               Each text's figure is kept between lists (texts/coverage-cache.ts): this is the list
//                               as the learner opens it again.
//   library_coverage_column_500_texts_cold_ms — the first such list: every figure computed (after a restart, or a
//                               known term deleted).
//   library_coverage_column_500_texts_cpu_ms — the server process's CPU time for one kept answer (median).
import { TestClient } from '../tests/helpers/core';
import { cpuMs, ms, now, percentile, sized } from './helpers';
import type { Report } from './run';
import { startServeProcess } from './serve-process';
import { wordOf, zipfBook } from './zipf';

const TEXTS = sized(500, 15);

export default async function (report: Report) {
  const server = await startServeProcess();
  try {
    const client = await new TestClient(server.url).init();
    const lang = (await client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body as { LgID: number };
    for (let i = 0; i < TEXTS; i++) {
      const res = await client.post('/api/v1/texts', { TxLgID: lang.LgID, TxTitle: `Text ${i}`, TxText: zipfBook(1000, 8000, 1000 + i) });
      if (res.status !== 200) throw new Error(`text create failed: ${res.text.slice(0, 200)}`);
    }
    // Statuses 1..5 in turn; the known multi-word terms join the two most frequent words.
    const rows = Array.from({ length: 2000 }, (_, i) => `${wordOf(i)}\t${(i % 5) + 1}`);
    rows.push(`${wordOf(0)} ${wordOf(1)}\t5`, `${wordOf(1)} ${wordOf(0)}\t99`);
    const imported = await client.upload(
      '/api/v1/terms/import',
      { name: 'terms.tsv', data: Buffer.from(`term\tstatus\n${rows.join('\n')}\n`) },
      { language_id: String(lang.LgID) },
    );
    if (imported.status !== 200) throw new Error(`terms import failed: ${imported.text.slice(0, 200)}`);
    const samples: number[] = [];
    const cpu: number[] = [];
    let body: { total: number; items: { coverage: { known_pct: number } }[] } | undefined;
    for (let i = 0; i < sized(8, 3); i++) {
      const c = cpuMs(server.child.pid!);
      const t = now();
      const res = await client.get(`/api/v1/texts?sort=coverage&perPage=50&language=${lang.LgID}`);
      const took = ms(t);
      if (res.status !== 200) throw new Error(`list failed: ${res.text.slice(0, 200)}`);
      body = res.body;
      if (i === 0) report('library_coverage_column_500_texts_cold_ms', Math.round(took), 'ms');
      else {
        samples.push(took);
        cpu.push(cpuMs(server.child.pid!) - c);
      }
    }
    if (!body || body.total !== TEXTS || body.items.length !== Math.min(50, TEXTS) || !(body.items[0].coverage.known_pct > 0))
      throw new Error(`unexpected list: ${JSON.stringify(body).slice(0, 300)}`);
    report('library_coverage_column_500_texts_ms', Math.round(percentile(samples, 50)), 'ms');
    report('library_coverage_column_500_texts_cpu_ms', Math.round(percentile(cpu, 50)), 'ms');
  } finally {
    await server.stop();
  }
}
