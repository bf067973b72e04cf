// Sentence translation (issue 49), warm, in-process through the core's dispatch (input parsing, the language, the
// settings and the cache query: what a second press of G costs before the HTTP hop), median of 200:
//   sentence_translation_cached_ms  a sentence already translated, with 50,000 translations kept, < 5
//   translate_all_progress_ms       "Translate all sentences"' progress (asked every 700 ms while the job runs): a
//                                   2,000-sentence text, every sentence kept, counted from the cache (median of 20)
import type { Report } from './run';
import { benchCore, ms, now } from './helpers';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

export default async function run(report: Report): Promise<void> {
  const core = benchCore();
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'German', LgIsoCode: 'de' })) as { LgID: number };
    // A provider that is never reached: every answer below comes from the cache.
    await core.dispatch('translation.saveSettings', { providers: [{ kind: 'libretranslate', url: 'http://127.0.0.1:1' }], target: 'en' });
    const insert = core.sqlite.prepare(
      "INSERT INTO translations (TrUsID, TrText, TrSource, TrTarget, TrProvider, TrTranslation, TrCreated) VALUES (NULL, ?, 'de', 'en', 'libretranslate', ?, 0)",
    );
    core.sqlite.transaction(() => {
      for (let i = 0; i < 50_000; i++)
        insert.run(`Das ist der Satz Nummer ${i}, mit ein paar Wörtern mehr.`, `This is sentence number ${i}, with a few more words.`);
    })();
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const t = now();
      const answer = (await core.dispatch('translation.translate', {
        language_id: lang.LgID,
        text: `Das ist der Satz Nummer ${(i * 7919) % 50_000}, mit ein paar Wörtern mehr.`,
      })) as { cached: boolean };
      if (!answer.cached) throw new Error('not served from the cache');
      if (i >= 20) times.push(ms(t));
    }
    report('sentence_translation_cached_ms', median(times), 'ms');

    const SENTENCES = 2_000;
    const sentence = (i: number) => `Der Satz ${i} ist kurz.`;
    const text = (await core.dispatch('texts.create', {
      TxLgID: lang.LgID,
      TxTitle: 'Lang',
      TxText: Array.from({ length: SENTENCES }, (_, i) => sentence(i)).join(' '),
    })) as { TxID: number };
    core.sqlite.transaction(() => {
      for (let i = 0; i < SENTENCES; i++) insert.run(sentence(i), `Sentence ${i} is short.`);
    })();
    const progress: number[] = [];
    for (let i = 0; i < 22; i++) {
      const t = now();
      const job = (await core.dispatch('translation.textJob', { id: text.TxID })) as { done: number; total: number };
      if (job.total !== SENTENCES || job.done !== SENTENCES) throw new Error(`progress ${job.done} of ${job.total}`);
      if (i >= 2) progress.push(ms(t));
    }
    report('translate_all_progress_ms', median(progress), 'ms');
  } finally {
    core.cleanup();
  }
}
