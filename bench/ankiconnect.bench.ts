// Lectio as an AnkiConnect server (issue 29), over real HTTP on 127.0.0.1 in-process, warm, medians:
//   ankiconnect_add_note_ms        one addNote (term, translation, sentence) as Yomitan sends it (version 2), < 5
//   ankiconnect_find_notes_50k_ms  findNotes `"deck:German" "term:…"` over 50,000 terms, < 10
//   ankiconnect_add_notes_1000_ms  one addNotes of 1,000 new notes, < 500
import type { Report } from './run';
import { benchCore, ms, now } from './helpers';
import { createHttpServer } from '../src-main/http/server';
import { rendererDir } from '../src-main/core/paths';
import { importTerms } from '../src-main/modules/terms';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
/** A made-up word for number i (letters only: digits are not word characters). */
const fake = (prefix: string, i: number) => prefix + [...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('');

export default async function run(report: Report): Promise<void> {
  const core = benchCore();
  const server = createHttpServer(core, { rendererDir: rendererDir() });
  try {
    const port = await server.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}/ankiconnect`;
    const post = async (body: unknown) => {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as unknown;
    };
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const ctx = core.context();
    importTerms(
      ctx,
      lang.LgID,
      Array.from({ length: 50_000 }, (_, i) => ({ WoLgID: lang.LgID, WoText: fake('wort', i), WoTranslation: `word ${i}` })),
      { duplicates: 'skip' },
    );
    const note = (word: string) => ({
      deckName: 'German',
      modelName: 'Lectio term',
      fields: { Term: word, Translation: '<ol><li>a word</li><li>another sense</li></ol>', Sentence: `Ich sehe das <b>${word}</b> heute.` },
      tags: ['yomitan'],
      options: { allowDuplicate: false, duplicateScope: 'deck' },
    });

    const adds: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = now();
      const id = await post({ action: 'addNote', version: 2, params: { note: note(fake('neu', i)) } });
      if (typeof id !== 'number') throw new Error(`addNote answered ${JSON.stringify(id)}`);
      if (i >= 10) adds.push(ms(t));
    }
    report('ankiconnect_add_note_ms', median(adds), 'ms');

    const finds: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = now();
      const ids = (await post({ action: 'findNotes', version: 6, params: { query: `"deck:German" "term:${fake('wort', i * 811)}"` } })) as { result: number[] };
      if (ids.result.length !== 1) throw new Error(`findNotes found ${JSON.stringify(ids)}`);
      if (i >= 10) finds.push(ms(t));
    }
    report('ankiconnect_find_notes_50k_ms', median(finds), 'ms');

    const bulks: number[] = [];
    for (let round = 0; round < 5; round++) {
      const notes = Array.from({ length: 1000 }, (_, i) => note(fake(`viel${'abcde'[round]}`, i)));
      const t = now();
      const answer = (await post({ action: 'addNotes', version: 6, params: { notes } })) as { result: number[] | null; error: string | null };
      if (answer.error) throw new Error(answer.error);
      bulks.push(ms(t));
    }
    report('ankiconnect_add_notes_1000_ms', median(bulks), 'ms');
  } finally {
    await server.close();
    core.cleanup();
  }
}
