// Lectio as an AnkiConnect server (issue 29), over real HTTP on 127.0.0.1 in-process, warm, medians:
//   ankiconnect_add_note_ms        one addNote (term, translation, sentence) as Yomitan sends it (version 2), < 5
//   ankiconnect_find_notes_50k_ms  findNotes `"deck:German" "term:…"` over 50,000 terms, < 10
//   ankiconnect_add_notes_1000_ms  one addNotes of 1,000 new notes, < 500
// And on the 1,000,000-term library of large-library.bench.ts, served by the built server (dist/main/serve.js), with
// Yomitan's collection-wide duplicate check (issue 43):
//   ankiconnect_can_add_20_notes_1m_terms_ms    canAddNotes of 20 notes, duplicateScope 'collection', median, < 20
//   ankiconnect_multi_100_find_notes_1m_terms_ms multi of 100 findNotes `"term:…"` (no deck), median
//   ankiconnect_add_notes_1000_1m_terms_ms      addNotes of 1,000 new notes, collection-wide check
//   server_longest_wait_during_ankiconnect_ms   longest wait of GET /api/v1/version asked one after another while
//                                               those calls and a search of a word anywhere (a scan) run, < 50
//   ankiconnect_longest_hold_ms                 the same longest wait while every other kind of big call runs: notesInfo
//                                               and cardsInfo of 10,000 ids, a multi of 100 notesInfo, findNotes of a
//                                               whole deck and of a wildcard, notesInfo of a whole deck (refused: too
//                                               many), findNotes added:1, and the lemma fill that follows addNotes, < 50
import type { Report } from './run';
import { benchCore, ms, now, sized } from './helpers';
import { createHttpServer } from '../src-main/http/server';
import { rendererDir } from '../src-main/core/paths';
import { importTerms } from '../src-main/modules/terms';
import { buildLibrary, termText, TERMS } from './large-library.bench';
import { longest, pollVersion } from './loop-probe';
import { startServeProcess } from './serve-process';

/** Terms of the small library (storing them is most of this suite's time in a quick run). */
const SMALL_TERMS = sized(50_000, 5_000);
/** After a warm-up or the last big call: the terms' listeners and the lemma fill (a job) run meanwhile. */
const SETTLE_MS = sized(3000, 500);

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
/** A made-up word for number i (letters only: digits are not word characters). */
const fake = (prefix: string, i: number) => prefix + [...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('');

/** The collection-wide duplicate check and big calls on a 1 M-term library, and the server's longest wait meanwhile. */
async function largeLibrary(report: Report): Promise<void> {
  const server = await startServeProcess({}, buildLibrary());
  try {
    const url = `${server.url}/ankiconnect`;
    const post = async (body: unknown) => {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { result: unknown; error: string | null };
      if (answer.error) throw new Error(`${JSON.stringify(body).slice(0, 80)} answered ${answer.error}`);
      return answer.result;
    };
    const note = (word: string) => ({
      deckName: 'English',
      modelName: 'Lectio term',
      fields: { Term: word, Translation: 'a word' },
      options: { allowDuplicate: false, duplicateScope: 'collection' },
    });
    // Warm-up: statements prepared once, and the work a first write starts after a start (statistics of a library
    // that has none, the terms' listeners) done, as in a running app.
    await post({ action: 'canAddNotes', version: 6, params: { notes: [note(termText(1))] } });
    await post({ action: 'addNotes', version: 6, params: { notes: Array.from({ length: 20 }, (_, i) => note(termText(3 * TERMS + i))) } });
    await post({ action: 'findNotes', version: 6, params: { query: 'wjjjjj' } });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const probe = await pollVersion(server.url);
    const checks: number[] = [];
    for (let round = 0; round < sized(30, 5); round++) {
      // Half the notes are terms of the library (duplicates), half new words.
      const notes = Array.from({ length: 20 }, (_, i) =>
        note(i % 2 ? termText(1 + (((round * 20 + i) * 49_999) % TERMS)) : termText(TERMS + 1 + round * 20 + i)),
      );
      const t = now();
      const result = (await post({ action: 'canAddNotes', version: 6, params: { notes } })) as boolean[];
      checks.push(ms(t));
      if (result.filter(Boolean).length !== 10) throw new Error(`canAddNotes answered ${JSON.stringify(result)}`);
    }
    report('ankiconnect_can_add_20_notes_1m_terms_ms', median(checks), 'ms');
    const multis: number[] = [];
    for (let round = 0; round < sized(5, 2); round++) {
      const actions = Array.from({ length: 100 }, (_, i) => ({
        action: 'findNotes',
        version: 6,
        params: { query: `"term:${termText(1 + (((round * 100 + i) * 7919) % TERMS))}"` },
      }));
      const t = now();
      const found = (await post({ action: 'multi', version: 6, params: { actions } })) as { result: number[] }[];
      multis.push(ms(t));
      if (found.some((f) => f.result.length !== 1)) throw new Error('multi findNotes missed a term');
    }
    report('ankiconnect_multi_100_find_notes_1m_terms_ms', median(multis), 'ms');
    const t = now();
    await post({ action: 'addNotes', version: 6, params: { notes: Array.from({ length: 1000 }, (_, i) => note(termText(2 * TERMS + i))) } });
    report('ankiconnect_add_notes_1000_1m_terms_ms', Math.round(ms(t)), 'ms');
    // A word anywhere (no index serves it): read a window of terms a turn.
    await post({ action: 'findNotes', version: 6, params: { query: 'wjjjjj' } });
    report('server_longest_wait_during_ankiconnect_ms', longest(await probe.stop()), 'ms');
    report('ankiconnect_longest_hold_ms', await longestHold(post, server.url), 'ms');
  } finally {
    await server.stop();
  }
}

/** The server's longest wait while every other kind of big call runs (see ankiconnect_longest_hold_ms above). */
async function longestHold(post: (body: unknown) => Promise<unknown>, serverUrl: string): Promise<number> {
  const call = (action: string, params: Record<string, unknown>) => post({ action, version: 6, params });
  const spread = (n: number, from = 0) => Array.from({ length: n }, (_, i) => 1 + from + ((i * 97) % TERMS));
  const probe = await pollVersion(serverUrl);
  await call('notesInfo', { notes: spread(10_000) });
  await call('cardsInfo', { cards: spread(10_000, 1) });
  await call('multi', { actions: Array.from({ length: 100 }, (_, k) => ({ action: 'notesInfo', version: 6, params: { notes: spread(100, k) } })) });
  await call('findNotes', { query: 'deck:English' });
  await call('findNotes', { query: 'term:wb*' });
  await call('findNotes', { query: 'added:1' });
  const refused = await post({ action: 'notesInfo', version: 6, params: { query: 'deck:English' } }).catch((err: Error) => err);
  if (!(refused instanceof Error) || !/more than Lectio answers/.test(refused.message)) throw new Error('notesInfo of a whole deck was answered');
  // New English terms: the lemma fill (a job) follows, on the English table once built; its turns are measured too.
  const notes = Array.from({ length: 200 }, (_, i) => ({ deckName: 'English', modelName: 'Lectio term', fields: { Term: fake('walking', i) } }));
  await call('addNotes', { notes });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return longest(await probe.stop());
}

export default async function run(report: Report): Promise<void> {
  await smallLibrary(report);
  await largeLibrary(report);
}

async function smallLibrary(report: Report): Promise<void> {
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
      Array.from({ length: SMALL_TERMS }, (_, i) => ({ WoLgID: lang.LgID, WoText: fake('wort', i), WoTranslation: `word ${i}` })),
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
    for (let i = 0; i < sized(60, 15); i++) {
      const t = now();
      const id = await post({ action: 'addNote', version: 2, params: { note: note(fake('neu', i)) } });
      if (typeof id !== 'number') throw new Error(`addNote answered ${JSON.stringify(id)}`);
      if (i >= 10) adds.push(ms(t));
    }
    report('ankiconnect_add_note_ms', median(adds), 'ms');

    const finds: number[] = [];
    for (let i = 0; i < sized(60, 15); i++) {
      const t = now();
      const ids = (await post({ action: 'findNotes', version: 6, params: { query: `"deck:German" "term:${fake('wort', (i * 811) % SMALL_TERMS)}"` } })) as {
        result: number[];
      };
      if (ids.result.length !== 1) throw new Error(`findNotes found ${JSON.stringify(ids)}`);
      if (i >= 10) finds.push(ms(t));
    }
    report('ankiconnect_find_notes_50k_ms', median(finds), 'ms');

    const bulks: number[] = [];
    for (let round = 0; round < sized(5, 1); round++) {
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
