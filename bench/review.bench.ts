// Bench: review queue and activity figures on a realistic store (50k terms, a year of activity).
import type { Report } from './run';
import { benchCore, ms, now, percentile, sized } from './helpers';

const DAY = 86_400_000;

export default async function (report: Report) {
  const core = benchCore();
  try {
    await core.dispatch('settings.save', { key: 'timezone', value: 'Europe/Berlin' });
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const at = Date.now();
    // 50k terms: statuses spread over 1-5, 98, 99; status changes spread over the last 200 days.
    const insert = core.sqlite.prepare(
      `INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoSentence, WoCreated, WoModified, WoStatusChanged)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const statuses = [1, 2, 3, 4, 5, 98, 99];
    core.sqlite.transaction(() => {
      for (let i = 0; i < sized(50_000, 5_000); i++) {
        const changed = at - Math.floor(((i * 7919) % 200) * DAY + (i % 1000) * 60_000);
        insert.run(lang.LgID, `wort${i}`, `wort${i}`, statuses[i % 7], i % 10 === 0 ? '' : `word ${i}`, `Ein {wort${i}} im Satz.`, changed, changed, changed);
      }
    })();
    // A year of daily activity.
    const day = new Date(at);
    const addActivity = core.sqlite.prepare(
      'INSERT INTO activity_log (AcUsID, AcDate, AcTermsCreated, AcTermsReviewed, AcTextsRead) VALUES (NULL, ?, ?, ?, ?)',
    );
    core.sqlite.transaction(() => {
      for (let d = 0; d < 400; d++) {
        const t = new Date(day.getTime() - d * DAY).toISOString().slice(0, 10);
        if (d % 5 !== 3) addActivity.run(t, d % 13, d % 29, d % 3);
      }
    })();

    const scope = { lang: lang.LgID };
    const nextSamples: number[] = [];
    for (let i = 0; i < sized(200, 40); i++) {
      const t = now();
      await core.dispatch('review.nextWord', scope);
      nextSamples.push(ms(t));
    }
    report('review_next_word_p50_ms', percentile(nextSamples, 50), 'ms');
    report('review_next_word_p95_ms', percentile(nextSamples, 95), 'ms');

    // Answer-then-next, the loop the review page runs.
    const answerSamples: number[] = [];
    for (let i = 0; i < sized(100, 20); i++) {
      const next = (await core.dispatch('review.nextWord', scope)) as { term: { WoID: number } | null };
      if (!next.term) break;
      const t = now();
      await core.dispatch('review.setStatus', { term_id: next.term.WoID, status: 3 });
      answerSamples.push(ms(t));
    }
    report('review_answer_p50_ms', percentile(answerSamples, 50), 'ms');

    const configSamples: number[] = [];
    for (let i = 0; i < sized(30, 5); i++) {
      const t = now();
      await core.dispatch('review.config', scope);
      configSamples.push(ms(t));
    }
    report('review_config_p50_ms', percentile(configSamples, 50), 'ms');

    const calendarSamples: number[] = [];
    for (let i = 0; i < sized(50, 5); i++) {
      const t = now();
      await core.dispatch('activity.calendar', {});
      calendarSamples.push(ms(t));
    }
    report('activity_calendar_ms', percentile(calendarSamples, 50), 'ms');

    const dashSamples: number[] = [];
    for (let i = 0; i < sized(30, 5); i++) {
      const t = now();
      await core.dispatch('activity.dashboard', {});
      dashSamples.push(ms(t));
    }
    report('activity_dashboard_ms', percentile(dashSamples, 50), 'ms');
  } finally {
    core.cleanup();
  }
}
