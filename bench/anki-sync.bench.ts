// Sending to Anki (AnkiConnect client): 1,000 terms sent page by page to the in-memory fake AnkiConnect of the tests
// on 127.0.0.1 (real HTTP, real multi batches), the same 1,000 sent again (all unchanged: lookups only), and the
// statuses of their 1,000 cards read back and applied. The fake's own work is small next to ours but is included.
import type { Report } from './run';
import { benchCore, ms, now } from './helpers';
import { importFromSource } from '../src-main/modules/terms/import';
import { createLanguage } from '../src-main/modules/languages/service';
import { saveSetting } from '../src-main/modules/settings';
import { sendToAnki } from '../src-main/modules/anki-sync/send';
import { pullStatuses } from '../src-main/modules/anki-sync/statuses';
import { FakeAnkiConnect } from '../tests/helpers/fake-ankiconnect';

const TERMS = 1000;

export default async function (report: Report) {
  const core = benchCore();
  const anki = await new FakeAnkiConnect().start();
  try {
    const ctx = core.context();
    saveSetting(ctx, 'ankiConnectUrl', anki.url);
    const lg = createLanguage(ctx, { LgName: 'Bench Anki', LgIsoCode: 'de' }).LgID;
    const letters = (i: number) => [...i.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
    await importFromSource(ctx, {
      language_id: lg,
      text: Array.from({ length: TERMS }, (_, i) => `wort${letters(i)}\tword ${i}\tDas wort${letters(i)} hier.`).join('\n'),
      delimiter: 'tab',
      columns: ['term', 'translation', 'sentence'],
      has_header: false,
    });
    const sendAll = async () => {
      let page: number | null = 1;
      let added = 0;
      while (page !== null) {
        const r = await sendToAnki(ctx, { filter: { language_id: lg }, page });
        added += r.added;
        page = r.next_page;
      }
      return added;
    };
    let t = now();
    const added = await sendAll();
    report('anki_send_1000_terms_ms', ms(t), 'ms');
    if (added !== TERMS) throw new Error(`expected ${TERMS} added, got ${added}`);
    t = now();
    await sendAll();
    report('anki_resend_1000_unchanged_ms', ms(t), 'ms');
    for (const note of anki.notes.values()) anki.study(note.id, { type: 2, queue: 2, ivl: note.id % 30 });
    t = now();
    const statuses = await pullStatuses(ctx);
    report('anki_statuses_1000_cards_ms', ms(t), 'ms');
    if (statuses.terms !== TERMS) throw new Error(`expected ${TERMS} terms, got ${statuses.terms}`);
  } finally {
    await anki.close();
    core.cleanup();
  }
}
