// Anki package figures: export of a 50k-term language, and re-import of the same 50k notes with a tenth of
// them edited (suspended card, new translation, new tag) so the update path is measured, not just the scan.
import JSZip from 'jszip';
import type { Report } from './run';
import { benchCore, sized, timeIt } from './helpers';
import { loadSqlJs } from '../src-main/modules/apkg/sqljs';

const TERMS = sized(50_000, 2_000);

export default async function (report: Report) {
  const core = benchCore();
  try {
    const languageId = Number(core.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Benchish', 0)").run().lastInsertRowid);
    const tagIds = ['noun', 'verb', 'common word'].map((t) => Number(core.sqlite.prepare('INSERT INTO tags (TgText) VALUES (?)').run(t).lastInsertRowid));
    const insertWord = core.sqlite.prepare(
      `INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoRomanization, WoNotes, WoSentence, WoCreated, WoModified, WoStatusChanged)
       VALUES (?, ?, ?, ?, ?, '', ?, ?, 0, 0, 0)`,
    );
    const insertTag = core.sqlite.prepare('INSERT INTO word_tag_map (WtWoID, WtTgID) VALUES (?, ?)');
    core.sqlite.transaction(() => {
      for (let i = 0; i < TERMS; i++) {
        const text = `wort${i.toString(36)}`;
        const status = [1, 2, 3, 4, 5, 98, 99][i % 7];
        const id = Number(
          insertWord.run(languageId, text, text, status, `translation ${i}`, i % 3 ? '' : `note ${i}`, i % 2 ? '' : `Ein ${text} im Satz.`).lastInsertRowid,
        );
        if (i % 4 === 0) insertTag.run(id, tagIds[i % 3]);
      }
    })();

    const exported = await timeIt(() => core.dispatch('apkg.export', { lang_id: languageId }) as Promise<{ data: Uint8Array }>);
    report('apkg_export_50k_terms_ms', exported.ms, 'ms');
    report('apkg_export_50k_terms_bytes', exported.value.data.length, 'B');

    // Edit a tenth of the notes as a learner in Anki would, then re-zip the collection as Anki exports it.
    const SQL = await loadSqlJs(core.services);
    const zip = await JSZip.loadAsync(exported.value.data);
    const db = new SQL.Database(await zip.file('collection.anki21')!.async('uint8array'));
    db.run('UPDATE cards SET queue = -1 WHERE id % 10 = 0');
    db.run("UPDATE notes SET tags = ' edited ', flds = replace(flds, 'translation', 'changed') WHERE id % 10 = 1");
    const back = new JSZip();
    back.file('collection.anki21', db.export());
    back.file('media', '{}');
    db.close();
    const data = await back.generateAsync({ type: 'uint8array' });

    const reimported = await timeIt(() => core.dispatch('apkg.reimport', { file: { filename: 'back.apkg', data } }) as Promise<{ updated: number }>);
    report('apkg_reimport_50k_notes_ms', reimported.ms, 'ms');
    report('apkg_reimport_50k_notes_updated', reimported.value.updated, 'notes');
  } finally {
    core.cleanup();
  }
}
