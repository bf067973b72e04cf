// Bench: backup and restore of a large library (50k terms, 1M word occurrences in 200 texts), and of a library
// with a 300 MB audio file over HTTP: peak RSS above idle during the streamed download and restore.
import fs from 'node:fs';
import path from 'node:path';
import { rendererDir } from '../src-main/core/paths';
import { createHttpServer } from '../src-main/http/server';
import type { FileResult } from '../src-shared/contract/endpoint';
import { downloadTo, fileSha256, loopLag, sampleRss, session, uploadFrom, writeBigFile } from '../tests/helpers/streams';
import type { Report } from './run';
import { benchCore, ms, now, sized } from './helpers';

/** The library's terms, texts and occurrences per text, and the audio file's size (smaller in a quick run). */
const TERMS = sized(50_000, 5_000);
const TEXTS = sized(200, 20);
const OCCURRENCES_PER_TEXT = 5000;
const MEDIA_MB = sized(300, 30);

export default async function (report: Report) {
  // First, while the process is fresh: RSS freed by an earlier part (and kept by the allocator) would hide growth.
  await largeMedia(report);
  await largeLibrary(report);
}

async function largeLibrary(report: Report) {
  const core = benchCore({ BACKUP_RESTORE_ENABLED: 'true' });
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const at = Date.now();
    const db = core.sqlite;
    db.transaction(() => {
      const word = db.prepare(
        `INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoSentence, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const form = db.prepare('INSERT INTO token_forms (TfLgID, TfTextLC) VALUES (?, ?)');
      for (let i = 0; i < TERMS; i++) {
        word.run(lang.LgID, `wort${i}`, `wort${i}`, (i % 5) + 1, `word ${i}`, `Ein {wort${i}} im Satz.`, at, at, at);
        form.run(lang.LgID, `wort${i}`);
      }
      const text = db.prepare(`INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, ?, ?, ?)`);
      const occ = db.prepare('INSERT INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2WoID) VALUES (?, ?, ?, 1, ?)');
      for (let t = 0; t < TEXTS; t++) {
        const id = Number(text.run(lang.LgID, `Text ${t}`, 'wort '.repeat(OCCURRENCES_PER_TEXT), at, at).lastInsertRowid);
        for (let o = 0; o < OCCURRENCES_PER_TEXT; o++) {
          const f = ((t * OCCURRENCES_PER_TEXT + o) * 7919) % TERMS;
          occ.run(id, f + 1, o, o % 3 === 0 ? null : f + 1);
        }
      }
    })();

    let t = now();
    const file = (await core.dispatch('backup.download', {})) as FileResult;
    report('backup_50k_terms_1m_occurrences_ms', ms(t), 'ms');
    report('backup_50k_terms_1m_occurrences_size_mb', file.data.length / 1024 / 1024, 'MB');

    t = now();
    await core.dispatch('backup.restore', { file: { filename: file.filename, data: file.data } }, undefined, 'http');
    report('restore_same_ms', ms(t), 'ms');
    const n = (core.sqlite.prepare('SELECT count(*) AS n FROM word_occurrences').get() as { n: number }).n;
    if (n !== TEXTS * OCCURRENCES_PER_TEXT) throw new Error(`restore lost rows: ${n} occurrences`);
  } finally {
    core.cleanup();
  }
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

async function largeMedia(report: Report) {
  const core = benchCore({ BACKUP_RESTORE_ENABLED: 'true' });
  const server = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await server.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  const archive = path.join(core.dataDir, '..', `${path.basename(core.dataDir)}-backup.zip`);
  try {
    await core.dispatch('languages.create', { LgName: 'German' });
    const media = path.join(core.dataDir, 'media', 'audio', 'long.mp3');
    fs.mkdirSync(path.dirname(media), { recursive: true });
    const sha = writeBigFile(media, MEDIA_MB * 1024 * 1024);
    const auth = await session(base);

    let rss = sampleRss();
    let lag = loopLag();
    let cpu = process.cpuUsage();
    let t = now();
    const got = await downloadTo(`${base}/api/v1/backup`, auth.cookie, archive);
    report('backup_300mb_media_ms', ms(t), 'ms');
    report('backup_300mb_media_cpu_ms', cpuMs(cpu), 'ms CPU (server and client in one process)');
    report('backup_300mb_media_loop_lag_ms', lag.stop(), 'ms worst');
    report('backup_300mb_media_peak_rss_mb', rss.stop(), 'MB above idle');
    if (got.status !== 200) throw new Error(`backup answered ${got.status}`);

    fs.rmSync(media);
    rss = sampleRss();
    lag = loopLag();
    cpu = process.cpuUsage();
    t = now();
    const restored = await uploadFrom(`${base}/api/v1/backup/restore`, auth, archive, 'backup.zip');
    report('restore_300mb_media_ms', ms(t), 'ms');
    report('restore_300mb_media_cpu_ms', cpuMs(cpu), 'ms CPU (server and client in one process)');
    report('restore_300mb_media_loop_lag_ms', lag.stop(), 'ms worst');
    report('restore_300mb_media_peak_rss_mb', rss.stop(), 'MB above idle');
    if (restored.status !== 200) throw new Error(`restore answered ${restored.status}: ${JSON.stringify(restored.body)}`);
    if ((await fileSha256(media)) !== sha) throw new Error('the restored audio differs');
  } finally {
    await server.close();
    core.cleanup();
    fs.rmSync(archive, { force: true });
  }
}
