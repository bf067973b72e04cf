// Runs in: renderer. /profile/statistics: streaks, terms by status per language, daily activity, known words over
// time, the year's calendar.
import { useState } from 'react';
import { api } from '../../api/client';
import { useAsync } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { ActivityChart, CalendarHeatmap, DETAILED_SERIES, lastDays, Legend, StatTile, StatusBars, formatDay } from './charts';
import { KnownWordsSection } from './KnownWordsSection';
import { formatDuration, ReadingSection } from './ReadingSection';
import './statistics.css';
import { formatNumber, t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

const RANGES = [30, 90] as const;

export default function StatisticsPage() {
  const [range, setRange] = useState<(typeof RANGES)[number]>(30);
  const { data, error, reload } = useAsync(() => Promise.all([api.call('activity.dashboard', {}), api.call('activity.calendar', { months: 12 })]), []);
  const [dash, calendar] = data ?? [null, null];

  if (error)
    return (
      <Page title={t('stats.statistics')}>
        <EmptyState title={t('stats.statisticsCouldNotBe')}>{error}</EmptyState>
      </Page>
    );
  if (!dash || !calendar)
    return (
      <Page title={t('stats.statistics')}>
        <Spinner />
      </Page>
    );

  const { streak, today } = dash;
  return (
    <Page title={t('stats.statistics')} subtitle={t('stats.subtitle', { zone: calendar.timezone })}>
      <div className="stat-grid">
        <StatTile
          label={t('stats.currentStreak')}
          tone="fire"
          value={t('home.days', { count: streak.current })}
          hint={
            streak.current > 0 && !streak.activeToday
              ? t('stats.doSomethingTodayTo')
              : streak.activeToday
                ? t('stats.todayCountsAlready')
                : t('stats.startOneToday')
          }
        />
        <StatTile
          label={t('stats.bestStreak')}
          value={t('home.days', { count: streak.best })}
          hint={streak.lastActiveDate ? t('stats.lastActive', { day: formatDay(streak.lastActiveDate) }) : t('stats.noActivityYet')}
        />
        <StatTile
          label={t('stats.today')}
          tone="accent"
          value={today.total}
          hint={[
            t('stats.todayCreated', { count: today.termsCreated }),
            t('stats.todayReviewed', { count: today.termsReviewed }),
            t('stats.todayRead', { count: today.textsRead }),
          ].join(' · ')}
        />
        <StatTile label={t('stats.last12Months')} value={calendar.totals.activeDays} hint={t('stats.activeDays', { count: calendar.totals.termsReviewed })} />
        <StatTile
          label={t('stats.termsCreatedOneBy')}
          value={formatNumber(calendar.totals.termsCreated)}
          hint={t('stats.last12Today', { count: today.termsCreated })}
        />
        <StatTile
          label={t('stats.markedKnownIgnored')}
          value={`${formatNumber(calendar.totals.markedKnown)} / ${formatNumber(calendar.totals.markedIgnored)}`}
          hint={t('stats.markedHint', { known: today.markedKnown, ignored: today.markedIgnored })}
        />
        <StatTile
          label={t('stats.wordsReadToday')}
          value={formatNumber(today.wordsRead)}
          hint={`${today.goal.words ? `${t('stats.goal', { count: today.goal.words })} · ` : ''}${t('stats.in12Months', { total: formatNumber(calendar.totals.wordsRead) })}`}
        />
        <StatTile
          label={t('stats.readingTimeToday')}
          value={formatDuration(today.readingSeconds)}
          hint={`${today.goal.minutes ? `${t('stats.goalMinutes', { minutes: today.goal.minutes })} · ` : ''}${t('stats.in12Months', { total: formatDuration(calendar.totals.readingSeconds) })}`}
        />
      </div>

      <section className="card" aria-labelledby="chart-title">
        <div className="card-header">
          <h2 id="chart-title">{t('stats.dailyActivity')}</h2>
          <div className="segmented" role="group" aria-label={t('stats.range')}>
            {RANGES.map((r) => (
              <button key={r} className={`btn btn-small${range === r ? ' btn-primary' : ''}`} aria-pressed={range === r} onClick={() => setRange(r)}>
                {t('home.days', { count: r })}
              </button>
            ))}
          </div>
        </div>
        <ActivityChart days={lastDays(calendar.days, range)} series={DETAILED_SERIES} />
        <Legend series={DETAILED_SERIES} />
      </section>

      <ReadingSection today={today} days={lastDays(calendar.days, range)} onGoalSaved={reload} />

      <KnownWordsSection days={range} />

      <section className="card" aria-labelledby="calendar-title">
        <div className="card-header">
          <h2 id="calendar-title">{t('stats.calendar')}</h2>
          <span className="muted">
            {formatDay(calendar.from)} – {formatDay(calendar.to)}
          </span>
        </div>
        <CalendarHeatmap days={calendar.days} max={calendar.max} />
      </section>

      <section className="card" aria-labelledby="status-title">
        <div className="card-header">
          <h2 id="status-title">{t('stats.termsByStatus')}</h2>
          {dash.dueToday > 0 && (
            <Link className="btn btn-small" to="/review">
              {t('stats.reviewDue', { count: dash.dueToday })}
            </Link>
          )}
        </div>
        {dash.languages.length === 0 ? (
          <p className="muted">{tr('stats.noLanguages', { add: <Link to="/languages/new">{t('stats.addOne')}</Link> })}</p>
        ) : (
          <StatusBars languages={dash.languages} />
        )}
      </section>
    </Page>
  );
}
