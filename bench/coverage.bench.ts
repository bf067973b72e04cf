// Coverage (issue 50), measured on the built server over real HTTP:
//   coverage_list_100k_word_book_ms — GET /api/v1/books/{id}/coverage of a 100,000-word book (Zipf-distributed
//                               vocabulary of 12,000 made-up words, like a novel's), 1,000 of its words saved as
//                               terms and a local dictionary of 5,000 entries: the known share, N95, N98 and the
//                               first 100 words with first sentences and translations, median of 7. Target < 300 ms.
//   coverage_list_100k_word_book_cpu_ms — the server process's CPU time for one such answer (median): what a loaded
//                               machine inflates least.
import { TestClient } from '../tests/helpers/core';
import { cpuMs, ms, now, percentile, sized } from './helpers';
import type { Report } from './run';
import { startServeProcess } from './serve-process';
import { wordOf, zipfBook } from './zipf';

/** The book's words (a fifth in a quick run). */
const BOOK_WORDS = sized(100_000, 20_000);

export default async function (report: Report) {
  const server = await startServeProcess();
  try {
    const client = await new TestClient(server.url).init();
    const lang = (await client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body as { LgID: number };
    const created = await client.post('/api/v1/books', { title: 'Zipf', language_id: lang.LgID, text: zipfBook(BOOK_WORDS, 12_000) });
    if (created.status !== 200) throw new Error(`book import failed: ${created.text.slice(0, 200)}`);
    const bookId = created.body.BkID as number;
    const entries = Array.from({ length: 5000 }, (_, i) => ({ word: wordOf(i * 2), meaning: `meaning ${i}` }));
    const dict = await client.upload(
      '/api/v1/local-dictionaries/upload',
      { name: 'zipf.json', data: Buffer.from(JSON.stringify(entries)) },
      { language_id: String(lang.LgID) },
    );
    if (dict.status !== 200) throw new Error(`dictionary import failed: ${dict.text.slice(0, 200)}`);
    for (let from = 0; from < 1000; from += 500) {
      const words = Array.from({ length: 500 }, (_, i) => wordOf(from + i));
      const add = await client.post(`/api/v1/books/${bookId}/terms`, { words });
      if (add.status !== 200) throw new Error(`add terms failed: ${add.text.slice(0, 200)}`);
    }
    const samples: number[] = [];
    const cpu: number[] = [];
    let body: { words: number; n95: number; list: unknown[] } | undefined;
    for (let i = 0; i < sized(8, 3); i++) {
      const c = cpuMs(server.child.pid!);
      const t = now();
      const res = await client.get(`/api/v1/books/${bookId}/coverage`);
      const took = ms(t);
      if (i > 0) cpu.push(cpuMs(server.child.pid!) - c);
      if (res.status !== 200) throw new Error(`coverage failed: ${res.text.slice(0, 200)}`);
      body = res.body;
      if (i > 0) samples.push(took); // the first call warms the statements and the lemma lookup
    }
    if (!body || body.words < 0.99 * BOOK_WORDS || body.list.length !== 100) throw new Error(`unexpected coverage: ${JSON.stringify(body).slice(0, 200)}`);
    report('coverage_list_100k_word_book_ms', Math.round(percentile(samples, 50)), 'ms');
    report('coverage_list_100k_word_book_cpu_ms', Math.round(percentile(cpu, 50)), 'ms');
  } finally {
    await server.stop();
  }
}
