// Runs in: renderer. /profile/statistics: streaks, terms by status per language, daily activity, the year's calendar.
import { useState } from 'react';
import { api } from '../../api/client';
import { useAsync } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { ActivityChart, CalendarHeatmap, DETAILED_SERIES, lastDays, Legend, StatTile, StatusBars, formatDay } from './charts';
import { formatDuration, ReadingSection } from './ReadingSection';
import './stats.css';
import { countOf } from '../../lib/plural';

const RANGES = [30, 90] as const;

export default function StatisticsPage() {
  const [range, setRange] = useState<(typeof RANGES)[number]>(30);
  const { data, error, reload } = useAsync(() => Promise.all([api.call('activity.dashboard', {}), api.call('activity.calendar', { months: 12 })]), []);
  const [dash, calendar] = data ?? [null, null];

  if (error)
    return (
      <Page title="Statistics">
        <EmptyState title="Statistics could not be loaded">{error}</EmptyState>
      </Page>
    );
  if (!dash || !calendar)
    return (
      <Page title="Statistics">
        <Spinner />
      </Page>
    );

  const { streak, today } = dash;
  return (
    <Page title="Statistics" subtitle={`Your progress, day by day (time zone ${calendar.timezone}).`}>
      <div className="stat-grid">
        <StatTile
          label="Current streak"
          tone="fire"
          value={`${countOf(streak.current, 'day', 'days')}`}
          hint={streak.current > 0 && !streak.activeToday ? 'Do something today to keep it' : streak.activeToday ? 'Today counts already' : 'Start one today'}
        />
        <StatTile
          label="Best streak"
          value={`${countOf(streak.best, 'day', 'days')}`}
          hint={streak.lastActiveDate ? `Last active ${formatDay(streak.lastActiveDate)}` : 'No activity yet'}
        />
        <StatTile
          label="Today"
          tone="accent"
          value={today.total}
          hint={`${today.termsCreated} created · ${today.termsReviewed} reviewed · ${today.textsRead} read`}
        />
        <StatTile label="Last 12 months" value={calendar.totals.activeDays} hint={`active days · ${calendar.totals.termsReviewed.toLocaleString()} reviews`} />
        <StatTile
          label="Terms created one by one"
          value={calendar.totals.termsCreated.toLocaleString()}
          hint={`last 12 months · ${today.termsCreated.toLocaleString()} today`}
        />
        <StatTile
          label="Marked known / ignored"
          value={`${calendar.totals.markedKnown.toLocaleString()} / ${calendar.totals.markedIgnored.toLocaleString()}`}
          hint={`with “All known” and “Ignore all” · today ${today.markedKnown.toLocaleString()} / ${today.markedIgnored.toLocaleString()}`}
        />
        <StatTile
          label="Words read today"
          value={today.wordsRead.toLocaleString()}
          hint={`${today.goal.words ? `goal ${today.goal.words.toLocaleString()} · ` : ''}${calendar.totals.wordsRead.toLocaleString()} in 12 months`}
        />
        <StatTile
          label="Reading time today"
          value={formatDuration(today.readingSeconds)}
          hint={`${today.goal.minutes ? `goal ${today.goal.minutes} min · ` : ''}${formatDuration(calendar.totals.readingSeconds)} in 12 months`}
        />
      </div>

      <section className="card" aria-labelledby="chart-title">
        <div className="card-header">
          <h2 id="chart-title">Daily activity</h2>
          <div className="segmented" role="group" aria-label="Range">
            {RANGES.map((r) => (
              <button key={r} className={`btn btn-small${range === r ? ' btn-primary' : ''}`} aria-pressed={range === r} onClick={() => setRange(r)}>
                {r} days
              </button>
            ))}
          </div>
        </div>
        <ActivityChart days={lastDays(calendar.days, range)} series={DETAILED_SERIES} />
        <Legend series={DETAILED_SERIES} />
      </section>

      <ReadingSection today={today} days={lastDays(calendar.days, range)} onGoalSaved={reload} />

      <section className="card" aria-labelledby="calendar-title">
        <div className="card-header">
          <h2 id="calendar-title">Calendar</h2>
          <span className="muted">
            {formatDay(calendar.from)} – {formatDay(calendar.to)}
          </span>
        </div>
        <CalendarHeatmap days={calendar.days} max={calendar.max} />
      </section>

      <section className="card" aria-labelledby="status-title">
        <div className="card-header">
          <h2 id="status-title">Terms by status</h2>
          {dash.dueToday > 0 && (
            <Link className="btn btn-small" to="/review">
              Review {dash.dueToday} due
            </Link>
          )}
        </div>
        {dash.languages.length === 0 ? (
          <p className="muted">
            No languages yet. <Link to="/languages/new">Add one</Link> to start.
          </p>
        ) : (
          <StatusBars languages={dash.languages} />
        )}
      </section>
    </Page>
  );
}
