// Bench: backup and restore of a large library (50k terms, 1M word occurrences in 200 texts).
import type { FileResult } from '../src-shared/contract/endpoint';
import type { Report } from './run';
import { benchCore, ms, now } from './helpers';

export default async function (report: Report) {
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
      for (let i = 0; i < 50_000; i++) {
        word.run(lang.LgID, `wort${i}`, `wort${i}`, (i % 5) + 1, `word ${i}`, `Ein {wort${i}} im Satz.`, at, at, at);
        form.run(lang.LgID, `wort${i}`);
      }
      const text = db.prepare(`INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, ?, ?, ?)`);
      const occ = db.prepare('INSERT INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2WoID) VALUES (?, ?, ?, 1, ?)');
      for (let t = 0; t < 200; t++) {
        const id = Number(text.run(lang.LgID, `Text ${t}`, 'wort '.repeat(5000), at, at).lastInsertRowid);
        for (let o = 0; o < 5000; o++) {
          const f = ((t * 5000 + o) * 7919) % 50_000;
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
    if (n !== 1_000_000) throw new Error(`restore lost rows: ${n} occurrences`);
  } finally {
    core.cleanup();
  }
}
