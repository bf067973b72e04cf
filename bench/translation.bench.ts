// Sentence translation (issue 49), warm, in-process through the core's dispatch (input parsing, the language, the
// settings and the cache query: what a second press of G costs before the HTTP hop), median of 200:
//   sentence_translation_cached_ms  a sentence already translated, with 50,000 translations kept, < 5
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
  } finally {
    core.cleanup();
  }
}
