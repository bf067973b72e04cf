import { benchCore, timeIt } from './helpers';
import { loadSqlJs } from '../src-main/modules/apkg/sqljs';
import { buildCollection } from '../src-main/modules/apkg/package-writer';
import { zipEntries } from '../src-main/modules/apkg/zip-writer';
import { listExportTerms } from '../src-main/modules/apkg/repo';
import { noteFieldsForTerm } from '../src-shared/anki/mapping';
import { fieldChecksum, sortFieldText } from '../src-shared/anki/fields';
export default async function () {
  const core = benchCore();
  const languageId = Number(core.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('B', 0)").run().lastInsertRowid);
  const ins = core.sqlite.prepare(`INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoNotes, WoSentence, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, 1, ?, ?, ?, 0,0,0)`);
  core.sqlite.transaction(() => { for (let i = 0; i < 50000; i++) ins.run(languageId, 'wort' + i.toString(36), 'wort' + i.toString(36), 'translation ' + i, i % 3 ? '' : 'note ' + i, i % 2 ? '' : `Ein wort${i.toString(36)} im Satz.`); })();
  const SQL = await loadSqlJs(core.services);
  for (let k = 0; k < 3; k++) {
    const q = await timeIt(() => listExportTerms(core.sqlite, { id: null, username: 'l', role: 'admin' }, languageId, null));
    const f = await timeIt(() => q.value.map(noteFieldsForTerm));
    const c = await timeIt(() => f.value.map((x) => [sortFieldText(x[0]), fieldChecksum(x[0])]));
    const b = await timeIt(() => buildCollection(SQL, { languageId, languageName: 'B', terms: q.value, now: Date.now() }));
    const z = await timeIt(() => zipEntries([{ name: 'a', data: b.value }, { name: 'b', data: b.value }]));
    console.log(`query ${q.ms.toFixed(0)} fields ${f.ms.toFixed(0)} csum ${c.ms.toFixed(0)} build(all) ${b.ms.toFixed(0)} zip ${z.ms.toFixed(0)}`);
  }
  core.cleanup();
}
