// Books, measured on the built server (dist/main/serve.js, so the EPUB parse runs in the bundled worker as in the
// app) over real HTTP:
//   book_import_epub_ms       — POST /api/v1/books of a generated 300-chapter EPUB (~1 MB of text): upload, parse
//                               in the worker, one transaction storing 300 parsed texts. Target < 1,000 ms.
//   book_preview_epub_ms      — POST /api/v1/books/preview of that EPUB: parse in the worker, then each chapter's
//                               words counted by the language's tokenizer in main (what the stored book will
//                               count); its _cpu_ms twin is the server's CPU time for it.
//   book_page_300_chapters_ms — GET /api/v1/books/{id} of that book (per-chapter words/unknown/known), median.
//                               Target < 50 ms.
//   book_import_epub_cpu_ms   — the server process's CPU time (user + system, all its threads) for that import:
//                               what a loaded machine inflates least.
//   book_import_alice_with_images_ms — POST /api/v1/books of the Alice fixture (11 chapters, 28 pictures checked
//                               in the worker and stored in the media store). Target < 1,500 ms; its _cpu_ms twin
//                               is the server's CPU time for it.
//   book_import_pdf_300_pages_ms — POST /api/v1/books of a generated 300-page PDF (30 bookmarked chapters, a running
//                               header and page numbers): pdf.js reads every page in the worker, the layout makes
//                               reading text, then the 30 chapters are stored and parsed. Target < 5,000 ms; its
//                               _cpu_ms twin is the server's CPU time for it.
//   kindle_vocab_import_5000_lookups_ms — POST /api/v1/terms/import of a Kindle vocab.db (real SQLite, made by
//                               better-sqlite3) of 5,000 lookups of 5,000 German words in 50 books: read by sql.js in
//                               the worker, 5,000 status-1 terms stored with their sentences. Target < 2,000 ms; its _cpu_ms twin is the
//                               server's CPU time (all threads, the worker's too).
//   book_import_peak_rss_mb   — peak RSS of the server process above idle while importing a 90 MB EPUB made mostly
//                               of (incompressible) images. Target < 150 MB.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { makeEpub, prose } from '../tests/helpers/epub';
import { makePdf, proseChapters } from '../tests/helpers/pdf';
import { makeKindleVocab } from '../tests/helpers/ereader';
import { fixture, hasFixtures, TestClient } from '../tests/helpers/core';
import { cpuMs, ms, now, percentile, sized } from './helpers';
import type { Report } from './run';
import { startServeProcess } from './serve-process';

/** The EPUB's chapters, the PDF's chapters (10 pages each), the vocab.db's lookups and the picture book's MB. */
const EPUB_CHAPTERS = sized(300, 30);
const PDF_CHAPTERS = sized(30, 3);
const LOOKUPS = sized(5000, 500);
const PICTURES_MB = sized(90, 10);

const status = (pid: number, key: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function bookOf300Chapters(): Promise<Uint8Array> {
  // ~1 MB of text: 300 chapters of ~560 words (about 3.4 KB each).
  const docs = Array.from({ length: EPUB_CHAPTERS }, (_, i) => ({ path: `c${i + 1}.xhtml`, body: `<h2>Chapter ${i + 1}</h2>${prose(560, i + 7)}` }));
  return makeEpub({ title: 'Bench 300', language: 'en', docs, nav: docs.map((d, i) => ({ title: `Chapter ${i + 1}`, href: d.path })) });
}

async function mostlyImages(mb: number): Promise<Uint8Array> {
  const extra: Record<string, Uint8Array> = {};
  const images = Math.round(mb / 2);
  for (let i = 0; i < images; i++) extra[`OEBPS/images/i${i}.jpg`] = new Uint8Array(crypto.randomBytes(2 * 1024 * 1024));
  const docs = Array.from({ length: 20 }, (_, i) => ({
    path: `c${i + 1}.xhtml`,
    // A quick run's few pictures are each shown in several chapters.
    body: `<h2>Chapter ${i + 1}</h2><img src="images/i${i % images}.jpg"/>${prose(800, i + 3)}`,
  }));
  return makeEpub({
    title: 'Picture book',
    language: 'en',
    docs,
    nav: docs.map((d, i) => ({ title: `Chapter ${i + 1}`, href: d.path })),
    extra,
    extraCompression: 'STORE',
  });
}

export default async function (report: Report) {
  const server = await startServeProcess();
  try {
    const client = await new TestClient(server.url).init();
    const lang = (await client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body as { LgID: number };
    const upload = (name: string, data: Uint8Array) => client.upload('/api/v1/books', { name, data }, { language_id: String(lang.LgID) });

    // Warm-up: the worker bundle, the tokenizer and the statements are loaded once, as in a running app.
    const warm = await upload('warm.epub', await makeEpub({ title: 'Warm', docs: [{ path: 'a.xhtml', body: prose(200) }] }));
    if (warm.status !== 200) throw new Error(`warm-up import failed: ${warm.text}`);

    const epub = await bookOf300Chapters();
    // The preview counts each chapter's words with the language's parser (issue 31, item 6), as the import will.
    const previewCpu = cpuMs(server.child.pid!);
    const tp = now();
    const preview = await client.upload('/api/v1/books/preview', { name: 'bench300.epub', data: epub }, { language_id: String(lang.LgID) });
    const previewMs = ms(tp);
    if (preview.status !== 200 || preview.body.counted_with !== lang.LgID)
      throw new Error(`300-chapter preview failed: ${preview.status} ${preview.text.slice(0, 200)}`);
    report('book_preview_epub_ms', Math.round(previewMs), 'ms');
    report('book_preview_epub_cpu_ms', cpuMs(server.child.pid!) - previewCpu, 'ms');

    const cpu = cpuMs(server.child.pid!);
    const t = now();
    const res = await upload('bench300.epub', epub);
    const importMs = ms(t);
    const importCpuMs = cpuMs(server.child.pid!) - cpu;
    if (res.status !== 200 || res.body.BkChapterCount !== EPUB_CHAPTERS) throw new Error(`300-chapter import failed: ${res.status} ${res.text.slice(0, 200)}`);
    report('book_import_epub_ms', Math.round(importMs), 'ms');
    report('book_import_epub_cpu_ms', importCpuMs, 'ms');

    const id = res.body.BkID as number;
    // The first read after the import counts every occurrence; later ones come from the counts cache
    // (cleared whenever terms change), so both are shown.
    const cold = now();
    await client.get(`/api/v1/books/${id}`);
    report('book_page_300_chapters_cold_ms', Math.round(ms(cold)), 'ms');
    for (let i = 0; i < sized(5, 1); i++) await client.get(`/api/v1/books/${id}`);
    const samples: number[] = [];
    for (let i = 0; i < sized(30, 3); i++) {
      const s = now();
      const page = await client.get(`/api/v1/books/${id}`);
      samples.push(ms(s));
      if (page.body.chapters.length !== EPUB_CHAPTERS) throw new Error('book page lacks chapters');
    }
    report('book_page_300_chapters_ms', Math.round(percentile(samples, 50) * 10) / 10, 'ms');

    if (hasFixtures) {
      const alice = new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub')));
      const aliceCpu = cpuMs(server.child.pid!);
      const started = now();
      const imported = await upload('alice.epub', alice);
      const aliceMs = ms(started);
      const aliceCpuMs = cpuMs(server.child.pid!) - aliceCpu;
      if (imported.status !== 200 || imported.body.pictures.length !== 28)
        throw new Error(`Alice import failed: ${imported.status} ${imported.text.slice(0, 200)}`);
      report('book_import_alice_with_images_ms', Math.round(aliceMs), 'ms');
      report('book_import_alice_with_images_cpu_ms', aliceCpuMs, 'ms');
    }

    // 30 chapters of 48 six-line paragraphs at 30 lines a page: 300 pages.
    const pdf = makePdf({ title: 'Bench PDF', chapters: proseChapters(PDF_CHAPTERS, 48), outline: true, header: 'Bench PDF', linesPerPage: 30 });
    const pdfCpu = cpuMs(server.child.pid!);
    const tPdf = now();
    const pdfBook = await upload('bench300.pdf', pdf);
    const pdfMs = ms(tPdf);
    if (pdfBook.status !== 200 || pdfBook.body.BkChapterCount !== PDF_CHAPTERS)
      throw new Error(`300-page PDF import failed: ${pdfBook.status} ${pdfBook.text.slice(0, 200)}`);
    report('book_import_pdf_300_pages_ms', Math.round(pdfMs), 'ms');
    report('book_import_pdf_300_pages_cpu_ms', cpuMs(server.child.pid!) - pdfCpu, 'ms');

    const german = (await client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body as { LgID: number };
    const books = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`b${i}`, { title: `Buch ${i}`, lang: 'de' }]));
    const vocab = makeKindleVocab(
      Array.from({ length: LOOKUPS }, (_, i) => ({ word: `wort${i}`, lang: 'de', usage: `Das ist das wort${i} in einem Satz.`, book: `b${i % 50}` })),
      books,
    );
    const vocabCpu = cpuMs(server.child.pid!);
    const tVocab = now();
    const vocabRes = await client.upload('/api/v1/terms/import', { name: 'vocab.db', data: vocab }, { language_id: String(german.LgID) });
    const vocabMs = ms(tVocab);
    if (vocabRes.status !== 200 || vocabRes.body.created !== LOOKUPS)
      throw new Error(`vocab.db import failed: ${vocabRes.status} ${vocabRes.text.slice(0, 200)}`);
    report('kindle_vocab_import_5000_lookups_ms', Math.round(vocabMs), 'ms');
    report('kindle_vocab_import_5000_lookups_cpu_ms', cpuMs(server.child.pid!) - vocabCpu, 'ms');

    const big = await mostlyImages(PICTURES_MB);
    await new Promise((r) => setTimeout(r, 300));
    const idle = status(server.child.pid!, 'VmRSS');
    // Reset the peak (VmHWM) of the server process to its current RSS.
    fs.writeFileSync(`/proc/${server.child.pid!}/clear_refs`, '5');
    const imported = await upload('pictures.epub', big);
    if (imported.status !== 200) throw new Error(`90 MB import failed: ${imported.status} ${imported.text.slice(0, 200)}`);
    report('book_import_peak_rss_mb', Math.round(status(server.child.pid!, 'VmHWM') - idle), 'MB');
  } finally {
    await server.stop();
  }
}
