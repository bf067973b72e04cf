// Runs in: renderer. Statistics: words read and active reading time per day, with the optional daily goals
// (LingQ's habit) and the form that sets them.
import { useState, type FormEvent } from 'react';
import type { CalendarDay } from '../../../src-shared/activity/streak';
import type { TodayActivity } from '../../../src-shared/contract/activity';
import { ProgressBar } from '../../components/Page';
import { attempt } from '../../lib/errors';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { countOf } from '../../lib/plural';
import { ActivityChart, MINUTES_SERIES, WORDS_SERIES } from './charts';

export const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/** "1 h 05 min", "12 min", "under a minute". */
export function formatDuration(seconds: number): string {
  const m = minutesOf(seconds);
  if (m === 0) return seconds > 0 ? 'under a minute' : '0 min';
  return m >= 60 ? `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min` : `${m} min`;
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
      toast('success', words.trim() || minutes.trim() ? 'Daily goal saved' : 'Daily goal removed');
      onSaved();
    }
  };
  return (
    <form className="goal-form" onSubmit={(e) => void submit(e)}>
      <label className="field">
        <span className="field-label">Words read per day</span>
        <input className="input" type="number" min={0} step={50} placeholder="No goal" value={words} onChange={(e) => setWords(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">Minutes of reading per day</span>
        <input className="input" type="number" min={0} step={5} placeholder="No goal" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
      </label>
      <button className="btn" type="submit">
        Save goal
      </button>
    </form>
  );
}

export function ReadingSection({ today, days, onGoalSaved }: { today: TodayActivity; days: CalendarDay[]; onGoalSaved(): void }) {
  const { goal } = today;
  return (
    <section className="card" aria-labelledby="reading-title">
      <div className="card-header">
        <h2 id="reading-title">Reading</h2>
        <span className="muted">Words of texts marked read · time with the reader open and in use (idle time not counted)</span>
      </div>
      {(goal.words || goal.minutes) && (
        <div className="goal-progress" aria-label="Today's goal">
          {goal.words && (
            <ProgressBar
              value={Math.min(1, today.wordsRead / goal.words)}
              label={`Today ${today.wordsRead.toLocaleString()} of ${countOf(goal.words, 'word')} read`}
            />
          )}
          {goal.minutes && (
            <ProgressBar
              value={Math.min(1, today.readingSeconds / 60 / goal.minutes)}
              label={`Today ${formatDuration(today.readingSeconds)} of ${goal.minutes} min reading`}
            />
          )}
        </div>
      )}
      <div className="reading-charts">
        <div>
          <h3>Words read per day</h3>
          <ActivityChart days={days} series={WORDS_SERIES} goal={goal.words} height={130} label="Words read per day" />
        </div>
        <div>
          <h3>Minutes of reading per day</h3>
          <ActivityChart days={days} series={MINUTES_SERIES} goal={goal.minutes} height={130} label="Minutes of reading per day" />
        </div>
      </div>
      <h3 className="goal-title">Daily goal (optional)</h3>
      <GoalForm goal={goal} onSaved={onGoalSaved} />
    </section>
  );
}
