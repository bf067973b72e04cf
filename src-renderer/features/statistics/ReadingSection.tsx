// Runs in: renderer. Statistics: words read and active reading time per day, with the optional daily goals
// (LingQ's habit) and the form that sets them.
import { useState, type FormEvent } from 'react';
import type { CalendarDay } from '../../../src-shared/activity/streak';
import type { TodayActivity } from '../../../src-shared/contract/statistics';
import { ProgressBar } from '../../components/Page';
import { attempt } from '../../lib/errors';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { ActivityChart, MINUTES_SERIES, WORDS_SERIES } from './charts';
import { t } from '../../lib/i18n';

export const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/** "1 h 05 min", "12 min", "under a minute". */
export function formatDuration(seconds: number): string {
  const m = minutesOf(seconds);
  if (m === 0) return seconds > 0 ? t('stats.underAMinute') : t('stats.minutes', { m: 0 });
  return m >= 60 ? t('stats.hoursMinutes', { h: Math.floor(m / 60), m: String(m % 60).padStart(2, '0') }) : t('stats.minutes', { m });
}

function GoalForm({ goal, onSaved }: { goal: TodayActivity['goal']; onSaved(): void }) {
  const saveSetting = useApp((s) => s.saveSetting);
  const [words, setWords] = useState(goal.words ? String(goal.words) : '');
  const [minutes, setMinutes] = useState(goal.minutes ? String(goal.minutes) : '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await attempt(async () => {
      await saveSetting('dailyGoalWords', words.trim());
      await saveSetting('dailyGoalMinutes', minutes.trim());
      return true;
    });
    if (ok) {
      toast('success', words.trim() || minutes.trim() ? t('stats.dailyGoalSaved') : t('stats.dailyGoalRemoved'));
      onSaved();
    }
  };
  return (
    <form className="goal-form" onSubmit={(e) => void submit(e)}>
      <label className="field">
        <span className="field-label">{t('stats.wordsReadPerDay')}</span>
        <input className="input" type="number" min={0} step={50} placeholder={t('stats.noGoal')} value={words} onChange={(e) => setWords(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">{t('stats.minutesOfReadingPer')}</span>
        <input className="input" type="number" min={0} step={5} placeholder={t('stats.noGoal')} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
      </label>
      <button className="btn" type="submit">
        {t('stats.saveGoal')}
      </button>
    </form>
  );
}

export function ReadingSection({ today, days, onGoalSaved }: { today: TodayActivity; days: CalendarDay[]; onGoalSaved(): void }) {
  const { goal } = today;
  return (
    <section className="card" aria-labelledby="reading-title">
      <div className="card-header">
        <h2 id="reading-title">{t('stats.reading')}</h2>
        <span className="muted">{t('stats.wordsOfTextsMarked')}</span>
      </div>
      {(goal.words || goal.minutes) && (
        <div className="goal-progress" aria-label={t('stats.todaySGoal')}>
          {goal.words && (
            <ProgressBar value={Math.min(1, today.wordsRead / goal.words)} label={t('stats.todayWords', { read: today.wordsRead, count: goal.words })} />
          )}
          {goal.minutes && (
            <ProgressBar
              value={Math.min(1, today.readingSeconds / 60 / goal.minutes)}
              label={t('stats.todayMinutes', { time: formatDuration(today.readingSeconds), minutes: goal.minutes })}
            />
          )}
        </div>
      )}
      <div className="reading-charts">
        <div>
          <h3>{t('stats.wordsReadPerDay')}</h3>
          <ActivityChart days={days} series={WORDS_SERIES} goal={goal.words} height={130} label={t('stats.wordsReadPerDay')} />
        </div>
        <div>
          <h3>{t('stats.minutesOfReadingPer')}</h3>
          <ActivityChart days={days} series={MINUTES_SERIES} goal={goal.minutes} height={130} label={t('stats.minutesOfReadingPer')} />
        </div>
      </div>
      <h3 className="goal-title">{t('stats.dailyGoalOptional')}</h3>
      <GoalForm goal={goal} onSaved={onGoalSaved} />
    </section>
  );
}
